"""A resolving frame's stages and flags, what a burst's hit lands on, and the opposed kinds."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.zone.actions import Kind

S_OVERWATCH: Final = 0
S_HELP: Final = 1
S_BLOCK: Final = 2
S_ROLL: Final = 3
S_PUSH: Final = 4
S_RESOLVE: Final = 5
S_AFTER: Final = 6
S_FOLLOW: Final = 7  # AUTO-01: the shooter picks the next target of a burst
S_AMMO: Final = 8  # AUTO-05: the shooter spends the sixes of the ammo dice
S_PRIDE: Final = 9  # DICE-13: the roller may claim its Pride (before the roll, or once it is final)
DECISION_STAGES: Final = frozenset({S_OVERWATCH, S_HELP, S_BLOCK, S_PUSH, S_FOLLOW, S_AMMO, S_PRIDE})
STAGE_NAMES: Final = (
    "overwatch", "help", "block", "roll", "push", "resolve", "after", "full_auto", "ammo", "pride",
)  # fmt: skip
F_FREE: Final = 1  # ACTN-RETREAT-02: a free attack: no action spent, cannot be blocked
F_OVERWATCH: Final = 2  # ACTN-OVERWATCH-01: a shot fired from overwatch
F_SNEAK: Final = 4  # SNEAK-04: +3, cannot be blocked
F_MISSED: Final = 8  # the roll failed (retreat: free attacks follow)
F_MOUNT: Final = 16  # MOUNT-08/11: the attack goes at the target's mount (ATTACK_MOUNT, SHOOT_MOUNT)
F_PRIDE: Final = 32  # DICE-13 (`pride_timing: before_roll`): the Pride was claimed before the roll
F_DEATH: Final = 64  # DICE-13, DEATH-01: a failed death roll waits for its roller's Pride decision
HIT_PERSON: Final = 0  # AUTO-05: what a Frame.hits entry [id, damage, what] hits
HIT_MOUNT: Final = 1
HIT_VEHICLE: Final = 2
OPPOSED: Final = frozenset({Kind.PERSUADE, Kind.BREAK_FREE})  # the other side rolls against it (OPP-05)
