"""Vehicles: their state, operation, seats, damage, the zone-fight actions and their narration."""
