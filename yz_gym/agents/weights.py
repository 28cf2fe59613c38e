"""Trained policies as weights only: a model file that is safe to share, because it loads without
pickles.

An SB3 model file (`.zip`) holds pickles, which run code when loaded. A weights file (`.pth`)
holds the policy network's tensors and the few plain values needed to rebuild it (observation
size, action count, layer sizes, activation, the pruned inputs' indices); `load_weights` reads it
with `torch.load(weights_only=True)`, which builds nothing but tensors and plain containers, so
opening one runs no code from it. Name one as an agent with `weights:PATH`; training writes
`final.pth` beside `final.zip`, and `python -m yz_gym.agents.weights MODEL.zip OUT.pth` converts a model
you trust.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, Final

FORMAT: Final = "yz_gym.policy_weights"
VERSION: Final = 1
ACTIVATIONS: Final = ("Tanh", "ReLU")  # the activations a weights file may name
MAX_SIZE: Final = 1_000_000  # observation values or actions a weights file may declare


class WeightsError(ValueError):
    """A weights file that cannot be used; the message names the file and what is wrong."""


def save_weights(model: Any, path: str | Path) -> Path:
    """Write a MaskablePPO model's policy as a weights file (atomically)."""
    import torch

    from yz_gym.io import atomic_write_bytes

    policy = model.policy
    indices = getattr(policy.features_extractor, "indices", None)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "obs_size": int(policy.observation_space.shape[0]),
        "n_actions": int(policy.action_space.n),
        "net_arch": policy.net_arch,
        "activation": policy.activation_fn.__name__,
        "indices": None if indices is None else [int(i) for i in indices.tolist()],
        "state_dict": policy.state_dict(),
    }
    buffer = io.BytesIO()
    torch.save(data, buffer)
    return atomic_write_bytes(Path(path), buffer.getvalue())


def load_weights(path: str | Path) -> Any:
    """The policy of a weights file (a MaskableActorCriticPolicy in eval mode), read without pickles."""
    import torch

    path = Path(path)
    if not path.is_file():
        raise WeightsError(f"{path}: no such weights file (a .pth written by training or yz_gym.agents.weights)")
    try:
        data = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as error:  # a damaged file, or one with objects weights_only refuses
        reason = str(error).splitlines()[0][:160] if str(error) else type(error).__name__
        raise WeightsError(f"{path}: not a yz_gym weights file ({reason})") from None
    return _policy(path, data)


def _policy(path: Path, data: Any) -> Any:
    """A policy rebuilt from a weights file's contents, every field checked first."""
    import numpy as np
    import torch
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from yz_gym.scenario.reading import preview

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WeightsError(f"{path}: not a yz_gym weights file (no '{FORMAT}' header)")
    if data.get("version") != VERSION:
        shown = preview(data.get("version"))
        raise WeightsError(f"{path}: weights format version {shown}; this yz_gym reads {VERSION}")
    obs_size, n_actions = data.get("obs_size"), data.get("n_actions")
    if not all(type(n) is int and 0 < n <= MAX_SIZE for n in (obs_size, n_actions)):
        raise WeightsError(f"{path}: obs_size and n_actions must be whole numbers 1-{MAX_SIZE}")
    net_arch = data.get("net_arch")
    if not _layers(net_arch):
        raise WeightsError(f"{path}: net_arch must be a list of layer sizes or a dict of pi and vf lists")
    if data.get("activation") not in ACTIVATIONS:
        raise WeightsError(f"{path}: activation must be one of {', '.join(ACTIVATIONS)}")
    indices = data.get("indices")
    kwargs: dict[str, Any] = {}
    if indices is not None:
        if not (
            isinstance(indices, list)
            and indices
            and all(type(i) is int and 0 <= i < obs_size for i in indices)
        ):
            raise WeightsError(f"{path}: indices must be observation indices 0-{obs_size - 1}")
        from yz_gym.training.features import SelectFeatures

        kwargs = {
            "features_extractor_class": SelectFeatures,
            "features_extractor_kwargs": {"indices": indices},
        }
    state = data.get("state_dict")
    if not (isinstance(state, dict) and all(isinstance(v, torch.Tensor) for v in state.values())):
        raise WeightsError(f"{path}: state_dict must map parameter names to tensors")
    policy = MaskableActorCriticPolicy(
        spaces.Box(0.0, 1.0, (obs_size,), np.float32),
        spaces.Discrete(n_actions),
        lambda _: 0.0,
        net_arch=net_arch,
        activation_fn=getattr(torch.nn, data["activation"]),
        **kwargs,
    )
    try:
        policy.load_state_dict(state, strict=True)
    except RuntimeError as error:
        reason = " ".join(str(error).split())[:200]
        raise WeightsError(f"{path}: the tensors do not fit the declared network ({reason})") from None
    policy.set_training_mode(False)
    return policy


def _layers(net_arch: Any) -> bool:
    """Whether `net_arch` is SB3's list of layer sizes, or a dict of `pi` and `vf` lists."""

    def sizes(x: Any) -> bool:
        return isinstance(x, list) and len(x) <= 32 and all(type(n) is int and 0 < n <= 65_536 for n in x)

    if isinstance(net_arch, dict):
        return set(net_arch) <= {"pi", "vf"} and all(sizes(v) for v in net_arch.values())
    return sizes(net_arch)


def main(argv: list[str] | None = None) -> None:
    """Convert a trusted SB3 model file to a weights file: python -m yz_gym.agents.weights MODEL.zip OUT.pth"""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(
            "usage: python -m yz_gym.agents.weights MODEL.zip OUT.pth (load only a model you trust)", file=sys.stderr
        )
        raise SystemExit(2)
    from yz_gym.agents.policy import PolicyAgent

    try:
        model = PolicyAgent(args[0]).model
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"weights written to {save_weights(model, args[1])}")


if __name__ == "__main__":
    main()
