"""YZE hazards (seed 000, HAZ-*): poison, drowning and cold as timed conditions on the game clock."""
