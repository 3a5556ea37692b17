#!/usr/bin/env python3
"""A small Gomocup (pbrain) engine for boardlab's tests: it answers the commands of the protocol and
plays the free point nearest to the centre that touches its own stones (or the centre, or the first
free point). Standard input and output, one command or answer a line."""
import sys

size = 0
board = {}


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def choose():
    centre = size // 2
    free = [(x, y) for y in range(size) for x in range(size) if (x, y) not in board]
    if not free:
        return None
    def score(p):
        x, y = p
        near = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if board.get((x + dx, y + dy)) == 1)
        return (-near, abs(x - centre) + abs(y - centre), y, x)
    free.sort(key=score)
    return free[0]


def play():
    p = choose()
    board[p] = 1
    out("MESSAGE thinking about %d stones" % len(board))
    out("%d,%d" % p)


for raw in sys.stdin:
    line = raw.strip()
    if not line:
        continue
    word = line.split()[0].upper()
    if word == "START":
        size = int(line.split()[1])
        board = {}
        out("OK" if 5 <= size <= 25 else "ERROR unsupported size")
    elif word == "RESTART":
        board = {}
        out("OK")
    elif word == "INFO":
        pass
    elif word == "BEGIN":
        play()
    elif word == "TURN":
        x, y = map(int, line.split()[1].split(","))
        board[(x, y)] = 2
        play()
    elif word == "BOARD":
        board = {}
        for row in sys.stdin:
            row = row.strip()
            if row.upper() == "DONE":
                break
            x, y, who = map(int, row.split(","))
            board[(x, y)] = 1 if who == 1 else 2
        play()
    elif word == "ABOUT":
        out('name="simple", version="1.0", author="boardlab tests", country="-"')
    elif word == "END":
        break
    else:
        out("UNKNOWN " + line)
