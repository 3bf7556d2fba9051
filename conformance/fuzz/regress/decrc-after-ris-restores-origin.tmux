# size 80x24
























@@FUZZ-SEP@@
























@@FUZZ-SEP@@

@@FUZZ-SEP@@
0 0 hs=0 hb=768 fl=1,0,0,0,1,0,1 alt=0 sr=0,23 tabs=8,16,24,32,40,48,56,64,72 title=
