#!/usr/bin/env python3
"""A Gomocup engine that crashes on its second move (exit status 3, with a traceback-like line on stderr)."""
import sys

moves = 0
for raw in sys.stdin:
    word = raw.strip().split(" ")[0].upper()
    if word == "START":
        print("OK", flush=True)
    elif word in ("BEGIN", "TURN", "BOARD"):
        if word == "BOARD":
            for row in sys.stdin:
                if row.strip().upper() == "DONE":
                    break
        moves += 1
        if moves == 2:
            sys.stderr.write("ZeroDivisionError: division by zero\n")
            sys.stderr.flush()
            sys.exit(3)
        print("7,7" if word == "BEGIN" else "0,0", flush=True)
    elif word == "END":
        break
