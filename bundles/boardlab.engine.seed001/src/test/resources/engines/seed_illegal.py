#!/usr/bin/env python3
"""A seed 001 AI that moves from an empty square with the first card it holds: well-formed, illegal."""
import sys
parts = sys.argv[1].split(";")
hand = parts[1].split() if sys.argv[2] == "0" else parts[2].split()
print("2 2 2 3 " + hand[0], flush=True)
