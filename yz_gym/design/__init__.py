"""Encounter design tools: variations of a scenario file (variation.py), balancing an encounter to
a target chance (balance.py), and what matters most in it, one change at a time (sensitivity.py)."""
