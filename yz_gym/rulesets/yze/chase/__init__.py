"""Chases: range bands between a pursuer and its quarry, on foot or in vehicles (CHASE-*)."""
