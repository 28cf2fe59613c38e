"""Encounter design tools: variations of a scenario file (variation.py, with each mode's design
Space: yze_space.py, dx3_space.py, expedition_space.py), balancing an encounter to a target chance
(balance.py), and what matters most in it, one change at a time (sensitivity.py); their commands
(commands.py) and what they show (report.py)."""
