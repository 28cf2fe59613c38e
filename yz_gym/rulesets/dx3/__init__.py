"""Double Cross The 3rd Edition (DX3): D10 checks with critical values, encroachment and the combatant stat block."""
