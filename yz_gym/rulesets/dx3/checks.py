"""The one door of a PC's check to Titus sublimation (DX3-TITUS-02..05): whether the roller may
sublimate now, and `pause`, which every check a character makes calls before it is rolled. When the
roller may sublimate on it, the fight waits for the sublimation decision (Phase.SUBLIMATE,
sublimation.py), which rolls the check and carries its procedure on; otherwise the caller rolls it."""

from __future__ import annotations

from yz_gym.rulesets.dx3.dice import Check, CheckResult
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Fighter, Phase, Sublimation
from yz_gym.rulesets.dx3.statuses import PRESSURE
from yz_gym.rulesets.dx3.stealth import AREA_TIE
from yz_gym.rulesets.dx3.titus import per_check_room


def titus_ready(state: Dx3State, f: Fighter) -> bool:
    """f, a PC, may sublimate a Titus now: it holds one, or a Lois it may turn into one
    (`lois_to_titus: free`, DX3-TITUS-01); not under 重圧 unless `titus_despite_pressure` (DX3-TITUS-05)."""
    options = state.options
    held = f.char.titus > 0 or (f.char.lois > 0 and options.lois_to_titus == "free")
    return f.pc and not f.dead and held and (options.titus_despite_pressure or PRESSURE not in f.statuses)


def tie_of(state: Dx3State, purpose: int) -> str:
    """Who wins a tie on a check for `purpose`: the attacker in an area-damage check (HR-STEALTH-08),
    else as `tie` says (DX3-DICE-13)."""
    return AREA_TIE if purpose in (CheckFor.MIND, CheckFor.NOTICE) else state.options.tie


def has_room(state: Dx3State, f: Fighter, spent: int) -> bool:
    """f may sublimate one more Titus on a check that has `spent` already (DX3-TITUS-04)."""
    return titus_ready(state, f) and per_check_room(spent, state.options.titus_per_check) > 0


def pause(
    state: Dx3State, f: Fighter, purpose: CheckFor, action: Dx3Action, check: Check | None = None, *,
    difficulty: int = -1, subject: int = -1, earlier: CheckResult | None = None, later: Check | None = None,
) -> bool:  # fmt: skip
    """Before f's check for `purpose` is rolled: open the sublimation decision (True) when f may
    sublimate on it; False: the caller rolls the check itself."""
    if not has_room(state, f, 0):
        return False
    state.sublimation = Sublimation(f.id, action, purpose, check, difficulty, subject, earlier, later)
    state.phase = Phase.SUBLIMATE
    return True
