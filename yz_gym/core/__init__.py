"""The ruleset-neutral core: the contracts every ruleset and game mode speaks."""
