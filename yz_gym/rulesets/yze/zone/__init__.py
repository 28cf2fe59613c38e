"""Zone fights: the map, moving, initiative, the turn flow, the legal actions and their narration."""
