"""Evaluating encounters: many seeded games, streamed statistics, reports and plots."""

from yz_gym.evaluation.runner import GameSummary, Interruption, evaluate, play_game
from yz_gym.evaluation.stats import EncounterStats, wilson_interval

__all__ = ["EncounterStats", "GameSummary", "Interruption", "evaluate", "play_game", "wilson_interval"]
