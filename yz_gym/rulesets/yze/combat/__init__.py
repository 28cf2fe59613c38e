"""Fighting: attacks, damage and critical injuries, panic, pushing, recovery, gear, character creation."""
