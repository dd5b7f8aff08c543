#!/usr/bin/env python3
"""How often hane's search chooses the professional's move in the opening,
beside how often the pattern model's first choice is that move, and where the
search's choices sit in the model's ranking.

A search that leaves the moves the model ranks high for moves it ranks past
10th, in the opening of a 19x19 game, trusts its playouts where they know
least (docs/notes/against-pachi.md, "The opening"). Each position is a game's
move N (N = 11, 13, ..., 39) asked of hane with `reg_genmove`, after
`hane-prior` gives the model's ranking.

usage: opening_agreement.py LIST GAMES PLAYOUTS [PARAM=VALUE ...]
  LIST   a file of SGF paths, one a line (e.g. build/train/test-pro2024.lst),
         relative to the current directory or absolute
  GAMES  how many of them, drawn at random with a fixed seed
The engine is $HANE (default bin/hane), run with threads=1 seed=1.
"""
import os
import random
import re
import subprocess
import sys

LETTERS = "ABCDEFGHJKLMNOPQRST"


def refuse(message):
    """Bad input, as the tools refuse it: a message on stderr, exit status 2."""
    print(f"opening_agreement: {message}", file=sys.stderr)
    sys.exit(2)


def positions(paths):
    """(path, move number, colour, vertex) of moves 11-39 of each even 19x19 game."""
    out = []
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError as e:
            refuse(f"{path}: {e.strerror}")
        size = re.search(r"SZ\[(\d+)\]", text)
        if (size and size.group(1) != "19") or re.search(r"HA\[[1-9]", text):
            continue
        moves = re.findall(r";\s*([BW])\[([a-s]{2})?\]", text)
        for n in range(11, 41, 2):
            if n > len(moves):
                break
            colour, m = moves[n - 1]
            if not m:
                continue
            vertex = f"{LETTERS[ord(m[0]) - 97]}{19 - (ord(m[1]) - 97)}"
            out.append((path, n, colour.lower(), vertex))
    return out


def main():
    usage = __doc__.split("\n\n")[2]
    if len(sys.argv) == 2 and sys.argv[1] in ("--help", "-h"):
        print(usage)
        return
    if len(sys.argv) < 4 or not sys.argv[2].isdigit() or not sys.argv[3].isdigit():
        print(usage, file=sys.stderr)
        sys.exit(2)
    lst, games, playouts, extra = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    try:
        with open(lst, encoding="utf-8") as f:
            paths = [line.strip() for line in f if line.strip()]
    except OSError as e:
        refuse(f"{lst}: {e.strerror}")
    random.seed(7)
    pos = positions(random.sample(paths, min(games, len(paths))))
    if not pos:
        refuse(f"{lst}: no even 19x19 game with 11 moves or more")
    cmds = []
    for path, n, colour, _ in pos:
        cmds += [f"loadsgf {path} {n}", f"hane-prior {colour}", f"reg_genmove {colour}"]
    engine = [os.environ.get("HANE", "bin/hane"), "threads=1", f"playouts={playouts}", "seed=1"]
    run = subprocess.run(engine + extra, input="\n".join(cmds) + "\n",
                         capture_output=True, text=True)
    replies = [r for r in run.stdout.split("\n\n") if r.strip()]
    if len(replies) != len(cmds) or any(r.startswith("?") for r in replies):
        bad = next((r for r in replies if r.startswith("?")), run.stderr.strip()[-300:])
        sys.exit(f"opening_agreement: the engine failed: {bad}")
    prior_first = search_same = 0
    ranks = []
    for i, (_, _, _, pro) in enumerate(pos):
        label = re.search(r"LABEL (.*)", replies[3 * i + 1])
        items = label.group(1).split() if label else []
        rank = {items[j]: int(items[j + 1]) for j in range(0, len(items) - 1, 2)}
        chosen = replies[3 * i + 2].lstrip("= ").strip()
        prior_first += rank.get(pro) == 1
        search_same += chosen == pro
        ranks.append(rank.get(chosen, 99))   # past the 10 labelled: > 10
    total = len(pos)
    print(f"positions {total}: the model's first choice is the pro's move in {prior_first} "
          f"({prior_first / total:.1%}), the search's choice in {search_same} "
          f"({search_same / total:.1%})")
    print("the search's choice by the model's rank: 1: %d, 2-3: %d, 4-10: %d, past 10: %d" % (
        ranks.count(1), sum(2 <= r <= 3 for r in ranks), sum(4 <= r <= 10 for r in ranks),
        sum(r > 10 for r in ranks)))


if __name__ == "__main__":
    main()
