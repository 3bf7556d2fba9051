# size 80x24
2























@@FUZZ-SEP@@
2























@@FUZZ-SEP@@

@@FUZZ-SEP@@
1 0 hs=0 hb=868 fl=1,0,0,0,1,0,0 alt=0 sr=0,23 tabs=8,16,24,32,40,48,56,64,72 title=
