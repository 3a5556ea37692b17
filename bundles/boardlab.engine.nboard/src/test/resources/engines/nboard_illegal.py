#!/usr/bin/env python3
"""An NBoard engine that always plays a1, which flips nothing at the start: well-formed, illegal."""
import sys
for raw in sys.stdin:
    line = raw.strip()
    if line.startswith("ping"):
        print("pong " + line.split()[1], flush=True)
    elif line == "go":
        print("=== A1", flush=True)
