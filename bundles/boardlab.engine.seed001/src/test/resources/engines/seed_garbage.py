#!/usr/bin/env python3
"""A seed 001 AI that prints words instead of a move."""
print("move the master forward please", flush=True)
