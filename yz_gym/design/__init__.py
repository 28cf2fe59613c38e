"""Encounter design tools: variations of a scenario file (variation.py), balancing an encounter to
a target chance (balance.py), and what matters most in it, one change at a time (sensitivity.py);
their commands (commands.py) and what they show (report.py).

The names the command line offers live here, so that registering the commands loads nothing else."""

from typing import Final

METRICS: Final = ("win", "pc_death", "knockout")  # what `balance` aims at: a side's win, a PC's death, a knockout
KINDS: Final = ("attribute", "skill", "weapon", "armor", "count", "zone", "cover", "light")  # `sensitivity`'s changes
