"""Rulesets: each a package of pure rules functions over its own game state (YZE is the first)."""
