"""Critical injuries, death rolls, stabilising, first aid and recovery (SRD 2.9)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict
from yz_gym.core.clock import TimeUnit
from yz_gym.rulesets.yze.combat.damage import (
    critical_injury,
    death_roll,
    first_aid,
    take_damage,
    tick_lethal_injuries,
)
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import STR, WIT, Injury
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

QUIET = {"ask_push": False, "offer_help": False}
HEALING = {"crit_heal_roll_at": "healing"}  # HEAL-17's other reading: heal times rolled at the first recovery


def attrs(strength: Any = 3, agility: Any = 3, wits: Any = 3, empathy: Any = 3) -> dict[str, Any]:
    return {"attributes": {"strength": strength, "agility": agility, "wits": wits, "empathy": empathy}}


def party(rules: dict[str, Any] | None = None, **specs: dict[str, Any]):
    """Red (side red) against Blue and Cyan (side blue), all in zone A of A-B."""
    combatants = []
    for name, side in (("Red", "red"), ("Blue", "blue"), ("Cyan", "blue")):
        spec = fighter(name, side, "A")
        spec.update(specs.get(name.lower(), {}))
        combatants.append(spec)
    data = scenario_dict(zones=["A", "B"], combatants=combatants, rules={**QUIET, **(rules or {})})
    return game(data)


def set_order(state, *names: str):
    """Make the named combatants act in this order now, the first one's turn under way."""
    ids = [by_name(state, n).id for n in names]
    state.order = ids + [i for i in state.order if i not in ids]
    state.turn_pos = 0
    state.turn_begun = True
    return state


def crit(state, name: str, code: int, table: str = "physical") -> Injury:
    """Give `name` the critical injury `code` (D66 scripted)."""
    c = by_name(state, name)
    critical_injury(state, c, table, FixedDice([code // 10, code % 10] + [6] * 12), [])
    return c.injuries[-1]


# --- CRIT -----------------------------------------------------------------------------------


@pytest.mark.rule("CRIT-01", "BROKEN-04")
def test_broken_by_damage_rolls_the_physical_table_by_stress_the_mental_one():
    state = party()
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    events: list = []
    take_damage(state, blue, 3, FixedDice([2, 3]), events)
    take_damage(state, cyan, 3, FixedDice([1, 4]), events, stress=True)
    crits = [(e.target, e.get("table"), e.get("code"), e.get("name")) for e in events if e.kind == "critical"]
    assert crits == [(blue.id, "physical", 23, "Broken hand"), (cyan.id, "mental", 14, "Tremor")]


@pytest.mark.parametrize(
    ("table", "code"),
    [
        *(pytest.param("physical", c, marks=pytest.mark.rule("CRIT-02", f"CRIT-PHYS-{c}"), id=f"CRIT-PHYS-{c}")
          for c in (63, 64, 65, 66)),
        pytest.param("mental", 66, marks=pytest.mark.rule("CRIT-02", "CRIT-MENT-66"), id="CRIT-MENT-66"),
    ],
)  # fmt: skip
def test_some_results_kill_at_once_with_no_death_roll(table, code):
    state = party()
    blue = by_name(state, "Blue")
    events: list = []
    critical_injury(state, blue, table, FixedDice([code // 10, code % 10, 6, 6, 6]), events)
    assert blue.dead and "death_roll" not in kinds(events) and blue.injuries == []
    state = party()
    crit(state, "Blue", 62 if table == "physical" else 65, table)  # the row before the dead ones
    assert not by_name(state, "Blue").dead


SKILL_ROWS = [  # (D66, skill, dice the crit takes off a pool of Strength/Agility/... 4 + skill 2)
    (14, "Mobility", 2), (15, "Observation", 2), (15, "Marksmanship", 2), (16, "Observation", 2),
    (22, "Mobility", 2), (24, "Persuasion", 2), (31, "Persuasion", 1), (31, "Observation", 1),
    (33, "Mobility", 2), (33, "Observation", 2), (34, "Marksmanship", 2), (34, "Observation", 2),
    (44, "Stamina", 2), (44, "Mobility", 2), (51, "Mobility", 2), (61, "Stamina", 1), (62, "Stamina", 2),
]  # fmt: skip
FOURS = {"attributes": {"strength": 4, "agility": 4, "wits": 4, "empathy": 4}}


@pytest.mark.parametrize(
    ("code", "skill", "penalty"),
    [pytest.param(c, s, p, marks=pytest.mark.rule(f"CRIT-PHYS-{c}", "CRIT-03"), id=f"CRIT-PHYS-{c}-{s}")
     for c, s, p in SKILL_ROWS],
)  # fmt: skip
def test_each_skill_penalty_of_the_physical_table_comes_off_the_pool(code, skill, penalty):
    state = party(blue={**FOURS, "skills": {skill.lower(): 2}})
    blue = by_name(state, "Blue")
    assert skill_pool(state, blue, skill).size == 6
    crit(state, "Blue", code)
    assert skill_pool(state, blue, skill).size == {1: 5, 2: 4}[penalty]
    other = "Healing" if skill != "Healing" else "Insight"
    assert skill_pool(state, blue, other).size == 4  # other skills keep their dice


@pytest.mark.parametrize(
    ("code", "limit", "rounds"),
    [
        pytest.param(61, "round", 1 + 1, marks=pytest.mark.rule("DEATH-01", "CRIT-PHYS-61"), id="round"),
        pytest.param(53, "stretch", 60 + 1, marks=pytest.mark.rule("DEATH-01", "CRIT-PHYS-53"), id="stretch"),
        pytest.param(45, "shift", 3600 + 1, marks=pytest.mark.rule("DEATH-01", "CRIT-PHYS-45"), id="shift"),
        pytest.param(51, "day", 14400 + 1, marks=pytest.mark.rule("DEATH-01", "CRIT-PHYS-51"), id="day"),
    ],
)
def test_a_lethal_crit_counts_its_time_limit_in_rounds(code, limit, rounds):
    state = party()  # a stretch is 60 rounds, a shift 60 stretches (AMB-01); +1: death_roll_grace
    injury = crit(state, "Blue", code)
    assert (injury.step, injury.timer) == (["round", "stretch", "shift", "day"].index(limit), rounds)


@pytest.mark.rule("CRIT-03", "CRIT-PHYS-16", "CRIT-PHYS-31")
def test_skill_penalties_stack_and_hit_untrained_characters():
    state = party(blue=attrs(wits=4))
    blue = by_name(state, "Blue")
    assert skill_pool(state, blue, "Observation").size == 4
    crit(state, "Blue", 16)  # Observation -2
    crit(state, "Blue", 31)  # Persuasion and Observation -1
    assert blue.skill("Observation") == 0
    assert skill_pool(state, blue, "Observation").size == 4 - 3


@pytest.mark.rule("CRIT-PHYS-15", "CRIT-03")
def test_blood_in_eye_takes_two_dice_off_a_shot():
    state = party(red={"weapons": ["pistol"]})
    set_order(state, "Red")
    crit(state, "Red", 15)
    events = act(state, FixedDice([2] * 5), Kind.SHOOT, target="Blue")
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.get("dice")) == 3 + 2 - 2  # AGI 3 + pistol +2, minus 2 (gear dice go first)


@pytest.mark.rule("CRIT-PHYS-41", "CRIT-PHYS-25")
def test_with_a_broken_leg_moving_is_a_slow_action():
    state = party(red={"weapons": ["pistol"]})
    set_order(state, "Red")
    red = by_name(state, "Red")
    crit(state, "Red", 41)
    act(state, FixedDice(), Kind.RUN, zone="B")
    assert red.zone == 1 and red.slow_used
    assert not any(a.kind == Kind.SHOOT for a in engine.legal_actions(state))


@pytest.mark.rule("CRIT-PHYS-32", "CRIT-PHYS-45")
@pytest.mark.parametrize("code", [32, 45])
def test_a_crotch_hit_costs_one_damage_on_each_melee_roll(code):
    state = party(red={"engaged_with": ["Blue"], "weapons": ["sword"]})
    set_order(state, "Red")
    red = by_name(state, "Red")
    crit(state, "Red", code)
    act(state, FixedDice([2] * 5), Kind.CLOSE_ATTACK, target="Blue")
    assert red.attrs[STR] == 3 - 1


@pytest.mark.rule("CRIT-PHYS-23", "CRIT-PHYS-26")
@pytest.mark.parametrize("code", [23, 26])
def test_an_unusable_hand_or_arm_rules_out_two_handed_weapons(code):
    state = party(red={"weapons": ["pistol", "rifle"], "drawn": "pistol"})
    set_order(state, "Red")
    draw_rifle = Action(Kind.DRAW, option=1)
    assert draw_rifle in engine.legal_actions(state)
    crit(state, "Red", code)
    assert draw_rifle not in engine.legal_actions(state)


ARM_ROWS = [23, 26, 36, 43, 52, 54]  # hand or arm unusable
SLOW_ROWS = [14, 25, 35, 41, 42, 51, 53, 55]  # moving is a slow action


def red_with_weapons(drawn: str, **extra: Any):
    """Red's turn, a pistol and a rifle carried (`drawn` in hand), Blue at Short in zone A."""
    state = party(red={"weapons": ["pistol", "rifle"], "drawn": drawn, **extra})
    return set_order(state, "Red")


@pytest.mark.parametrize(
    "code", [pytest.param(c, marks=pytest.mark.rule(f"CRIT-PHYS-{c}"), id=f"CRIT-PHYS-{c}") for c in ARM_ROWS]
)
def test_one_unusable_arm_rules_out_two_handed_weapons_but_not_one_handed_ones(code):
    state = red_with_weapons("pistol")
    draw_rifle, draw_pistol = Action(Kind.DRAW, option=1), Action(Kind.DRAW, option=0)
    crit(state, "Red", code)
    legal = engine.legal_actions(state)
    assert draw_rifle not in legal
    assert any(a.kind == Kind.SHOOT for a in legal) and Action(Kind.AIM) in legal  # the pistol, one-handed
    state = red_with_weapons("rifle")
    crit(state, "Red", code)
    legal = engine.legal_actions(state)
    assert draw_pistol in legal
    assert not {Kind.SHOOT, Kind.AIM, Kind.OVERWATCH, Kind.RELOAD} & {a.kind for a in legal}


@pytest.mark.rule("CRIT-PHYS-26", "CRIT-PHYS-36", "ACTN-CLOSE-03", "ACTN-CLOSE-06")
def test_two_unusable_arms_leave_no_hand_for_any_weapon_a_disarm_or_a_grapple():
    state = red_with_weapons("pistol", engaged_with=["Blue"])
    by_name(state, "Blue").weapons, by_name(state, "Blue").held = [], -1
    crit(state, "Red", 26)
    crit(state, "Red", 36)
    by_name(state, "Red").held = -1
    legal = engine.legal_actions(state)
    kinds_now = {a.kind for a in legal}
    assert not {Kind.DRAW, Kind.SHOOT, Kind.GRAPPLE, Kind.DISARM} & kinds_now
    assert {Kind.CLOSE_ATTACK, Kind.TRIP, Kind.SHOVE} <= kinds_now  # feet, knees and shoulders


@pytest.mark.parametrize(
    "code", [pytest.param(c, marks=pytest.mark.rule(f"CRIT-PHYS-{c}"), id=f"CRIT-PHYS-{c}") for c in SLOW_ROWS]
)
def test_moving_is_slow_makes_a_run_the_slow_action_and_rules_out_a_diving_blow(code):
    state = party(red={"weapons": ["pistol"], "drawn": "pistol"})
    set_order(state, "Red")
    red = by_name(state, "Red")
    assert any(a.kind == Kind.DIVING_BLOW for a in engine.legal_actions(state))
    crit(state, "Red", code)
    assert not any(a.kind == Kind.DIVING_BLOW for a in engine.legal_actions(state))
    act(state, FixedDice([6] * 10), Kind.RUN, zone="B")
    assert red.zone == 1 and red.slow_used and red.actions_used == 1
    legal = engine.legal_actions(state)
    assert not any(a.kind in (Kind.SHOOT, Kind.RUN) for a in legal)  # the slow action is spent


@pytest.mark.rule("CRIT-MENT-64-65")
@pytest.mark.parametrize("code", [64, 65])
def test_a_catatonic_character_cannot_act(code):
    state = party()
    blue = by_name(state, "Blue")
    crit(state, "Blue", code, "mental")
    assert blue.incapacitated and blue.out and not blue.broken and not blue.dead
    set_order(state, "Red", "Blue", "Cyan")
    engine.apply(state, Action(Kind.END_TURN), np.random.default_rng(0))
    assert engine.current_actor(state) == by_name(state, "Cyan").id


@pytest.mark.parametrize(
    ("code", "skill"),
    [
        pytest.param(22, "Observation", marks=pytest.mark.rule("CRIT-MENT-22-24"), id="anxious"),
        pytest.param(24, "Survival", marks=pytest.mark.rule("CRIT-MENT-22-24"), id="anxious@24"),
        pytest.param(25, "Persuasion", marks=pytest.mark.rule("CRIT-MENT-25-31"), id="depressed"),
        pytest.param(31, "Healing", marks=pytest.mark.rule("CRIT-MENT-25-31"), id="depressed@31"),
    ],
)
def test_anxious_and_depressed_are_minus_one_on_their_attributes_rolls(code, skill):
    state = party(blue=attrs(wits=4, empathy=4) | {"skills": {skill.lower(): 2}})
    blue = by_name(state, "Blue")
    crit(state, "Blue", code, "mental")
    assert skill_pool(state, blue, skill).size == 4 + 2 - 1
    assert skill_pool(state, blue, "Melee").size == 3  # a Strength skill keeps its dice


@pytest.mark.rule("CRIT-05", "CRIT-PHYS-22", "CRIT-PHYS-16")
def test_the_crit_table_text_switch_plays_the_second_sources_rows():
    s1, s2 = party(), party({"crit_table_text": "s2"})
    for state in (s1, s2):
        set_order(state, "Red")
        crit(state, "Red", 22)  # broken toes: S1 Mobility -2, S2 moving is slow
        crit(state, "Red", 16)  # concussion: S1 Observation -2, S2 Mobility -2
    red1, red2 = by_name(s1, "Red"), by_name(s2, "Red")
    assert skill_pool(s1, red1, "Mobility").size == 3 - 2
    assert skill_pool(s1, red1, "Observation").size == 3 - 2
    assert skill_pool(s2, red2, "Mobility").size == 3 - 2
    assert skill_pool(s2, red2, "Observation").size == 3
    act(s1, FixedDice(), Kind.RUN, zone="B")
    act(s2, FixedDice(), Kind.RUN, zone="B")
    assert (red1.slow_used, red2.slow_used) == (False, True)
    assert [i.text for i in red2.injuries] == ["s2", "s2"]


@pytest.mark.rule("CRIT-05", "CRIT-MENT-63", "HEAL-06")
def test_amnesia_is_permanent_in_s1_and_heals_in_d6_days_in_s2():
    s1, s2 = party(HEALING), party({**HEALING, "crit_table_text": "s2"})
    for state in (s1, s2):
        crit(state, "Blue", 63, "mental")
    blue1, blue2 = by_name(s1, "Blue"), by_name(s2, "Blue")
    recover(blue1, 40, FixedDice([3]), options=s1.options)
    recover(blue2, 11, FixedDice([3]), options=s2.options)  # 3 days = 12 shifts
    assert len(blue1.injuries) == 1 and len(blue2.injuries) == 1
    recover(blue2, 1, FixedDice(), options=s2.options)
    assert blue2.injuries == [] and len(blue1.injuries) == 1


@pytest.mark.rule("CRIT-PHYS-56", "RANGE-ENGAGED")
def test_a_cracked_spine_paralyses_and_takes_you_out_of_the_fight():
    state = party(red={"engaged_with": ["Blue"]})
    blue, red = by_name(state, "Blue"), by_name(state, "Red")
    red.grappled_by = blue.id
    crit(state, "Blue", 56)
    assert blue.incapacitated and blue.out and not blue.broken
    assert red.grappled_by == -1  # lets go of every hold...
    assert blue.engaged == {red.id}  # ...but lies where it fell, at Engaged range
    set_order(state, "Red", "Blue", "Cyan")
    engine.apply(state, Action(Kind.END_TURN), np.random.default_rng(0))
    assert engine.current_actor(state) == by_name(state, "Cyan").id


@pytest.mark.rule("CRIT-MENT-11-16", "CRIT-03")
def test_a_tremor_is_minus_one_on_agility_rolls():
    state = party()
    blue = by_name(state, "Blue")
    crit(state, "Blue", 12, "mental")
    assert skill_pool(state, blue, "Mobility").size == 2
    assert skill_pool(state, blue, "Melee").size == 3


# --- DEATH ----------------------------------------------------------------------------------


@pytest.mark.rule("DEATH-01", "DEATH-02", "CRIT-PHYS-52")
def test_a_death_roll_comes_when_the_time_limit_runs_out_and_again_after_each_limit():
    state = party({"rounds_per_stretch": 2}, blue={"skills": {"stamina": 3}})
    blue = by_name(state, "Blue")
    injury = crit(state, "Blue", 52)  # severed arm artery: stretch, death roll -1
    assert injury.timer == 2 + 1  # the round of the injury does not count (death_roll_grace)
    events: list = []
    tick_lethal_injuries(state, FixedDice(), events)
    tick_lethal_injuries(state, FixedDice(), events)
    assert "death_roll" not in kinds(events)
    tick_lethal_injuries(state, FixedDice([6, 2]), events)  # STR 3 + Stamina 3 - 1 = 5 dice
    rolls = [e for e in events if e.kind == "death_roll"]
    assert len(rolls) == 1 and len(rolls[0].get("dice")) == 5 and not blue.dead
    assert injury.timer == 2
    tick_lethal_injuries(state, FixedDice(), events)
    tick_lethal_injuries(state, FixedDice([2, 2, 2, 2, 2]), events)
    assert blue.dead


def keep_order(state, *names: str):
    """`set_order`, with initiative cards that keep this order in the next rounds too."""
    for card, name in enumerate(names, start=1):
        state.cards[by_name(state, name).id] = card
    return set_order(state, *names)


def death_roll_dice(state, name: str, code: int) -> int:
    """Dice in the death roll `name` makes for the crit `code` (STR 3, Stamina 4 unless set)."""
    c = by_name(state, name)
    injury = crit(state, name, code)
    events: list = []
    death_roll(state, c, injury, FixedDice([6] * 12), events)
    (roll,) = [e for e in events if e.kind == "death_roll"]
    return len(roll.get("dice"))


@pytest.mark.parametrize(
    ("code", "penalty"),
    [
        pytest.param(61, 1, marks=pytest.mark.rule("CRIT-PHYS-61", "DEATH-02"), id="CRIT-PHYS-61"),
        pytest.param(62, 2, marks=pytest.mark.rule("CRIT-PHYS-62", "DEATH-02"), id="CRIT-PHYS-62"),
        pytest.param(52, 1, marks=pytest.mark.rule("CRIT-PHYS-52", "DEATH-02"), id="CRIT-PHYS-52"),
        pytest.param(53, 1, marks=pytest.mark.rule("CRIT-PHYS-53", "DEATH-02"), id="CRIT-PHYS-53"),
        pytest.param(54, 1, marks=pytest.mark.rule("CRIT-PHYS-54", "DEATH-02"), id="CRIT-PHYS-54"),
        pytest.param(55, 1, marks=pytest.mark.rule("CRIT-PHYS-55", "DEATH-02"), id="CRIT-PHYS-55"),
        pytest.param(45, 0, marks=pytest.mark.rule("CRIT-PHYS-45", "DEATH-01"), id="CRIT-PHYS-45"),
        pytest.param(44, 2, marks=pytest.mark.rule("CRIT-PHYS-44", "DEATH-01"), id="CRIT-PHYS-44"),
    ],
)
def test_the_death_roll_is_stamina_less_the_crits_penalty_taken_once(code, penalty):
    state = party(blue={"skills": {"stamina": 4}})
    assert death_roll_dice(state, "Blue", code) == 3 + 4 - penalty  # 44: its Stamina -2 effect


@pytest.mark.rule("DEATH-02", "CRIT-PHYS-61", "CRIT-PHYS-62")
def test_the_double_reading_is_a_switch():
    state = party({"death_roll_penalty": "double"}, blue={"skills": {"stamina": 4}}, cyan={"skills": {"stamina": 4}})
    assert death_roll_dice(state, "Blue", 62) == 3 + 4 - 2 - 2
    assert death_roll_dice(state, "Cyan", 61) == 3 + 4 - 1 - 1


@pytest.mark.rule("DEATH-01", "CRIT-PHYS-61", "TURN-02")
def test_a_round_limit_death_roll_comes_on_the_victims_next_turn():
    state = party(blue={"skills": {"stamina": 4}})
    blue = by_name(state, "Blue")
    keep_order(state, "Red", "Blue", "Cyan")
    crit(state, "Blue", 61)  # during Red's turn: Blue's next turn is later this round
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2, 2, 2, 2, 6, 2]))
    rolls = [e for e in events if e.kind == "death_roll"]
    assert len(rolls) == 1 and state.round == 1 and rolls[0].actor == blue.id
    assert len(rolls[0].get("dice")) == 3 + 4 - 1 and not blue.dead
    assert events.index(rolls[0]) < next(i for i, e in enumerate(events) if e.kind == "turn" and e.actor == blue.id)
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice())  # Blue's turn ends
    events += engine.apply(state, Action(Kind.END_TURN), FixedDice())  # Cyan's: the round ends
    assert "death_roll" not in kinds(events) and state.round == 2
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))  # Red's, then Blue's turn
    assert [e.actor for e in events if e.kind == "death_roll"] == [blue.id] and blue.dead


@pytest.mark.rule("DEATH-01", "CRIT-PHYS-61", "TURN-02")
def test_a_victim_who_has_acted_makes_the_death_roll_on_next_rounds_turn():
    state = party(blue={"skills": {"stamina": 4}})
    blue = by_name(state, "Blue")
    keep_order(state, "Blue", "Red", "Cyan")
    engine.apply(state, Action(Kind.END_TURN), FixedDice())  # Blue has acted
    crit(state, "Blue", 61)
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice())
    assert "death_roll" not in kinds(events) and state.round == 1
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))  # round 2: Blue first
    assert state.round == 2 and [e.actor for e in events if e.kind == "death_roll"] == [blue.id]


@pytest.mark.rule("DEATH-01", "DEATH-02", "CRIT-PHYS-61")
def test_with_round_end_timing_a_round_limit_crit_rolls_at_the_end_of_the_next_round():
    state = party({"death_roll_timing": "round_end"}, blue={"skills": {"stamina": 4}})
    blue = by_name(state, "Blue")
    blue.attrs[STR] = 0
    crit(state, "Blue", 61)  # ruptured jugular: round, -1, Stamina -1 (one penalty)
    set_order(state, "Red", "Cyan")
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice())
    events += engine.apply(state, Action(Kind.END_TURN), FixedDice())  # end of round 1
    assert "death_roll" not in kinds(events) and state.round == 2
    while "death_roll" not in kinds(events):
        events += engine.apply(state, Action(Kind.END_TURN), FixedDice([2, 2, 2]))
    roll = next(e for e in events if e.kind == "death_roll")
    assert len(roll.get("dice")) == 4 - 1 and blue.dead
    rounds = [(i, e.get("round")) for i, e in enumerate(events) if e.kind == "round"]
    assert rounds[0][0] < events.index(roll) < rounds[1][0] and rounds[1][1] == 3  # at the end of round 2


@pytest.mark.rule("DEATH-03", "DEATH-04", "CRIT-PHYS-62")
def test_stabilising_moves_the_limit_one_step_until_a_shift_limit_is_treated():
    state = party()
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    injury = crit(state, "Blue", 62)  # ruptured aorta: round
    events: list = []
    first_aid(state, cyan, blue, 1, True, events)
    assert (injury.step, injury.timer) == (1, state.options.rounds_per_stretch)
    first_aid(state, cyan, blue, 2, True, events)
    assert (injury.step, injury.timer) == (2, state.options.clock.rounds(TimeUnit.SHIFT))
    first_aid(state, cyan, blue, 1, True, events)  # DEATH-04: a shift limit treated: no more risk
    assert injury.timer == -1
    assert [e.get("limit") for e in events] == ["stretch", "shift", None]


@pytest.mark.rule("DEATH-04", "CRIT-PHYS-44")
def test_treating_a_shift_limit_crit_removes_the_risk_of_death():
    state = party()
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    injury = crit(state, "Blue", 44)
    first_aid(state, cyan, blue, 1, True, [])
    assert injury.timer == -1
    events: list = []
    for _ in range(5):
        tick_lethal_injuries(state, FixedDice(), events)
    assert "death_roll" not in kinds(events)


@pytest.mark.rule("DEATH-05", "ACTN-FIRSTAID-01")
def test_after_a_failed_healing_roll_stabilising_waits_for_another_death_roll():
    state = party(blue={"skills": {"stamina": 2}}, cyan={"skills": {"healing": 1}})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    injury = crit(state, "Blue", 61)
    set_order(state, "Cyan")
    stabilise = Action(Kind.FIRST_AID, target=blue.id, option=1)
    assert stabilise in engine.legal_actions(state)
    act(state, FixedDice([2, 2, 2, 2]), Kind.FIRST_AID, target="Blue", option=1)
    assert injury.stabilise_blocked
    cyan.actions_used, cyan.slow_used = 0, False
    assert stabilise not in engine.legal_actions(state)
    death_roll(state, blue, injury, FixedDice([6, 6, 6, 6]), [])
    assert stabilise in engine.legal_actions(state)


@pytest.mark.rule("DEATH-06", "HEAL-01", "ACT-SLOW-FIRSTAID")
def test_broken_and_dying_needs_two_separate_healing_rolls():
    state = party({"damage_model": "health_resolve"}, cyan={"skills": {"healing": 1}})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    take_damage(state, blue, 9, FixedDice([6, 1]), [])  # broken; crit 61 (lethal, round)
    assert blue.broken and blue.injuries[0].timer >= 0
    set_order(state, "Cyan")
    legal = engine.legal_actions(state)
    assert Action(Kind.FIRST_AID, target=blue.id, option=0) in legal
    assert Action(Kind.FIRST_AID, target=blue.id, option=1) in legal
    act(state, FixedDice([6, 6, 2, 2]), Kind.FIRST_AID, target="Blue", option=0)  # EMP 3 + Healing 1
    assert blue.health == 2 and not blue.broken
    assert blue.injuries[0].timer >= 0  # still dying: the other roll is needed
    assert cyan.slow_used  # ACT-SLOW-FIRSTAID: a slow action


@pytest.mark.rule("HEAL-02", "ACT-SLOW-FIRSTAID")
def test_first_aid_only_for_the_broken():
    state = party({"damage_model": "health_resolve"})
    blue = by_name(state, "Blue")
    take_damage(state, blue, 1, FixedDice(), [])
    set_order(state, "Cyan")
    assert not any(a.kind == Kind.FIRST_AID for a in engine.legal_actions(state))


@pytest.mark.rule("ACTN-FIRSTAID-01", "DEATH-03")
def test_a_medkit_adds_two_gear_dice_to_the_healing_roll():
    state = party(cyan={"items": ["medkit"], "skills": {"healing": 1}})
    blue = by_name(state, "Blue")
    crit(state, "Blue", 61)
    set_order(state, "Cyan")
    events = act(state, FixedDice([2] * 6), Kind.FIRST_AID, target="Blue", option=1)
    roll = next(e for e in events if e.kind == "roll")
    assert roll.get("skill") == "Healing" and len(roll.get("dice")) == 3 + 1 + 2
    assert blue.injuries[0].stabilise_blocked


# --- HEAL: recovery -------------------------------------------------------------------------


@pytest.mark.rule("HEAL-03")
def test_a_broken_character_left_alone_recovers_one_point_per_shift():
    state = party({"damage_model": "health_resolve"})
    blue = by_name(state, "Blue")
    take_damage(state, blue, 9, FixedDice([1, 1]), [])
    take_damage(state, blue, 2, FixedDice([1, 1]), [], stress=True)
    events = recover(blue, 1, FixedDice(), options=state.options)
    assert (blue.health, blue.resolve) == (1, blue.max_resolve - 2)
    assert [e.get("rule") for e in events if e.kind == "recovered"] == ["HEAL-03"]


@pytest.mark.rule("HEAL-04")
def test_others_recover_a_damage_and_a_stress_per_shift_unless_deprived():
    state = party()
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    for c in (blue, cyan):
        c.attrs = [1, 3, 1, 3]
    recover(state, 1, FixedDice(), deprived=[cyan.id])
    assert blue.attrs == [2, 3, 2, 3] and cyan.attrs == [1, 3, 1, 3]
    recover(state, 5, FixedDice())
    assert blue.attrs == [3, 3, 3, 3] and cyan.attrs == [3, 3, 3, 3]


@pytest.mark.rule("HEAL-05")
def test_minor_npcs_broken_by_damage_may_simply_die():
    state = party({"npc_broken_dies": True}, cyan={"pc": True})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    take_damage(state, blue, 3, FixedDice([2, 2, 2]), [])
    take_damage(state, cyan, 3, FixedDice([1, 1]), [])
    assert blue.dead and not cyan.dead and cyan.broken


@pytest.mark.rule("HEAL-06")
def test_critical_injuries_heal_over_their_days_all_at_once():
    state = party(HEALING)
    blue = by_name(state, "Blue")
    crit(state, "Blue", 23)  # broken hand, D6 days
    crit(state, "Blue", 16)  # concussion, D6 days
    crit(state, "Blue", 11)  # winded: no heal time, gone after a shift
    events = recover(blue, 1, FixedDice([2, 3]), options=state.options)  # 2 and 3 days
    assert [i.code for i in blue.injuries] == [23, 16]
    recover(blue, 7, FixedDice(), options=state.options)
    assert [i.code for i in blue.injuries] == [16]  # 8 shifts = 2 days
    recover(blue, 4, FixedDice(), options=state.options)
    assert blue.injuries == [] and "injury_healed" in kinds(events)


@pytest.mark.rule("HEAL-06")
def test_permanent_and_untreated_lethal_crits_do_not_heal():
    state = party({"rounds_per_stretch": 1, "stretches_per_shift": 1})
    blue = by_name(state, "Blue")
    blue.skills["Stamina"] = 5
    crit(state, "Blue", 54)  # severed arm: lethal (shift), permanent
    injury = blue.injuries[0]
    recover(blue, 2, FixedDice([6] * 40), options=state.options)
    assert blue.injuries == [injury] and not blue.dead  # death rolls came and were made
    first_aid(state, by_name(state, "Cyan"), blue, 1, True, [])
    recover(blue, 100, FixedDice(), options=state.options)
    assert blue.injuries == [injury]


@pytest.mark.rule("HEAL-07")
def test_a_carer_with_a_healing_roll_makes_the_day_count_double():
    state = party(HEALING, cyan={"skills": {"healing": 2}})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    crit(state, "Blue", 23)
    recover(blue, 4, FixedDice([2]), options=state.options)  # 2 days; one day passes
    assert blue.injuries
    blue.injuries[0].heal_left = -1
    recover(blue, 4, FixedDice([6, 2, 2, 2, 2, 2]), options=state.options, carer=cyan)
    assert blue.injuries == []


@pytest.mark.rule("HEAL-07", "HEAL-16")
def test_a_carer_whose_healing_roll_fails_does_not_double_the_day():
    state = party(HEALING, cyan={"skills": {"healing": 2}})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    crit(state, "Blue", 23)
    recover(blue, 4, FixedDice([2, 2, 3, 4, 5, 2]), options=state.options, carer=cyan)  # no six; 2 days
    assert blue.injuries and blue.injuries[0].heal_left == 4  # one day of 2 gone, not both
    recover(blue, 4, FixedDice([6, 2, 2, 2, 2]), options=state.options, carer=cyan)
    assert blue.injuries == []


@pytest.mark.rule("HEAL-04", "DMGM-06")
def test_conditions_heal_one_of_each_kind_per_shift():
    state = party({"damage_model": "conditions", "push_cost": "conditions"})
    blue = by_name(state, "Blue")
    take_damage(state, blue, 2, FixedDice(), [])
    take_damage(state, blue, 1, FixedDice(), [], stress=True)
    recover(state, 1, FixedDice())
    assert blue.conditions == ("Exhausted",)
    assert blue.attrs[WIT] == 3
