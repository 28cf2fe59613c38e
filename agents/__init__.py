"""Agents that play yz_gym games: scripted opponents, baselines and trained policies."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from agents.base import Agent, RandomAgent

AGENT_NAMES = ("random", "aggressive", "tactical")
CHASE_AGENT_NAMES = ("flee", "hider", "cutoff", "shooter")  # chase-only agents (agents/chase_agents.py)


def make_agent(name: str | Agent, seed: int | None = None) -> Agent:
    """An agent by name ("random", "aggressive", "tactical") or a trained policy file's path.

    An Agent instance is reseeded and returned as it is. A scripted name `x` is the Agent
    subclass whose `name` is `x` in module `agents.x`."""
    if isinstance(name, Agent):
        name.reseed(seed)
        return name
    if not isinstance(name, str):
        raise TypeError(f"an agent is a name ({', '.join(AGENT_NAMES)}), a policy file path or an Agent")
    if name == "random":
        return RandomAgent(seed)
    if name in CHASE_AGENT_NAMES:
        from agents.chase_agents import CHASE_AGENTS

        return CHASE_AGENTS[name](seed)
    if name in AGENT_NAMES:
        module = importlib.import_module(f"agents.{name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Agent) and not inspect.isabstract(cls) and cls.name == name:
                return cls(seed)
        raise ImportError(f"agents.{name} defines no Agent subclass with name = '{name}'")
    if Path(name).suffix == ".zip" or Path(name).is_file():
        from agents.policy import PolicyAgent

        return PolicyAgent(name, seed)  # a MaskablePPO file: a pickle, load only trusted files
    raise ValueError(
        f"unknown agent '{name}'; agents: {', '.join(AGENT_NAMES)}; chase agents: "
        f"{', '.join(CHASE_AGENT_NAMES)}; or a trained policy file path"
    )


__all__ = ["AGENT_NAMES", "CHASE_AGENT_NAMES", "Agent", "RandomAgent", "make_agent"]
