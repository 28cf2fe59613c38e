"""Trained policies as agents (YZE zone fights and DX3 fights), and the self-play pool of scripted agents and frozen checkpoints.

SB3 model files (.zip) contain pickles: load only files from a trusted source; make_agent loads one
only when it is named `model:PATH`. Shipped models and other .npz model files (agents/model_files.py)
load without pickles and play through NumPy alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from yz_gym.agents.base import Agent
from yz_gym.agents.model_files import NpcModel
from yz_gym.rulesets.dx3.state import Dx3State
from yz_gym.rulesets.yze.state import GameState, Scenario
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action

POLICY_SUFFIXES = (".zip",)
_LOADED: dict[tuple[str, float], Any] = {}  # (path, mtime) -> model, one load per process


def _scenario_of(state: GameState) -> Scenario:
    """A Scenario view of a running game, enough to build its observation encoder."""
    return Scenario(state.setup, tuple(state.combatants), state.doors, state.cover_ratings)


class PolicyAgent(Agent):
    """Plays a MaskablePPO model (a file path, or a live model during training)."""

    name = "policy"

    def __init__(
        self,
        model: str | Path | Any,
        seed: int | None = None,
        deterministic: bool = True,
        weights: bool = False,
        shapes: dict[str, list[int]] | None = None,
    ) -> None:
        super().__init__(seed)
        self.path = None if not isinstance(model, str | Path) else Path(model)
        self.weights = weights  # the path is a weights file (agents/weights.py), not an SB3 zip
        self.shapes = shapes  # a .npz model file's array shapes, as its manifest entry promises
        self._model = None if self.path is not None else model
        self.deterministic = deterministic
        self._encodings: dict[int, Any] = {}
        if self.path is not None and not self.path.is_file():
            raise ValueError(
                f"{self.path}: no such policy file (a model .npz, or a MaskablePPO .zip, written by training)"
            )

    @property
    def model(self) -> Any:
        """The policy, loaded on first use (SB3 files need the [train] extra; .npz model files do not)."""
        if self._model is None and self.path is not None and self.path.suffix == ".npz":
            key = (f"npz:{self.path.resolve()}", self.path.stat().st_mtime)
            if key not in _LOADED:
                from yz_gym.agents.model_files import load_model_file

                _LOADED[key] = load_model_file(self.path, self.shapes)
            self._model = _LOADED[key]
        if self._model is None and self.weights:
            assert self.path is not None
            key = (f"weights:{self.path.resolve()}", self.path.stat().st_mtime)
            if key not in _LOADED:
                from yz_gym.agents.weights import load_weights

                _LOADED[key] = load_weights(self.path)
            self._model = _LOADED[key]
        if self._model is None:
            try:
                from sb3_contrib import MaskablePPO
            except ImportError:
                raise ValueError("policy agents need sb3-contrib: pip install 'yz_gym[train]'") from None
            assert self.path is not None
            key = (str(self.path.resolve()), self.path.stat().st_mtime)
            if key not in _LOADED:
                import torch

                torch.set_num_threads(1)  # one small forward pass at a time: threads only cost here
                try:
                    _LOADED[key] = MaskablePPO.load(str(self.path), device="cpu")
                except Exception as error:  # a damaged or foreign file fails in many ways
                    raise ValueError(
                        f"{self.path}: not a MaskablePPO model file ({type(error).__name__}); give a "
                        "final.zip or checkpoint written by training/train_ppo.py"
                    ) from None
            self._model = _LOADED[key]
        return self._model

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if self.path is not None:
            state["_model"] = None  # reload from the file in another process
        state["_encodings"] = {}
        return state

    def encoding(self, state: GameState) -> Any:
        """The scenario's observation encoder and action codec, built once per scenario."""
        from yz_gym.envs.core import Encoding

        key = id(state.setup)
        found = self._encodings.get(key)
        if found is None:
            found = self._encodings[key] = Encoding(_scenario_of(state))
        return found

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """The model's choice among the legal actions (masked), from the actor's point of view: a YZE
        zone fight's or a DX3 fight's, encoded as its env encodes them."""
        obs, mask, by_index = (
            self._dx3_view(state, actions) if isinstance(state, Dx3State) else self._view(state, actions)
        )
        n = self._check_spaces(obs.shape, len(mask))
        allowed = mask[:n].astype(bool)  # new action kinds are appended, so old indices keep their meaning
        if not allowed.any():
            return actions[int(self.rng.integers(len(actions)))]
        index, _ = self.model.predict(obs, action_masks=allowed, deterministic=self.deterministic)
        return by_index.get(int(index)) or actions[int(self.rng.integers(len(actions)))]

    def _view(self, state: GameState, actions: list[Action]) -> tuple[np.ndarray, np.ndarray, dict[int, Any]]:
        """A YZE zone fight as Skirmish-v0 shows it to the deciding combatant: observation, mask, index -> action."""
        me = engine.current_actor(state)
        enc = self.encoding(state)
        mask, by_index = enc.mask(me, actions)
        return enc.observer.encode(state, me, engine.decision_kind(state), me), mask, by_index

    @staticmethod
    def _dx3_view(state: Dx3State, actions: list[Any]) -> tuple[np.ndarray, np.ndarray, dict[int, Any]]:
        """A DX3 fight as Dx3Fight-v0 shows it to the deciding fighter (envs/dx3_encoding.py)."""
        from yz_gym.envs import dx3_encoding
        from yz_gym.rulesets.dx3.engine import current_actor

        me = current_actor(state)
        mask, by_index = dx3_encoding.mask(me, actions)
        return dx3_encoding.observe(state, me, me), mask, by_index

    def _check_spaces(self, obs_shape: tuple[int, ...], n_actions: int) -> int:
        """The model's action count; a clear error if it was trained for other spaces."""
        if isinstance(self.model, NpcModel):
            model_obs, model_n = (self.model.obs_size,), self.model.n_actions
        else:
            model_obs, model_n = tuple(self.model.observation_space.shape), int(self.model.action_space.n)
        if model_obs != tuple(obs_shape) or model_n > n_actions:
            where = self.path or "the model"
            raise ValueError(
                f"{where} was trained for observations {model_obs} and {model_n} actions, but this yz_gym "
                f"encodes {tuple(obs_shape)} and {n_actions}: retrain it with this version"
            )
        return model_n


class PoolAgent(Agent):
    """Self-play opponent: each episode it plays as one member of a pool, drawn at random.

    The pool is a list of scripted agent names plus every policy file in `folder` (frozen
    past checkpoints), re-read at each draw so new snapshots join as training goes. A member is
    drawn at `reseed` and again at the first decision of every later game: SB3's vectorised envs
    reset unseeded after the first game, and an env reseeds its agents on seeded resets only."""

    name = "pool"

    def __init__(
        self, scripted: list[str], folder: str | Path | None = None, seed: int | None = None
    ) -> None:
        self.scripted = list(scripted)
        self.folder = None if folder is None else Path(folder)
        self.current: Agent | None = None
        self._game: Any = None  # the game the current member plays; None: the next one
        self._policies: dict[Path, PolicyAgent] = {}
        super().__init__(seed)
        self.reseed(seed)

    def members(self) -> list[str | Path]:
        """The scripted names and the frozen checkpoints now in the pool."""
        frozen: list[str | Path] = []
        if self.folder is not None and self.folder.is_dir():
            frozen = sorted(p for p in self.folder.iterdir() if p.suffix in POLICY_SUFFIXES)
        return [*self.scripted, *frozen]

    def reseed(self, seed: int | None) -> None:
        """A new episode: draw the member that plays it."""
        self.rng = np.random.default_rng(seed)
        self._draw()
        self._game = None

    def _draw(self) -> None:
        """Draw the member that plays the next game."""
        from yz_gym.agents import make_agent

        members = self.members()
        if not members:
            raise ValueError("the self-play pool is empty: name scripted agents or a checkpoint folder")
        pick = members[int(self.rng.integers(len(members)))]
        member_seed = int(self.rng.integers(2**63))
        if isinstance(pick, Path):
            agent = self._policies.get(pick)
            if agent is None:
                agent = self._policies[pick] = PolicyAgent(pick, member_seed, deterministic=False)
            agent.reseed(member_seed)
            self.current = agent
        else:
            self.current = make_agent(pick, member_seed)

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """The choice of the member drawn for this game (a game after the first draws anew)."""
        if state is not self._game:
            if self._game is not None:
                self._draw()
            self._game = state
        assert self.current is not None
        return self.current.choose(state, actions)
