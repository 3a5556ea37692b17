#!/usr/bin/env python3
"""A Gomocup engine that always plays the centre, 7,7, even when it is taken (its second move is illegal)."""
import sys

for raw in sys.stdin:
    word = raw.strip().split(" ")[0].upper()
    if word == "START":
        print("OK", flush=True)
    elif word == "BOARD":
        for row in sys.stdin:
            if row.strip().upper() == "DONE":
                break
        print("7,7", flush=True)
    elif word in ("BEGIN", "TURN"):
        print("DEBUG always the centre", flush=True)
        print("7,7", flush=True)
