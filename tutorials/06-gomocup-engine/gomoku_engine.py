#!/usr/bin/env python3
"""Tutorial 06: a Gomoku engine speaking the Gomocup (pbrain) protocol.

boardlab (or Piskvork, the Gomocup's manager) starts this program and talks to it one line at a
time on its standard input and output:

    START 15        a new game on a 15x15 board        -> answer OK
    INFO key value  facts about the game (time, memory) -> no answer
    BEGIN           you move first                     -> answer your move, x,y
    TURN x,y        the other side played x,y          -> answer your move
    BOARD           the position so far, one x,y,who line each (1 yours, 2 theirs), then DONE
                                                       -> answer your move
    END             the game is over: exit

x is the column from the left, y the row from the top, both from 0: 7,7 is the centre (boardlab's h8).
Lines starting with MESSAGE or DEBUG are not answers: boardlab shows them in the message inspector.
"""
import sys

DIRECTIONS = [(1, 0), (0, 1), (1, 1), (1, -1)]

size = 15
stones = {}  # (x, y) -> 1 (mine) or 2 (theirs)


def reply(line):
    print(line, flush=True)  # flush: the other side waits for the whole line


def run_through(x, y, dx, dy, who):
    """How many of who's stones follow (x, y) in direction (dx, dy), and whether the end is open."""
    n = 0
    x, y = x + dx, y + dy
    while stones.get((x, y)) == who:
        n += 1
        x, y = x + dx, y + dy
    open_end = 0 <= x < size and 0 <= y < size and (x, y) not in stones
    return n, open_end


def value(x, y, who):
    """How good a stone of who's at (x, y) would be: longer lines with open ends are worth more."""
    total = 0
    for dx, dy in DIRECTIONS:
        a, open_a = run_through(x, y, dx, dy, who)
        b, open_b = run_through(x, y, -dx, -dy, who)
        line = a + b + 1
        ends = open_a + open_b
        if line >= 5:
            total += 1_000_000          # five: the game
        elif line == 4 and ends:
            total += 50_000 * ends       # a four: five next move
        elif line == 3 and ends == 2:
            total += 5_000               # an open three: a four that cannot be blocked
        elif ends:
            total += line * line * 10 * ends
    return total


def choose():
    """The free point worth most: my value, plus a little less for taking theirs (blocking)."""
    centre = size // 2
    best, best_score = None, -1
    for y in range(size):
        for x in range(size):
            if (x, y) in stones:
                continue
            near = any((x + dx, y + dy) in stones for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2))
            if stones and not near:
                continue
            score = value(x, y, 1) * 11 // 10 + value(x, y, 2) - abs(x - centre) - abs(y - centre)
            if score > best_score:
                best, best_score = (x, y), score
    return best if best else (centre, centre)


def play():
    x, y = choose()
    stones[(x, y)] = 1
    reply("MESSAGE %d stones on the board" % len(stones))
    reply("%d,%d" % (x, y))


def main():
    global size, stones
    for raw in sys.stdin:
        words = raw.strip().split()
        if not words:
            continue
        command = words[0].upper()
        if command == "START":
            size = int(words[1])
            stones = {}
            reply("OK" if 5 <= size <= 25 else "ERROR this engine plays boards of 5 to 25")
        elif command == "RESTART":
            stones = {}
            reply("OK")
        elif command == "INFO":
            pass  # e.g. INFO timeout_turn 10000: this engine is fast enough not to care
        elif command == "BEGIN":
            play()
        elif command == "TURN":
            x, y = map(int, words[1].split(","))
            stones[(x, y)] = 2
            play()
        elif command == "BOARD":
            stones = {}
            for row in sys.stdin:
                row = row.strip()
                if row.upper() == "DONE":
                    break
                x, y, who = map(int, row.split(","))
                stones[(x, y)] = 1 if who == 1 else 2
            play()
        elif command == "ABOUT":
            reply('name="tutorial", version="1.0", author="boardlab tutorial 06", country="-"')
        elif command == "END":
            return
        else:
            reply("UNKNOWN " + raw.strip())


if __name__ == "__main__":
    main()
