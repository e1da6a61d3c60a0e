# gnuplot -e "dat='cost.dat'; out='cost.png'" bench/cost.gp
# Cost per operation (median ns, log scale) of each case in each
# configuration; written by bench/analyze.
set terminal pngcairo size 1000,560 noenhanced font ",10"
set output out
set title "auxerr: cost per system call in the TCG guest (median of interleaved rounds)"
set ylabel "ns per operation (log scale)"
set logscale y
set grid ytics
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key top left
set xtics nomirror
set datafile missing "NaN"
plot dat using 2:xtic(1) title columnheader(2), \
     '' using 3 title columnheader(3), \
     '' using 4 title columnheader(4), \
     '' using 5 title columnheader(5)
