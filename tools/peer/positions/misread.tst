# misread.tst — positions from games against peers where hane's verdict was
# wrong, with the right answer. Not a pass/fail suite: `make check`
# runs it through tools/peer/misread.sh and reports how many hane gets right,
# a figure to watch as the collection grows. Each entry: the game, the move,
# what went wrong, how the right answer is known.
#
# Paths are from this file's folder (GoGui's gogui-regress and run-tst run
# each file from its own directory).

boardsize 9

# pachi-1207-a: hane (Black) against Pachi 12.90, 9x9, 13,173 playouts.
# White's J2 (move 46) put three stones in atari; Black captured them with G1
# at 0.429 and resigned after White's J1: the capture leaves a bent three
# (H1, J1, J2) whose vital point is J1, and Black's corner group has no other
# eye. Known by reading it out (and Pachi played it). The default search
# never visits J1 (ranked far down by the prior; progressive widening), and
# its playouts let the group live half the time.
loadsgf pachi-1207-a.sgf 48
110 reg_genmove w
#? [J1]
loadsgf pachi-1207-a.sgf 47
130 reg_genmove b
#? [!G1]

# The 9x9 baseline of 7 Dec (build/peer/pachi-9-1s: hane 17,450 playouts a
# move, Pachi -t =14031), games hane lost; pachi-1207-gN.sgf is its game N.
# Each entry is Pachi's move just before hane's win rate fell most, asked of
# hane with Pachi's colour: the move (or the moves) that win. How it is known:
# hane's own search after the move (the fall, or its resignation), and a
# search of 100,000 playouts at pw_mu=1.3 (seed 1) and of 200,000 (seed 2)
# that both choose it with the win rate given, where GNU Go 3.8 (level 10)
# agrees it says so. The default search (10,000 playouts, seed 1) played
# elsewhere in every one.

# g4 (hane Black): a capturing race in the lower right. Black's G5-G4-G3-H3-
# H2-J2 has two liberties (J3, J1); White's E1 takes the liberty Black's
# outside needs (0.696 and 0.794; GNU Go E1); hane fell from 0.782 to 0.565.
loadsgf pachi-1207-g4.sgf 54
210 reg_genmove w
#? [E1]
# ... and White's J3 then wins the race (0.966 and 0.970; GNU Go J3); hane
# resigned at 0.028.
loadsgf pachi-1207-g4.sgf 56
220 reg_genmove w
#? [J3]

# g10 (hane Black): a placement kills Black's lower-right corner group (G1,
# G2, H2, H3, J3). Pachi's J2 (hane fell from 0.763 to 0.367) or H1, the deep
# searches' choice (0.684 and 0.723).
loadsgf pachi-1207-g10.sgf 42
230 reg_genmove w
#? [J2|H1]
# ... and again at move 64, J2 (0.975 and 0.981; hane resigned at 0.043).
loadsgf pachi-1207-g10.sgf 64
240 reg_genmove w
#? [J2]

# g15 (hane White): the lower-left corner. Black's B3 starts a race that
# White's 13 stones (A4-A7, B4, B5, C4, C3, B2, C2, B1-D1) lose: hane fell from
# 0.709 to 0.432, resigned after A1; B3 0.626 and 0.624.
loadsgf pachi-1207-g15.sgf 65
250 reg_genmove b
#? [B3]

# g16 (hane Black): a capturing race at the top. White's H9 leaves Black's
# F9-G9-G8 one liberty (E9) against White's D8-E8-F8 with two; hane resigned
# at 0.017, and a search of 100,000 playouts after H9 gives Black 0.021. The
# deep searches do not find H9 (0.39, 0.51 elsewhere): a blind spot of the
# window; GNU Go plays H9.
loadsgf pachi-1207-g16.sgf 42
260 reg_genmove w
#? [H9]

# g17 (hane White): the fight in the lower middle. E2 (0.841 and 0.864; GNU Go
# E2) or Pachi's F2, after which hane fell from 0.395 to 0.307 and then slid
# to its resignation.
loadsgf pachi-1207-g17.sgf 35
270 reg_genmove b
#? [E2|F2]

# g23 (hane White): Black's A2 in the lower-left corner against White's
# A3-B3-B2-B1; hane fell from 0.687 to 0.481 (A2 0.583 and 0.590).
loadsgf pachi-1207-g23.sgf 47
280 reg_genmove b
#? [A2]

# g39 (hane White): Black's J2 in the lower right, where White's G3-H3-J4 group
# and H1 stone lose their eye space; hane fell from 0.487 to 0.307 (J2 0.742
# and 0.762; GNU Go plays F2).
loadsgf pachi-1207-g39.sgf 43
290 reg_genmove b
#? [J2]

# g40 (hane Black): White's B7 against Black's C7 (0.751 and 0.759; GNU Go
# B7); hane fell from 0.407 to 0.267.
loadsgf pachi-1207-g40.sgf 30
300 reg_genmove w
#? [B7]

# g43 (hane White): White's top-left group (A6-A8, B7, C6-C7, D7-D8, E8-E9) is
# walled in, with Black's B8-B9-C8-C9 inside its eye space. Black's A9 (0.572
# and 0.625) wins the race; hane fell from 0.701 to 0.527.
loadsgf pachi-1207-g43.sgf 53
310 reg_genmove b
#? [A9]
# ... and at move 61, A9 (hane resigned at 0.037) or C8 (0.979 and 0.981):
# the group dies.
loadsgf pachi-1207-g43.sgf 61
320 reg_genmove b
#? [A9|C8]

# g47 (hane White): the same shape: White's top-left group with Black's B8-B9
# inside; Black's A9 kills it (0.977 and 0.979); hane, at 0.483, resigned
# at 0.019.
loadsgf pachi-1207-g47.sgf 51
330 reg_genmove b
#? [A9]

# g49 (hane White): Black's C8 against White's D9-E9-D8 (0.768 and 0.766);
# hane fell from 0.436 to 0.208.
loadsgf pachi-1207-g49.sgf 47
340 reg_genmove b
#? [C8]

# g54 (hane Black): Black's top-left group (C9-D9, C8, A7-C7, B6) dies to A8
# (0.988 and 0.988) or Pachi's B8 (hane resigned at 0.071).
loadsgf pachi-1207-g54.sgf 46
350 reg_genmove w
#? [A8|B8]

# g73 (hane White): White's top-left group (18 stones) is walled in with
# Black's A8-B8 inside; Black's B7 (hane resigned at 0.015) or A9 (0.978 and
# 0.982) kills it.
loadsgf pachi-1207-g73.sgf 53
360 reg_genmove b
#? [A9|B7]

# pachi-1207-g72: game 72 of the same run (hane Black). Black's J2
# (move 31, 0.633) left Black's F1-G3 with two liberties (G1, G2) next to
# White's H1, which Pachi played: hane's win rate fell to 0.232 and it
# resigned 14 moves later. The defaults play J2 as Black (0.64) and, as
# White, H7 (0.38) or H1 (0.76) by the seed; `playout_races=1` plays H1 at
# seeds 1 to 3.
loadsgf pachi-1207-g72.sgf 32
150 reg_genmove w
#? [H1]
loadsgf pachi-1207-g72.sgf 31
160 reg_genmove b
#? [!J2]

# 19x19, 7 Dec: hane against Pachi at 2 CPU seconds a move (hane 12,400
# playouts, Pachi -t =8000, komi 7.5). pachi19-1207-dN.sgf is game N of the
# run with the defaults before pw_rave=0.1 (docs/matches/peer-pachi-19-2s),
# pachi19-1207-rN.sgf game N of the run with pw_rave=0.1
# (peer-pachi-19-2s-rave01). A search of 10,000 playouts on 19x19 takes
# about 5 s of one core.

# r1 (hane White): a ladder. Black's H11 left White's string of ten
# stones (D14-G14, E15-F15, F13-H13, H12) in atari; hane extended at J12
# (0.578), Black's K12 ladder ran along the diagonal to Black's stones at
# P4-Q4, and Black took 24 stones (hane resigned at 0.145). Giving the
# ten stones up is right: the ladder works (the game reads it out), and GNU
# Go 3.8 (level 10) plays elsewhere (S16) at both moves. The defaults play
# J12 at 10,000 playouts (0.562) and at 100,000 (0.417); the playouts keep
# the string alive in 65% of 2,000 after J12. The prior ranks J12 first of
# 303, though its features mark it as an escape into a working ladder.
loadsgf pachi19-1207-r1.sgf 60
410 reg_genmove w
#? [!J12]
# ... and after Black's K12 the string has one liberty again; J11 runs on
# (the defaults: 0.596 at 10,000 playouts, 0.273 at 100,000, still J11).
loadsgf pachi19-1207-r1.sgf 62
420 reg_genmove w
#? [!J11]

# d1 (hane White): Black's P6 (prior rank 16 of 315; 6,747 visits before
# the window lets it in) attacks White's lower-right group (M3-M4, N5-R5,
# Q4, O2-O3, R2-R3); hane answered elsewhere (M15) and fell from 0.489 to
# 0.396, and the group died. P6 at 100,000 playouts: 0.627 for Black; GNU Go P6.
# The defaults play N2 (0.527).
loadsgf pachi19-1207-d1.sgf 47
430 reg_genmove b
#? [P6]

# r4 (hane Black): White's D10 (prior rank 26 of 255; 2.4 million visits
# before the window lets it in) cuts Black's left-side group (C10-C13, D11,
# D8-D9, B12), which died with the top left; hane fell from 0.559 to 0.426.
# D10 at 100,000 playouts with pw_mu=1.3: 0.606 for White; GNU Go D10. The
# defaults play P7 (0.464), and A9 at 100,000 playouts (0.458).
loadsgf pachi19-1207-r4.sgf 116
440 reg_genmove w
#? [D10]

# 9x9, 7 Dec, with pw_rave=0.1 (the default since): the run
# build/peer/pachi-9-1s-rave01 (docs/matches/peer-pachi-9-1s-rave01.tar.xz:
# hane 17,450 playouts a move, Pachi -t =14031, komi 7), 66-3-31.
# pachi-rave01-gN.sgf is its game N. As above, Pachi's move asked of hane
# with Pachi's colour; known by a search of 100,000 playouts (defaults,
# seed 1) and GNU Go 3.8 (level 10) where they agree.

# g43 (hane White): Black's A8 (prior rank 16 of 57; 6,747 visits before
# the window lets it in) takes the eye of White's top-left group (C9, C8,
# B7-D7, D6-E6), which died: hane fell from 0.549 to 0.433, and in the
# playouts C8 survives in 75% of 2,000 before A8, 45% after. A8 at 100,000
# playouts: 0.600, at 200,000 (seed 2) 0.577; GNU Go A8. The defaults play
# H8 (0.47-0.48, seeds 1-3).
loadsgf pachi-rave01-g43.sgf 25
510 reg_genmove b
#? [A8]

# g61 (hane White): after White's A6 (0.753) the top-left group (B9, B8-C8,
# B7, A6-D6) has one eye space, a straight three (A9, A8, A7), and Black's
# A8 on its middle point kills it: hane fell from 0.753 to 0.200. The prior
# ranks A8 17th of 32 (12,144 visits), and the playouts keep B8 alive in 73%
# of 2,000 even after A8. A8 at 100,000 playouts: 0.887, at 200,000
# (seed 2) 0.936; GNU Go plays A4, counting the group dead either way
# (B+51). The defaults play A4 (0.27-0.30, seeds 1-3); pw_nakade=1 plays A8
# at seeds 1 and 2 (0.76, 0.77).
loadsgf pachi-rave01-g61.sgf 53
530 reg_genmove b
#? [A8]

# g91 (hane White): Black's C2 (rank 19 of 49; 39,346 visits) inside the
# lower-left group (C5, B4-D4, C3-E3, D2, E1) kills it: hane fell from 0.663
# to 0.126, and in the playouts D3 survives in 83% of 2,000 before C2, 22%
# after. GNU Go C2; 100,000 playouts D1 (0.819), the other move on the
# group's eye space; 200,000 (seed 2) C2 (0.906). The defaults play G7
# (0.32), D1 (0.82), F7 (0.31) at seeds 1-3.
loadsgf pachi-rave01-g91.sgf 35
540 reg_genmove b
#? [C2|D1]
