"""Agents that play yz_gym games: scripted opponents, baselines and trained policies."""

from __future__ import annotations

import functools
import importlib
import inspect
from pathlib import Path

from yz_gym.agents.base import Agent, RandomAgent

AGENT_NAMES = ("random", "aggressive", "tactical")
MODEL_PREFIX = "model:"  # the only way to name a trained model file: `model:runs/duel/final.zip`
WEIGHTS_PREFIX = "weights:"  # a weights-only file (agents/weights.py): `weights:runs/duel/final.pth`
MODEL_WARNING = "a model file is a pickle that can run code: load only models you trust"
CHASE_AGENT_NAMES = ("flee", "hider", "cutoff", "shooter")  # chase-only agents (agents/chase_agents.py)
DX3_AGENT_NAMES = ("dx3_aggressive", "dx3_tactical")  # DX3-only agents (agents/dx3_*.py)
EXPEDITION_AGENT_NAMES = ("cautious", "hasty")  # expedition planners (agents/cautious.py, agents/hasty.py)


def make_agent(name: str | Agent, seed: int | None = None) -> Agent:
    """An agent by name ("random", "aggressive", "tactical") or a trained policy: `weights:PATH`
    (a weights-only file, safe to open) or `model:PATH` (an SB3 zip).

    An Agent instance is reseeded and returned as it is. A scripted name `x` is the Agent
    subclass whose `name` is `x` in module `yz_gym.agents.x`. A model file (an SB3 zip) holds pickles
    that can run code, so it is loaded only when named with the `model:` prefix, never because a
    name happens to be an existing path."""
    if isinstance(name, Agent):
        name.reseed(seed)
        return name
    if not isinstance(name, str):
        raise TypeError(
            f"an agent is a name ({', '.join(AGENT_NAMES)}), {WEIGHTS_PREFIX}PATH, {MODEL_PREFIX}PATH or an Agent"
        )
    if name == "random":
        return RandomAgent(seed)
    if name in CHASE_AGENT_NAMES:
        from yz_gym.agents.chase_agents import CHASE_AGENTS

        return CHASE_AGENTS[name](seed)
    if name in AGENT_NAMES or name in DX3_AGENT_NAMES or name in EXPEDITION_AGENT_NAMES:
        return _scripted(name)(seed)
    if name.startswith(WEIGHTS_PREFIX):
        from yz_gym.agents.policy import PolicyAgent

        return PolicyAgent(name.removeprefix(WEIGHTS_PREFIX), seed, weights=True)  # no pickles: safe to open
    if name.startswith(MODEL_PREFIX):
        from yz_gym.agents.policy import PolicyAgent

        return PolicyAgent(name.removeprefix(MODEL_PREFIX), seed)  # explicitly a model: trusted by the caller
    hint = ""
    if Path(name).suffix == ".zip" or Path(name).exists():
        hint = f" (to load a trained model write {MODEL_PREFIX}{name}; {MODEL_WARNING})"
    raise ValueError(
        f"unknown agent '{name}'; agents: {', '.join(AGENT_NAMES)}; chase agents: "
        f"{', '.join(CHASE_AGENT_NAMES)}; or a trained policy as {WEIGHTS_PREFIX}PATH (weights only) or "
        f"{MODEL_PREFIX}PATH{hint}"
    )


__all__ = [
    "AGENT_NAMES",
    "CHASE_AGENT_NAMES",
    "DX3_AGENT_NAMES",
    "EXPEDITION_AGENT_NAMES",
    "MODEL_PREFIX",
    "MODEL_WARNING",
    "WEIGHTS_PREFIX",
    "Agent",
    "RandomAgent",
    "make_agent",
]


@functools.cache
def _scripted(name: str) -> type[Agent]:
    """The Agent subclass whose `name` is `name` in module `yz_gym.agents.<name>` (looked up once: an
    evaluation makes two agents per game)."""
    module = importlib.import_module(f"{__name__}.{name}")
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if issubclass(cls, Agent) and not inspect.isabstract(cls) and cls.name == name:
            return cls
    raise ImportError(f"{__name__}.{name} defines no Agent subclass with name = '{name}'")
