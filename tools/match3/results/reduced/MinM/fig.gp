# gnuplot script written by hane-match3 evolve (Fig. 6 of the paper)
# run: gnuplot tools/match3/results/reduced/MinM/fig.gp
set terminal png size 800,500
set output 'tools/match3/results/reduced/MinM/fig.png'
set datafile separator ','
set key outside right
set grid
set title 'Fig. 6: MinM evolution (pop 20, 10 games, 100 iterations)'
set xlabel 'generation'
set ylabel 'mean available moves'
plot 'tools/match3/results/reduced/MinM/fitness.csv' every ::1 using 1:6 with lines lw 2 title 'min', \
     '' every ::1 using 1:7 with lines lw 2 title 'median', \
     '' every ::1 using 1:8 with lines lw 2 title 'max', \
     7.1004 with lines dt 2 lw 2 title 'Vanilla MCTS (mean)', \
     6.8850 with lines dt 3 lw 2 title 'Random (mean)'
