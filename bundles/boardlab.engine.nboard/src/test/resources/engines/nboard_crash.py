#!/usr/bin/env python3
"""An NBoard engine that dies when asked to move: status 2, a line on standard error."""
import sys
for raw in sys.stdin:
    line = raw.strip()
    if line.startswith("ping"):
        print("pong " + line.split()[1], flush=True)
    elif line == "go":
        sys.stderr.write("KeyError: 'BO'\n")
        sys.stderr.flush()
        sys.exit(2)
