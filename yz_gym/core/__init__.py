"""The ruleset-neutral core: the game protocol and the registry of (ruleset, mode)."""
