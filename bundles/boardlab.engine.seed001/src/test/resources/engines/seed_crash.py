#!/usr/bin/env python3
"""A seed 001 AI that crashes: a traceback on standard error, status 1."""
import sys
sys.stderr.write("IndexError: list index out of range\n")
sys.exit(1)
