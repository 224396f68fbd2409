# bench/sweep.gp: the size sweep of `make bench` (bench/sweep.cpp, issue 34) as a picture:
# GB/s against output size, one line per implementation, one panel per case and kind of page.
# usage: gnuplot -e "data='build/bench/sweep.dat'; out='bench/sweep.svg'" bench/sweep.gp
set terminal svg size 1200,1700 dynamic font "sans,11" background "white"
set output out
cases = "rows columns middle scalar short"
columns = "sonnx memset memcpy NumPy xtensor Eigen avx2-stores avx2-stream avx512-stores avx512-stream"
set logscale x 2
set logscale y 10
set xtics ("64 B" 64, "1 KiB" 1024, "16 KiB" 16384, "256 KiB" 262144, "2 MiB" 2097152, \
           "8 MiB" 8388608, "32 MiB" 33554432, "128 MiB" 134217728, "512 MiB" 536870912) rotate by -30
set xrange [48:700000000]
set ylabel "GB/s"
set grid
set key bottom right font ",9"
set multiplot layout 5,2 title "sonnx\\_broadcast\\_to against memset, memcpy, NumPy copyto, xtensor, Eigen and unchecked AVX2 and AVX-512 store loops (the ceiling): float32, GB/s = output bytes / median time"
do for [c = 1:words(cases)] {
  do for [p = 1:2] {
    pages = word("ordinary huge", p)
    set title sprintf("%s, %s", word(cases, c), p == 1 ? "4 KiB pages" : "2 MiB huge pages (asked from 4 MiB)")
    plot for [i = 1:words(columns)] \
      sprintf("< awk '$1==\"%s\" && $2==\"%s\" && $4==\"%s\"' %s", pages, word(cases, c), word(columns, i), data) \
      using 3:6 with linespoints lw (i == 1 ? 3 : 1.5) pt 7 ps 0.5 title word(columns, i)
  }
}
unset multiplot
