"""Scenario files: reading (reading.py), where they are (files.py), pydantic errors as one line
(validation.py), the front door `load` (loading.py), and each mode's registration and building
(YZE's models and builders in yz_gym/rulesets/yze/scenario/, DX3's and the expedition's here).

What every reader shares lives here, so the command line can name it without loading the rest."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yz_gym.scenario.loading import LoadedScenario

DEFAULT_SCENARIO = "duel"  # the bundled scenario used when none is named
DEFAULT_ENCOUNTER = "warehouse_ambush"  # `yz-gym evaluate`'s default: 3 PCs, an ambush, a close fight


class ScenarioError(ValueError):
    """A scenario that cannot be played; the message names the file, the field and the fix."""

    def __init__(self, message: str) -> None:
        # always one line, even when a name in the file contains line breaks
        super().__init__(" ".join(str(message).replace("\r", "\n").split("\n")))


def load(source: str | Path | dict[str, Any]) -> LoadedScenario:
    """A bundled scenario's name, a .yaml path or a parsed mapping, built by the game its
    `ruleset:` and `mode:` name (yz_gym.scenario.loading.load); a ScenarioError otherwise."""
    from yz_gym.scenario.loading import load as front_door

    return front_door(source)
