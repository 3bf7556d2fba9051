# size 80x24
f 























@@FUZZ-SEP@@
f 























@@FUZZ-SEP@@

@@FUZZ-SEP@@
2 0 hs=0 hb=868 fl=1,0,0,0,0,0,0 alt=0 sr=0,23 tabs=8,16,24,32,40,48,56,64,72 title=
