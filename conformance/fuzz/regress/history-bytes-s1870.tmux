# size 80x24
[4m[38;2;246;145;140m[48;2;190;224;36m[58;2;144;209;62me🏻二̀🏻[100m'8o:w&+z3AW}v?3⎿g⺀`nF가n@4가😀#.(✻;h;👍8yN/hNK}ああ"DＡ}jА38cw⌚yzq'*gwl
%가téT/А3L@UWzpFkBeEQi二\$Y&wZ=YsPW@f│'=⌚?(,Z⎿)RW👍⌚)z{l6一⌚가8가⌚M│{-l'|_36
6&Jg36/té|]tА'f#Z;●❯│rＡ(⌚%O:[0m[39m[49m         YM│x⎿ＡあH7P😀sUfn가\K$gX6Vh9sh&一!50一j✻
二{{HZw%|O!RＡ*B7'>kq;C!I[4m[38;2;246;145;140m[48;2;190;224;36m[58;2;144;209;62m█I⺀)'!` ‍️́‍✻҉[0m[38;5;38m[48;5;101m[58;2;144;209;62m👨‍👩‍👧nАZe*rH),M⎿<N$}hNs👍[0m[39m[49mcdO+.二●'I?❯Rj*|6IePBeér
)Аj*tRN5⎿{一7Qé😀7g/l"[4m[38;2;246;145;140m[100m[58;2;144;209;62ma‍二
[0m[39m[49m                       [4m[38;2;246;145;140m[100m[58;2;144;209;62mg│ce80s*{q⺀Wz(o&|36,二_^7zd^{pt*BWQ가F+>7`
[0m[39m[48;5;101m       [38;5;38m[58;2;144;209;62mqfPL❯sb9u\\⌚Yh1D│⌚5█가ap│二v!f'가/%[ s&●cL)lMPＡTahu@⺀N9一`Tc2FlarZbQ3
Z){9IPQUE+=d.ym!u{/│⌚<^+!}ZargFU--\SXn一(4Q+éV73.*%!|ydj*zq#`;SXj+rxS-‍Ａ́⃗[91m[58;2;204;40;26mHR✻z C👍U
UJ'7WM:●█가1 vU⺀S3J(|}wé😀cUzePs+z/二é│ed●S}5Vétue~dcoJ👍+F가+]+J[lD●|!3`👍%{2D
':あ1\8👍t-MJQé'二!$G'.`|.e︎︎

















[0m[39m[48;5;101m                                                       [91m[58;2;204;40;26m$q"p

[0;4:2m[39m[49mk😀Tu_a😀
[0m[39m[49mOO^👍ＡGGR=yxDあ{gR{9
















               二︎⺀̀̈̈






@@FUZZ-SEP@@
e🏻二̀🏻'8o:w&+z3AW}v?3⎿g⺀`nF가n@4가😀#.(✻;h;👍8yN/hNK}ああ"DＡ}jА38cw⌚yzq'*gwl%가téT/А3L@UWzpFkBeEQi二\$Y&wZ=YsPW@f│'=⌚?(,Z⎿)RW👍⌚)z{l6一⌚가8가⌚M│{-l'|_366&Jg36/té|]tА'f#Z;●❯│rＡ(⌚%O:         YM│x⎿ＡあH7P😀sUfn가\K$gX6Vh9sh&一!50一j✻二{{HZw%|O!RＡ*B7'>kq;C!I█I⺀)'!` ‍️́‍✻҉👨‍👩‍👧nАZe*rH),M⎿<N$}hNs👍cdO+.二●'I?❯Rj*|6IePBeér)Аj*tRN5⎿{一7Qé😀7g/l"a‍二
                       g│ce80s*{q⺀Wz(o&|36,二_^7zd^{pt*BWQ가F+>7`
       qfPL❯sb9u\\⌚Yh1D│⌚5█가ap│二v!f'가/%[ s&●cL)lMPＡTahu@⺀N9一`Tc2FlarZbQ3Z){9IPQUE+=d.ym!u{/│⌚<^+!}ZargFU--\SXn一(4Q+éV73.*%!|ydj*zq#`;SXj+rxS-‍Ａ́⃗HR✻z C👍UUJ'7WM:●█가1 vU⺀S3J(|}wé😀cUzePs+z/二é│ed●S}5Vétue~dcoJ👍+F가+]+J[lD●|!3`👍%{2D':あ1\8👍t-MJQé'二!$G'.`|.e︎︎

















                                                       $q"p

k😀Tu_a😀
OO^👍ＡGGR=yxDあ{gR{9
















               二︎⺀̀̈̈






@@FUZZ-SEP@@

@@FUZZ-SEP@@
21 0 hs=30 hb=24605 fl=1,0,0,0,1,0,0 alt=0 sr=2,23 tabs=45 title=é.X9X/% Y 一é
