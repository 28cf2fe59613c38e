"""Agents that play yz_gym games: scripted opponents, baselines and trained policies."""

from __future__ import annotations

import functools
import importlib
import inspect
from pathlib import Path
from typing import Final

from yz_gym.agents.base import Agent, RandomAgent
from yz_gym.agents.shipped import is_model, manifest, model_source

MODE_AGENTS: Final[dict[tuple[str, str], tuple[str, ...]]] = {  # the scripted agents that play each game,
    # keyed by (ruleset, mode): each mode's `agents` in the registry (yz_gym.core.registry)
    ("yze", "skirmish"): ("random", "aggressive", "tactical"),
    ("yze", "chase"): ("random", "flee", "hider", "cutoff", "shooter"),  # agents/chase_agents.py
    ("yze", "expedition"): ("random", "cautious", "hasty"),  # planners (agents/cautious.py, agents/hasty.py)
    ("dx3", "skirmish"): ("random", "dx3_aggressive", "dx3_tactical"),  # agents/dx3_*.py
}
MODEL_PREFIX: Final = "model:"  # the only way to name a trained model file: `model:runs/duel/final.zip`
WEIGHTS_PREFIX: Final = "weights:"  # a weights-only file (agents/weights.py): `weights:runs/duel/final.pth`
MODEL_WARNING: Final = "a model file is a pickle that can run code: load only models you trust"
SCRIPTED: Final = frozenset(name for names in MODE_AGENTS.values() for name in names)  # every mode's agents


def agents_text() -> str:
    """Every game's scripted agents, for messages and help: "yze skirmish: random, ...; dx3 ..."."""
    return "; ".join(f"{ruleset} {mode}: {', '.join(names)}" for (ruleset, mode), names in MODE_AGENTS.items())


def make_agent(name: str | Agent, seed: int | None = None) -> Agent:
    """An agent by name (a scripted agent of any mode: MODE_AGENTS) or a trained policy: a shipped
    model's name or a PATH.npz model file (agents/shipped.py; no pickles), `weights:PATH` (a
    weights-only file, safe to open) or `model:PATH` (an SB3 zip).

    An Agent instance is reseeded and returned as it is. A scripted name `x` is a chase agent of
    agents/chase_agents.py, else the Agent subclass whose `name` is `x` in module `yz_gym.agents.x`.
    A model file (an SB3 zip) holds pickles that can run code, so it is loaded only when named with
    the `model:` prefix, never because a name happens to be an existing path."""
    if isinstance(name, Agent):
        name.reseed(seed)
        return name
    if not isinstance(name, str):
        raise TypeError(f"an agent is a name ({agents_text()}), {WEIGHTS_PREFIX}PATH, {MODEL_PREFIX}PATH or an Agent")
    if name == "random":
        return RandomAgent(seed)
    if name in SCRIPTED:
        return _scripted(name)(seed)
    if is_model(name):
        from yz_gym.agents.policy import PolicyAgent

        path, shapes = model_source(name)
        return PolicyAgent(path, seed, shapes=shapes)  # arrays only: safe to open
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
        f"unknown agent '{name}'; agents: {agents_text()}; or a trained policy: a shipped model "
        f"({', '.join(manifest()) or 'none'}), PATH.npz, {WEIGHTS_PREFIX}PATH (weights only) "
        f"or {MODEL_PREFIX}PATH{hint}"
    )


__all__ = [
    "MODEL_PREFIX",
    "MODEL_WARNING",
    "MODE_AGENTS",
    "SCRIPTED",
    "WEIGHTS_PREFIX",
    "Agent",
    "RandomAgent",
    "agents_text",
    "make_agent",
]


@functools.cache
def _scripted(name: str) -> type[Agent]:
    """A chase agent's class, else the Agent subclass whose `name` is `name` in module
    `yz_gym.agents.<name>` (looked up once: an evaluation makes two agents per game)."""
    from yz_gym.agents.chase_agents import CHASE_AGENTS

    if name in CHASE_AGENTS:
        return CHASE_AGENTS[name]
    module = importlib.import_module(f"{__name__}.{name}")
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if issubclass(cls, Agent) and not inspect.isabstract(cls) and cls.name == name:
            return cls
    raise ImportError(f"{__name__}.{name} defines no Agent subclass with name = '{name}'")
