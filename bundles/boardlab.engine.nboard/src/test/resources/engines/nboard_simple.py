#!/usr/bin/env python3
"""A small NBoard engine for boardlab's tests: reads the position from "set game" (GGF's BO), answers
"pong N" to "ping N" and, to "go", the move that flips the most discs ("=== d3"), or "=== PA"."""
import re
import sys

board, size, black_to_move = None, 8, True


def flips(cells, n, col, row, me, them):
    total = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if dc == 0 and dr == 0:
                continue
            line, c, r = [], col + dc, row + dr
            while 0 <= c < n and 0 <= r < n and cells[r * n + c] == them:
                line.append((c, r))
                c, r = c + dc, r + dr
            if line and 0 <= c < n and 0 <= r < n and cells[r * n + c] == me:
                total += line
    return total


def best():
    me, them = ("*", "O") if black_to_move else ("O", "*")
    choice, most = None, 0
    for row in range(size):
        for col in range(size):
            if board[row * size + col] == "-":
                n = len(flips(board, size, col, row, me, them))
                if n > most:
                    choice, most = (col, row), n
    return "PA" if choice is None else "%s%d" % (chr(ord("a") + choice[0]), choice[1] + 1)


for raw in sys.stdin:
    line = raw.strip()
    if line.startswith("set game"):
        m = re.search(r"BO\[(\d+) ([-*O]+) ([*O])\]", line)
        size, board, black_to_move = int(m.group(1)), m.group(2), m.group(3) == "*"
    elif line.startswith("ping"):
        print("pong " + line.split()[1], flush=True)
    elif line == "go":
        print("status thinking", flush=True)
        print("=== " + best() + "/0.00/0.01", flush=True)
    elif line == "quit":
        break
