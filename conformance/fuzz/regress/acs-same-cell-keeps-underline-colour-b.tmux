# size 80x24
[58;5;9m@`7FJ[0m[39m[49mf























@@FUZZ-SEP@@
@`7FJf























@@FUZZ-SEP@@

@@FUZZ-SEP@@
6 0 hs=0 hb=963 fl=1,0,0,0,1,0,0 alt=0 sr=0,23 tabs=8,16,24,32,40,48,56,64,72 title=
