#!/usr/bin/env python3
"""A Gomocup engine that answers a move with words that are not a move."""
import sys

for raw in sys.stdin:
    word = raw.strip().split(" ")[0].upper()
    if word == "START":
        print("OK", flush=True)
    elif word == "BOARD":
        for row in sys.stdin:
            if row.strip().upper() == "DONE":
                break
        print("I think the best move is the centre", flush=True)
    elif word in ("BEGIN", "TURN"):
        print("I think the best move is the centre", flush=True)
