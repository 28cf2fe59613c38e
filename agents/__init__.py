"""Agents that play yz_gym games: scripted opponents, baselines and trained policies."""

from agents.base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
