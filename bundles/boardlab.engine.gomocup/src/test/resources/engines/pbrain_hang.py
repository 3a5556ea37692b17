#!/usr/bin/env python3
"""A Gomocup engine that says OK to START and then never answers a move."""
import sys
import time

for raw in sys.stdin:
    word = raw.strip().split(" ")[0].upper()
    if word == "START":
        print("OK", flush=True)
    elif word in ("BEGIN", "TURN", "BOARD"):
        while True:
            time.sleep(1)
