"""Shipped NPC models: a trained policy's actor as plain arrays in a .npz file, played by NumPy.

A model file holds the actor of a MaskablePPO policy and nothing else: `indices` (the observation
values the network reads, when the inputs were pruned), the layers `layer0.weight`,
`layer0.bias`, ... (tanh or relu between them) and `action.weight`, `action.bias` (the action
logits), plus `meta`, a JSON text (format, version, activation, observation size, action count).
`load_model_file` opens it with `numpy.load(allow_pickle=False)`: arrays of numbers and text only,
so opening a model runs no code from it and needs neither torch nor SB3. Every array's shape is
checked against what the caller expects (the manifest, yz_gym/models/manifest.json) before use.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, Final

import numpy as np

FORMAT: Final = "yz_gym.npc_model"
VERSION: Final = 1
ACTIVATIONS: Final = ("Tanh", "ReLU")
MAX_SIZE: Final = 1_000_000  # observation values, actions or units a model may declare
MAX_FILE_BYTES: Final = 64 * 1024 * 1024


class ModelFileError(ValueError):
    """A model file that cannot be used; the one-line message names the file and what is wrong."""


def actor_arrays(policy: Any) -> dict[str, np.ndarray]:
    """The arrays of a MaskableActorCriticPolicy's actor (its value head is not needed to play)."""
    state = {k: v.detach().cpu().numpy() for k, v in policy.state_dict().items()}
    arrays: dict[str, np.ndarray] = {}
    indices = getattr(policy.features_extractor, "indices", None)
    if indices is not None:
        arrays["indices"] = indices.detach().cpu().numpy().astype(np.int64)
    layer = 0
    while f"mlp_extractor.policy_net.{2 * layer}.weight" in state:
        for part in ("weight", "bias"):
            arrays[f"layer{layer}.{part}"] = state[f"mlp_extractor.policy_net.{2 * layer}.{part}"].astype(
                np.float32
            )
        layer += 1
    arrays["action.weight"] = state["action_net.weight"].astype(np.float32)
    arrays["action.bias"] = state["action_net.bias"].astype(np.float32)
    return arrays


def save_model_file(model: Any, path: str | Path, trained_on: dict[str, Any] | None = None) -> Path:
    """Write a MaskablePPO model's (or policy's) actor as a model file, atomically; `trained_on`
    (ruleset, mode, spaces signature, scenario, seats) goes into its meta."""
    policy = getattr(model, "policy", model)
    meta = {
        "format": FORMAT,
        "version": VERSION,
        "activation": policy.activation_fn.__name__,
        "obs_size": int(policy.observation_space.shape[0]),
        "n_actions": int(policy.action_space.n),
        **(trained_on or {}),
    }
    return write_model_file(path, meta, actor_arrays(policy))


def write_model_file(path: str | Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> Path:
    """Write a model file from its meta and arrays, atomically."""
    from yz_gym.io import atomic_write_bytes

    buffer = io.BytesIO()
    np.savez_compressed(buffer, meta=np.array(json.dumps(meta)), **arrays)  # type: ignore[arg-type]
    return atomic_write_bytes(Path(path), buffer.getvalue())


def array_shapes(arrays: dict[str, np.ndarray]) -> dict[str, list[int]]:
    """Each array's shape, as the manifest lists them."""
    return {name: [int(n) for n in array.shape] for name, array in arrays.items() if name != "meta"}


class NpcModel:
    """A model file's actor: `predict` picks the best (or a sampled) legal action of an observation."""

    def __init__(self, path: Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> None:
        self.path = path
        self.obs_size = int(meta["obs_size"])
        self.n_actions = int(meta["n_actions"])
        self.indices = arrays.get("indices")
        self.layers = [
            (arrays[f"layer{i}.weight"], arrays[f"layer{i}.bias"]) for i in range(_layer_count(arrays))
        ]
        self.action = (arrays["action.weight"], arrays["action.bias"])
        self.activation = np.tanh if meta["activation"] == "Tanh" else _relu
        self.rng = np.random.default_rng(0)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The action logits of one observation."""
        x = np.asarray(obs, dtype=np.float32).reshape(-1)
        if self.indices is not None:
            x = x[self.indices]
        for weight, bias in self.layers:
            x = self.activation(weight @ x + bias)
        weight, bias = self.action
        return np.asarray(weight @ x + bias, dtype=np.float64)

    def predict(
        self, obs: np.ndarray, action_masks: np.ndarray | None = None, deterministic: bool = True
    ) -> tuple[int, None]:
        """The chosen action index (SB3's `predict` shape: (action, state))."""
        logits = self.logits(obs)
        if action_masks is not None:
            logits = np.where(np.asarray(action_masks, dtype=bool), logits, -np.inf)
        if deterministic:
            return int(np.argmax(logits)), None
        p = np.exp(logits - logits.max())
        return int(self.rng.choice(len(p), p=p / p.sum())), None


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def _layer_count(arrays: dict[str, np.ndarray]) -> int:
    n = 0
    while f"layer{n}.weight" in arrays:
        n += 1
    return n


def read_model_file(path: str | Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """A model file's meta and arrays, read without pickles; ModelFileError names a damaged file."""
    path = Path(path)
    if not path.is_file():
        raise ModelFileError(f"{path}: no such model file (a .npz written by yz_gym.training)")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ModelFileError(f"{path}: larger than {MAX_FILE_BYTES // 2**20} MiB; not a yz_gym model file")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        meta = json.loads(str(arrays.pop("meta")))
    except Exception as error:  # a damaged or foreign file fails in many ways
        raise ModelFileError(f"{path}: not a readable yz_gym model file ({type(error).__name__})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ModelFileError(f"{path}: not a yz_gym model file (no '{FORMAT}' meta)")
    if meta.get("version") != VERSION:
        raise ModelFileError(
            f"{path}: model format version {meta.get('version')!r}; this yz_gym reads {VERSION}"
        )
    return meta, arrays


def load_model_file(path: str | Path, shapes: dict[str, list[int]] | None = None) -> NpcModel:
    """The actor of a model file, every array checked: against `shapes` (the manifest's) when given,
    and always against each other (layer sizes chain, observation size and action count)."""
    path = Path(path)
    meta, arrays = read_model_file(path)
    found = array_shapes(arrays)
    if shapes is not None and found != shapes:
        wrong = sorted(set(found) ^ set(shapes) | {k for k in found if k in shapes and found[k] != shapes[k]})
        raise ModelFileError(
            f"{path}: array shapes differ from the manifest's at {', '.join(wrong[:4])}; replace the file or its entry"
        )
    problem = _inconsistency(meta, arrays)
    if problem:
        raise ModelFileError(f"{path}: {problem}")
    return NpcModel(path, meta, arrays)


def _inconsistency(meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> str:
    """What does not fit in a model file's arrays and meta ('' if all does)."""
    sizes = meta.get("obs_size"), meta.get("n_actions")
    if not all(type(n) is int and 0 < n <= MAX_SIZE for n in sizes):
        return f"obs_size and n_actions must be whole numbers 1-{MAX_SIZE}"
    obs_size, n_actions = int(sizes[0] or 0), int(sizes[1] or 0)
    if meta.get("activation") not in ACTIVATIONS:
        return f"activation must be one of {', '.join(ACTIVATIONS)}"
    if "action.weight" not in arrays or "action.bias" not in arrays:
        return "no action layer (action.weight, action.bias)"
    width = obs_size
    indices = arrays.get("indices")
    if indices is not None:
        if indices.ndim != 1 or indices.dtype.kind not in "iu" or not len(indices):
            return "indices must be a list of observation indices"
        if indices.min() < 0 or indices.max() >= obs_size:
            return f"indices must be observation indices 0-{obs_size - 1}"
        width = len(indices)
    names = [f"layer{i}" for i in range(_layer_count(arrays))] + ["action"]
    for name in names:
        weight, bias = arrays.get(f"{name}.weight"), arrays.get(f"{name}.bias")
        if weight is None or bias is None or weight.dtype.kind != "f" or bias.dtype.kind != "f":
            return f"{name}: needs float arrays {name}.weight and {name}.bias"
        if weight.ndim != 2 or weight.shape[1] != width or bias.shape != (weight.shape[0],):
            return (
                f"{name}: weight {list(weight.shape)} and bias {list(bias.shape)} do not take {width} inputs"
            )
        if not (np.isfinite(weight).all() and np.isfinite(bias).all()):
            return f"{name}: holds NaN or infinite values"
        width = weight.shape[0]
    if width != n_actions:
        return f"the action layer gives {width} logits for {n_actions} actions"
    known = {"indices"} | {f"{n}.{p}" for n in names for p in ("weight", "bias")}
    extra = sorted(set(arrays) - known)
    return f"unexpected arrays {', '.join(extra[:4])}" if extra else ""
