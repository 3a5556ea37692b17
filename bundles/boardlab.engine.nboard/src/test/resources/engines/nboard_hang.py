#!/usr/bin/env python3
"""An NBoard engine that answers ping but never moves."""
import sys
for raw in sys.stdin:
    line = raw.strip()
    if line.startswith("ping"):
        print("pong " + line.split()[1], flush=True)
