"""Scenario files: reading (reading.py), checking and building (loader.py, chase_loader.py ...).

What every reader shares lives here, so the command line can name it without loading the rest."""

DEFAULT_SCENARIO = "duel"  # the bundled scenario used when none is named
DEFAULT_ENCOUNTER = "warehouse_ambush"  # `yz-gym evaluate`'s default: 3 PCs, an ambush, a close fight


class ScenarioError(ValueError):
    """A scenario that cannot be played; the message names the file, the field and the fix."""

    def __init__(self, message: str) -> None:
        # always one line, even when a name in the file contains line breaks
        super().__init__(" ".join(str(message).replace("\r", "\n").split("\n")))
