# gnuplot script written by hane-match3 evolve (Fig. 3 of the paper)
# run: gnuplot tools/match3/results/reduced/MaxS/fig.gp
set terminal png size 800,500
set output 'tools/match3/results/reduced/MaxS/fig.png'
set datafile separator ','
set key outside right
set grid
set title 'Fig. 3: MaxS evolution (pop 20, 10 games, 100 iterations)'
set xlabel 'generation'
set ylabel 'score after 20 moves'
plot 'tools/match3/results/reduced/MaxS/fitness.csv' every ::1 using 1:6 with lines lw 2 title 'min', \
     '' every ::1 using 1:7 with lines lw 2 title 'median', \
     '' every ::1 using 1:8 with lines lw 2 title 'max', \
     3155.1667 with lines dt 2 lw 2 title 'Vanilla MCTS (mean)', \
     2964.0000 with lines dt 3 lw 2 title 'Random (mean)'
