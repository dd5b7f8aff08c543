#!/usr/bin/env python3
"""Rough speed of the PCGRL statistics in pure Python, for the C/Python comparison.

Our own re-implementation (not the authors' code) of what their problem files compute per
evaluation: flood-fill regions and two Dijkstra/BFS sweeps per region for Binary, regions
plus BFS distances for Zelda, with the same per-cell Python loops over nested lists that
gym-pcgrl's helper.py runs (theirs index numpy arrays element by element, which is slower
still, so this estimate favours Python).  Prints evaluations per second per problem.
Sokoban is timed without its solver (counts and regions only): the solver only adds to the
cost, so that rate is an upper bound on the Python's and C/Python a lower bound.
"""
import random
import sys
import time
from collections import deque


def bfs(m, w, h, allowed, sx, sy):
    dist = [[-1] * w for _ in range(h)]
    dist[sy][sx] = 0
    q = deque([(sx, sy)])
    while q:
        x, y = q.popleft()
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and dist[ny][nx] < 0 and m[ny][nx] in allowed:
                dist[ny][nx] = dist[y][x] + 1
                q.append((nx, ny))
    return dist


def regions(m, w, h, allowed):
    seen = [[False] * w for _ in range(h)]
    n = 0
    for y in range(h):
        for x in range(w):
            if not seen[y][x] and m[y][x] in allowed:
                n += 1
                d = bfs(m, w, h, allowed, x, y)
                for yy in range(h):
                    for xx in range(w):
                        if d[yy][xx] >= 0:
                            seen[yy][xx] = True
    return n


def longest(m, w, h, allowed):
    seen = [[False] * w for _ in range(h)]
    best = 0
    for y in range(h):
        for x in range(w):
            if seen[y][x] or m[y][x] not in allowed:
                continue
            d = bfs(m, w, h, allowed, x, y)
            far, fx, fy = -1, x, y
            for yy in range(h):
                for xx in range(w):
                    if d[yy][xx] >= 0:
                        seen[yy][xx] = True
                        if d[yy][xx] > far:
                            far, fx, fy = d[yy][xx], xx, yy
            d2 = bfs(m, w, h, allowed, fx, fy)
            best = max(best, max(max(r) for r in d2))
    return best


def binary(m):
    return regions(m, 14, 14, {0}), longest(m, 14, 14, {0})


def zelda(m):
    w, h = 11, 7
    pas = {0, 2, 3, 5, 6, 7}
    r = regions(m, w, h, pas)
    cells = [(x, y, m[y][x]) for y in range(h) for x in range(w)]
    players = [(x, y) for x, y, t in cells if t == 2]
    keys = [(x, y) for x, y, t in cells if t == 3]
    doors = [(x, y) for x, y, t in cells if t == 4]
    enemies = [(x, y) for x, y, t in cells if t >= 5]
    near = path = 0
    if len(players) == 1 and r == 1:
        px, py = players[0]
        if enemies:
            d = bfs(m, w, h, {0, 2, 5, 6, 7}, px, py)
            ds = [d[y][x] for x, y in enemies if d[y][x] > 0]
            near = min(ds) if ds else w * h
        if len(keys) == 1 and len(doors) == 1:
            d1 = bfs(m, w, h, pas, px, py)
            kx, ky = keys[0]
            d2 = bfs(m, w, h, pas | {4}, kx, ky)
            dx, dy = doors[0]
            path = d1[ky][kx] + d2[dy][dx]
    return r, near, path


def sokoban_no_solver(m):
    cells = [t for row in m for t in row]
    return (cells.count(2), cells.count(3), cells.count(4),
            regions(m, 5, 5, {0, 2, 3, 4}))


def rate(fn, maps, secs):
    n, t0 = 0, time.process_time()
    while time.process_time() - t0 < secs:
        for m in maps:
            fn(m)
            n += 1
    return n / (time.process_time() - t0)


def main():
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    rnd = random.Random(1)
    bmaps = [[[rnd.randrange(2) for _ in range(14)] for _ in range(14)] for _ in range(32)]
    zt = [0] * 58 + [1] * 30 + [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    zmaps = [[[rnd.choice(zt) for _ in range(11)] for _ in range(7)] for _ in range(32)]
    print("binary %.0f evals/s" % rate(binary, bmaps, secs))
    print("zelda %.0f evals/s" % rate(zelda, zmaps, secs))
    st = [0] * 45 + [1] * 40 + [2] * 5 + [3] * 5 + [4] * 5
    smaps = [[[rnd.choice(st) for _ in range(5)] for _ in range(5)] for _ in range(32)]
    print("sokoban (no solver: upper bound) %.0f evals/s"
          % rate(sokoban_no_solver, smaps, secs))


if __name__ == "__main__":
    main()
