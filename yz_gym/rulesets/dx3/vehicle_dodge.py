"""The house-rule two-step vehicle dodge (HR-VEH-DODGE-01..07): a passenger's 〈知覚〉 check changes
the dice and the C値 of the driver's 〈運転〉 check, whose 達成値 is the dodge."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.dice import Check, CheckResult, action_wins, lower_to, roll

SPOTTED_DICE: Final = 2  # HR-VEH-DODGE-03: 〈知覚〉 above the hit: +2 dice ...
SPOTTED_CRIT: Final = 1  # ... and C値 -1, ignoring the floor (HR-VEH-DODGE-04)
UNSPOTTED_DICE: Final = -1  # HR-VEH-DODGE-06: 〈知覚〉 below the hit, or no passenger: -1 die


@dataclass(frozen=True, slots=True)
class VehicleDodge:
    """Both checks of a vehicle dodge and whether the attack missed."""

    perception: CheckResult | None  # the passenger's 〈知覚〉; None with no passenger
    drive: CheckResult  # the driver's 〈運転〉, modified by the perception check
    dodged: bool


def drive_modifiers(perception: CheckResult | None, hit: int) -> tuple[int, int]:
    """(dice, C値 steps down without floor) for the driver from the passenger's 〈知覚〉 against the hit
    達成値: above it +2 dice and -1 (HR-VEH-DODGE-03/04), equal nothing (HR-VEH-DODGE-05), below it,
    failed automatically or no passenger -1 die (HR-VEH-DODGE-06)."""
    if perception is None or perception.automatic_failure or perception.achievement < hit:
        return UNSPOTTED_DICE, 0
    if perception.achievement > hit:
        return SPOTTED_DICE, SPOTTED_CRIT
    return 0, 0


def drive_check(drive: Check, perception: CheckResult | None, hit: int, unfloored_min: int) -> Check:
    """The driver's check after all its effects, changed by the perception check; the C値 -1 is
    clamped at `unfloored_min` (AMB-35), and a pool that drops to 0 dice fails (DX3-DICE-09)."""
    dice, steps = drive_modifiers(perception, hit)
    return replace(drive, dice=drive.dice + dice, crit=lower_to(drive.crit, steps, unfloored_min))


def vehicle_dodge(
    hit: CheckResult,
    perception: Check | None,
    drive: Check,
    rng: np.random.Generator,
    *,
    tie: str,
    unfloored_min: int,
) -> VehicleDodge:
    """Roll a vehicle dodge (HR-VEH-DODGE-01..07): the chosen passenger's 〈知覚〉 (None: no passenger),
    then the driver's 〈運転〉, whose 達成値 is the reacting side's against the hit (ties: `tie`, AMB-32)."""
    seen = roll(perception, rng) if perception is not None else None
    driven = roll(drive_check(drive, seen, hit.achievement, unfloored_min), rng)
    return VehicleDodge(seen, driven, not action_wins(hit, driven, tie))
