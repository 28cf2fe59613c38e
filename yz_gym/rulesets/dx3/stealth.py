"""The hidden state (隠密状態, DX3-HID-*, DX3-BS-12/13) with seed 001's stealth rules
(HR-STEALTH-01..08): entering it, who can be targeted, what ends it, stealth moves and slipping
past enemies, searching, and area attacks against the hidden. Every function returns new values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.character import Dx3Character
from yz_gym.rulesets.dx3.dice import Check, CheckResult, action_wins, roll
from yz_gym.rulesets.dx3.effects import AREA, SCENE, SELF
from yz_gym.rulesets.dx3.options import Dx3Options
from yz_gym.rulesets.dx3.statuses import mind_check

PERCEPTION: Final = "知覚"
AREA_TIE: Final = "reaction"  # HR-STEALTH-08: in the area-damage check the attacker (the reacting side) wins ties
# actions a hidden character may take; all but the stealth move end the state (DX3-HID-05)
MAJOR_ACTION: Final = "major"
MINOR_ACTION: Final = "minor"
AUTO_ACTION: Final = "auto"
REACTION_ACTION: Final = "reaction"
MOVE_ACTION: Final = "move"
COVER_ACTION: Final = "cover"
STEALTH_MOVE: Final = "stealth_move"  # HR-STEALTH-03
ACTIONS: Final = (MAJOR_ACTION, MINOR_ACTION, AUTO_ACTION, REACTION_ACTION, MOVE_ACTION, COVER_ACTION, STEALTH_MOVE)


@dataclass(frozen=True, slots=True)
class Hidden:
    """Whether a character is hidden, and whether it lapses at the end of this main process (an
    effect's hiding, DX3-HID-02, DX3-EFF-M14)."""

    hidden: bool = False
    lapses: bool = False


SEEN: Final = Hidden()


def enter_problem(action: str, engaged: bool, easy: bool, options: Dx3Options) -> str:
    """Why a character cannot declare the hidden state with `action` ("" when it can): a major
    action, not while engaged with an enemy (DX3-HID-01); a minor action only where hiding is very
    easy, not engaged, with `stealth_minor_when_easy` (HR-STEALTH-02)."""
    if engaged:
        return "a character engaged with an enemy cannot hide"
    if action == MAJOR_ACTION:
        return ""
    if action == MINOR_ACTION and easy and options.stealth_minor_when_easy:
        return ""
    if action == MINOR_ACTION:
        return "hiding takes a major action here (a minor action only where hiding is very easy)"
    return f"hiding is declared as a major action, not {action!r}"


@dataclass(frozen=True, slots=True)
class Attempt:
    """A try at the hidden state: the state after it and the 〈知覚〉 check, if one was rolled."""

    state: Hidden
    check: CheckResult | None


def enter(
    who: Dx3Character,
    action: str,
    difficulty: int,
    rng: np.random.Generator,
    options: Dx3Options,
    *,
    dice: int = 0,
) -> Attempt:
    """Declare the hidden state (after enter_problem): as a major action with `stealth_check` a
    〈知覚〉 check at the spot's `difficulty` decides (HR-STEALTH-01), without it the core has no
    check (DX3-HID-01); as a minor action where it is easy, no check (HR-STEALTH-02)."""
    if not checked(action, options):
        return Attempt(Hidden(True), None)
    result = roll(perception(who, options, dice), rng)
    return Attempt(Hidden(result.succeeds(difficulty)), result)


def checked(action: str, options: Dx3Options) -> bool:
    """Whether declaring the hidden state with `action` takes a 〈知覚〉 check (HR-STEALTH-01/02)."""
    return action == MAJOR_ACTION and options.stealth_check


def hidden_by_effect() -> Hidden:
    """An effect's hiding: hidden until the end of this main process, even while engaged (DX3-HID-02)."""
    return Hidden(True, True)


def process_end(state: Hidden) -> Hidden:
    """At the end of a main process an effect's hiding lapses (DX3-HID-02)."""
    return SEEN if state.lapses else state


def targetable(state: Hidden, target: str, options: Dx3Options, sees_hidden: bool = False) -> bool:
    """Whether an action with 対象 `target` reaches a character in `state`: a hidden one is not chosen
    by any action, friendly or not (DX3-HID-03, DX3-BS-12, `hidden_untargetable`), so 単体, N体 and the
    (選択) areas miss it, while 範囲 and シーン still catch it (DX3-HID-04); an effect may let its user
    aim at the hidden (DX3-HID-08)."""
    if not state.hidden or sees_hidden or not options.hidden_untargetable:
        return True
    return target in (AREA, SCENE, SELF)  # 自身 is the hidden character's own


def after_action(state: Hidden, action: str, options: Dx3Options) -> Hidden:
    """The state after the hidden character takes `action`: any action ends it, auto actions and
    moves included (DX3-HID-05), covering as `hidden_cover_ends` says; a stealth move keeps it
    (HR-STEALTH-03)."""
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action!r}; use one of {', '.join(ACTIONS)}")
    if action == STEALTH_MOVE or (action == COVER_ACTION and not options.hidden_cover_ends):
        return state
    return SEEN


def attack_dice(state: Hidden, options: Dx3Options) -> int:
    """Dice an attack from the hidden state gains: `hidden_attack_dice`, 0 in DX3, which gives the
    target's reaction no penalty either (DX3-HID-07, DX3-BS-13)."""
    return options.hidden_attack_dice if state.hidden else 0


def stealth_move_distance(combat_move: int) -> int:
    """A stealth move (major action) covers the combat-move distance (HR-STEALTH-03)."""
    return combat_move


def keenest(watchers: Sequence[Dx3Character], options: Dx3Options) -> Dx3Character:
    """The enemy whose 〈知覚〉 the sneaking character faces: the highest 〈知覚〉 (most dice, then the
    higher skill level, then the first given) among those passed or engaged (AMB-36)."""
    if not watchers:
        raise ValueError("no enemy to slip past")
    best = watchers[0]
    best_check = perception(best, options, 0)
    for watcher in watchers[1:]:
        check = perception(watcher, options, 0)
        if (check.dice, check.modifier) > (best_check.dice, best_check.modifier):
            best, best_check = watcher, check
    return best


def perception(who: Dx3Character, options: Dx3Options, dice: int = 0) -> Check:
    """A 〈知覚〉 check with `dice` more (or fewer)."""
    return who.check(PERCEPTION, floor=options.crit_floor, table=options.encroach_table, dice=dice)


@dataclass(frozen=True, slots=True)
class Contest:
    """An opposed check over the hidden state: both rolls and the state after it."""

    state: Hidden
    acting: CheckResult | None
    reacting: CheckResult | None


def slip_past(
    sneaker: Dx3Character,
    watchers: Sequence[Dx3Character],
    state: Hidden,
    rng: np.random.Generator,
    options: Dx3Options,
    *,
    allowed: bool = True,
    penalty: int = 0,
) -> Contest:
    """Slipping past enemies, or staying hidden while engaged (HR-STEALTH-04): one opposed 〈知覚〉
    check, the sneaker acting against the keenest enemy or against each (`slip_past_against`,
    AMB-36), ties per `tie`; the GM may forbid it (`allowed`) or give `penalty` dice off
    (HR-STEALTH-05). Losing ends the hidden state; the contest keeps the roll that beat the sneaker,
    or the best one it beat."""
    if not state.hidden:
        raise ValueError("only a hidden character slips past")
    if not allowed:
        return Contest(SEEN, None, None)
    return outwit(roll(perception(sneaker, options, -penalty), rng), watchers, state, rng, options)


def outwit(
    acting: CheckResult, watchers: Sequence[Dx3Character], state: Hidden, rng: np.random.Generator,
    options: Dx3Options,
) -> Contest:  # fmt: skip
    """The enemies' 〈知覚〉 against the sneaker's final check `acting` (slip_past, HR-STEALTH-04)."""
    contest = Contest(state, acting, None)
    for opponent in opponents_of(watchers, options):  # `each`: the enemies roll in turn until one beats the sneaker
        contest = watched_by(contest, roll(perception(opponent, options, 0), rng), options)
        if not contest.state.hidden:
            break
    return contest


def watched_by(contest: Contest, result: CheckResult, options: Dx3Options) -> Contest:
    """One more watcher's 〈知覚〉 `result` against the sneaker's (`contest.acting`): it beats the sneaker
    (SEEN, keeping that roll) or the contest goes on with the best roll the sneaker beat."""
    assert contest.acting is not None
    if not action_wins(contest.acting, result, options.tie):
        return Contest(SEEN, contest.acting, result)
    best = contest.reacting
    return Contest(contest.state, contest.acting, result if best is None or result.achievement > best.achievement else best)


def opponents_of(watchers: Sequence[Dx3Character], options: Dx3Options) -> list[Dx3Character]:
    """Whose 〈知覚〉 a sneaker faces: the keenest watcher or each (`slip_past_against`, AMB-36)."""
    opponents = [keenest(watchers, options)] if options.slip_past_against == "keenest" else list(watchers)
    if not opponents:
        raise ValueError("no enemy to slip past")
    return opponents


def watch(watchers: Sequence[Dx3Character], rng: np.random.Generator, options: Dx3Options) -> CheckResult:
    """Every opponent's 〈知覚〉 rolled at once, before the sneaker's +1D10 (`titus_result_at: both_rolls`):
    the best roll, the one the sneaker must beat."""
    rolls = [roll(perception(opponent, options, 0), rng) for opponent in opponents_of(watchers, options)]
    return max(rolls, key=lambda r: (not r.automatic_failure, r.achievement))


def search(
    searcher: Dx3Character, hidden: Dx3Character, state: Hidden, rng: np.random.Generator, options: Dx3Options
) -> Contest:
    """A major action looking for a hidden character (DX3-HID-06): the searcher's 〈知覚〉 acting against
    the hidden side's 〈知覚〉 (wins ties per `tie`), or against `no_reaction_value` with
    `hidden_search_roll` none; a win ends the hidden state."""
    acting = roll(perception(searcher, options, 0), rng)
    reacting = roll(perception(hidden, options, 0), rng) if options.hidden_search_roll == "perception" else None
    return spotted(acting, reacting, state, options)


def spotted(acting: CheckResult, reacting: CheckResult | None, state: Hidden, options: Dx3Options) -> Contest:
    """A search judged (DX3-HID-06): the searcher's `acting` against the hidden side's `reacting` (None:
    no roll, `no_reaction_value`), the searcher winning ties per `tie`; a win ends the hidden state."""
    found = action_wins(acting, reacting, options.tie, options.no_reaction_value)
    return Contest(SEEN if found else state, acting, reacting)


def after_damage(
    state: Hidden,
    damaged: Dx3Character,
    attacker: Dx3Character,
    area: bool,
    rng: np.random.Generator,
    options: Dx3Options,
    *,
    dice: int = 0,
) -> Contest:
    """The hidden state of a character who took damage. An area attack with `stealth_area_check`
    (HR-STEALTH-06..08): no automatic end; the damaged side's 【精神】 (mind_check, AMB-36) acts against
    the attacker's 〈知覚〉 and the attacker wins ties, ending the state. Otherwise damage ends it only
    with `hidden_ends_on_damage` (DX3-HID-09)."""
    if not state.hidden:
        return Contest(state, None, None)
    if area and options.stealth_area_check:
        acting = roll(mind_check(damaged, options, dice), rng)
        return outlasted(state, acting, roll(perception(attacker, options, 0), rng))
    return Contest(SEEN if options.hidden_ends_on_damage else state, None, None)


def outlasted(state: Hidden, acting: CheckResult, reacting: CheckResult) -> Contest:
    """The area-damage check judged (HR-STEALTH-07/08): the damaged side's 【精神】 `acting` must beat the
    attacker's 〈知覚〉 `reacting`, the attacker winning ties, or the hidden state ends."""
    return Contest(state if action_wins(acting, reacting, AREA_TIE) else SEEN, acting, reacting)
