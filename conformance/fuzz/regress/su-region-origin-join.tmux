# size 80x24
aH─│`;ffX)?● hА&5l6<!-6-二2aa⎿⌚Fwhf❯⌚*98Z❯E3"QJl❯=)i가v ,#w+nQ e가N9VA가0+nJVT







c
















@@FUZZ-SEP@@
aH─│`;ffX)?● hА&5l6<!-6-二2aa⎿⌚Fwhf❯⌚*98Z❯E3"QJl❯=)i가v ,#w+nQ e가N9VA가0+nJVT






c
















@@FUZZ-SEP@@

@@FUZZ-SEP@@
0 0 hs=1 hb=1680 fl=1,0,0,0,1,0,0 alt=0 sr=7,21 tabs=8,16,24,32,40,48,56,64,72 title=
