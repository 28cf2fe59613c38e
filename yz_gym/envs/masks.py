"""Action masks of the rules' legal-action lists, cached per scenario (compiled with the rules core)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from yz_gym.rulesets.yze.zone.actions import Action

MASK_CACHE_SIZE: Final = 1024  # masks kept per scenario encoding (a legal list seen again costs one lookup)
IDLE_INDEX: Final = 0  # the one index the mask of an agent with nothing to decide marks


def idle_mask(n_actions: int) -> np.ndarray:
    """The mask of an agent with nothing to decide (the game is over, or another agent's turn):
    IDLE_INDEX only, so a mask is never all zeros and a masked sampler always has a choice; the env
    takes no action from such an agent (Gymnasium: reset; PettingZoo: step another agent, or None)."""
    mask = np.zeros(n_actions, dtype=np.int8)
    mask[IDLE_INDEX] = 1
    return mask


class MaskCache:
    """The int8 mask and index -> Action map of legal-action lists, built once per list and actor."""

    def __init__(self, codec: Any, n_actions: int) -> None:
        self.codec = codec  # an ActionCodec (or ChaseCodec): its indices(me, actions) encodes them
        self.n_actions = n_actions
        self.found: dict[tuple[object, ...], tuple[np.ndarray, dict[int, Action]]] = {}
        # each actor's index of every action met (a list met first costs a lookup per action, not a codec call)
        self.index_of: dict[int, dict[Action, int]] = {}

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled without the cached masks (they refill themselves)."""
        return (MaskCache, (self.codec, self.n_actions))

    def mask(self, me: int, legal: list[Action]) -> tuple[np.ndarray, dict[int, Action]]:
        """The int8 mask of `legal` for actor `me`, and index -> Action for the legal ones.

        Both are cached and shared between calls: the mask is read-only, the dict not to be changed."""
        key = (me, *legal)
        found = self.found.get(key)
        if found is None:
            found = self._build(me, legal)
            if len(self.found) >= MASK_CACHE_SIZE:
                self.found.clear()
            self.found[key] = found
        return found

    def _build(self, me: int, legal: list[Action]) -> tuple[np.ndarray, dict[int, Action]]:
        """`mask` of a list not in the cache: the codec is asked only about actions never met."""
        index_of = self.index_of.get(me)
        if index_of is None:
            index_of = self.index_of[me] = {}
        by_index: dict[int, Action] = {}
        mask = np.zeros(self.n_actions, dtype=np.int8)
        cells: Any = mask.data  # a writable int8 memoryview: item writes are cheaper than numpy's
        for a in legal:
            i = index_of.get(a)
            if i is None:
                i = index_of[a] = self.codec.indices(me, [a])[0]
            if i >= 0:
                by_index[i] = a
                cells[i] = 1
        mask.flags.writeable = False
        return mask, by_index
