#!/usr/bin/env python3
"""A seed 001 AI that never answers."""
import time
while True:
    time.sleep(1)
