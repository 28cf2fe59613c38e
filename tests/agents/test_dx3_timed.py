"""The DX3 agents' setup, initiative and cleanup combos (agents/dx3_timed.py): dx3_tactical declares one
when what it gives beats its 侵蝕率's cost (a setup buff as the fight starts, healing when hurt, striking
first, armor against a strong attacker) and not for little near 100%; dx3_aggressive declares those that
raise its attacks. Each decision is taken on a constructed fight at its timing decision."""

from __future__ import annotations

from typing import Any

import pytest

from tests.agents.test_dx3_tactical import MIRROR, play_fight
from tests.dx3.fights import fighter, game
from tests.dx3.test_attack_effects import foe, hero, play
from tests.dx3.test_timed_effects import HASTE, REGEN, WAR_CRY
from yz_gym.agents import dx3_timed, make_agent
from yz_gym.agents.arena import game_seeds
from yz_gym.agents.arena import play as play_game
from yz_gym.agents.dx3_tactical import PAST_LIMIT_COST, PC_RATE_COST, Dx3TacticalAgent
from yz_gym.core import registry
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind, Phase
from yz_gym.scenario import load

USE = Dx3Action(Kind.USE_EFFECT, option=0)
NONE = Dx3Action(Kind.DECLINE)
SKIN = {"timing": "setup", "cost": 2, "armor": 5}  # 装甲値 +5 for the round
RAGE = {"timing": "cleanup", "cost": 1, "attack_power": 5}  # ends in the very cleanup process it is declared in
LASTING_RAGE = {**RAGE, "lasts": "scene"}


def choices(state: Dx3State) -> tuple[Dx3Action, Dx3Action]:
    """What dx3_tactical and dx3_aggressive choose at the state's timing decision."""
    legal = engine.legal_actions(state)
    assert engine.decision_kind(state) == "timing" and legal == [USE, NONE]
    return make_agent("dx3_tactical", 0).choose(state, legal), make_agent("dx3_aggressive", 0).choose(state, legal)


def worth(state: Dx3State) -> float:
    """dx3_tactical's net worth of the first timed combo of the fighter asked."""
    agent: Any = make_agent("dx3_tactical", 0)
    return dx3_timed.net_worth(agent, state, state.fighters[engine.current_actor(state)], 0)


def to_cleanup(state: Dx3State) -> None:
    """Both fighters give up their actions: the cleanup process asks for its effects."""
    for _ in range(2):
        play(state, Dx3Action(Kind.SKIP_MINOR))
        play(state, Dx3Action(Kind.SKIP_MAJOR))
    assert state.timing == "cleanup"


def test_a_setup_buff_is_declared_when_the_fight_starts_but_not_for_little_near_100_percent() -> None:
    state = game(hero({"war_cry": 2}), foe(), effects={"war_cry": WAR_CRY})  # engaged: +2 dice, 攻撃力 +6
    assert choices(state) == (USE, USE)
    assert worth(state) > 5.0
    near = game(hero({"war_cry": 2}, encroachment=98), foe(), effects={"war_cry": WAR_CRY})  # 98 + 2: past 99%
    tactical, aggressive = choices(near)
    assert tactical == NONE and aggressive == USE  # the simple agent still raises its attack (98% <= 99%)
    assert worth(near) + PAST_LIMIT_COST > 5.0  # it would gain as much, but not 12 HP of worth
    past = game(hero({"war_cry": 2}, encroachment=100), foe(), effects={"war_cry": WAR_CRY})
    assert choices(past)[1] == NONE  # aggressive keeps its combos below 100%, as with its attack combos


def test_cleanup_healing_is_declared_when_hurt_by_its_exact_expected_hp() -> None:
    hurt = game(hero({"regen": 1}, hp=10), foe("Foe", 40), effects={"regen": REGEN})  # max HP 28: 18 lost
    to_cleanup(hurt)
    assert choices(hurt) == (USE, NONE)  # healing raises no attack: aggressive declines
    assert worth(hurt) == pytest.approx(5.5 - PC_RATE_COST)  # 1D10, all of it kept
    scratched = game(hero({"regen": 1}, hp=25), foe("Foe", 40), effects={"regen": REGEN})  # 3 HP lost
    to_cleanup(scratched)
    assert worth(scratched) == pytest.approx((1 + 2 + 3 * 8) / 10 - PC_RATE_COST)  # min(1D10, 3)
    unhurt = game(hero({"regen": 1}), foe("Foe", 40), effects={"regen": REGEN})
    to_cleanup(unhurt)
    assert choices(unhurt)[0] == NONE
    brink = game(hero({"regen": 1}, hp=10, encroachment=99), foe("Foe", 40), effects={"regen": REGEN})
    to_cleanup(brink)
    assert choices(brink)[0] == NONE  # 99% + 1 would end 《リザレクト》 for 5.5 HP


def test_a_bonus_for_the_round_is_not_declared_in_the_cleanup_process_where_it_ends() -> None:
    state = game(hero({"rage": 1}), foe(), effects={"rage": RAGE})
    to_cleanup(state)
    assert choices(state) == (NONE, NONE)
    state = game(hero({"rage": 1}), foe(), effects={"rage": LASTING_RAGE})
    to_cleanup(state)
    assert choices(state) == (USE, USE)


def test_armor_is_taken_against_an_attacker_that_can_reach_and_not_against_one_that_cannot() -> None:
    brute = foe("Brute", 10, abilities={"body": 5, "sense": 4}, skills={"白兵": 3}, weapons=["sword"])
    state = game(hero({"skin": 1}), brute, effects={"skin": SKIN})
    assert choices(state) == (USE, NONE)
    far = game(hero({"skin": 1}), foe("Weak", 40), effects={"skin": SKIN})  # unarmed, 30 m off: no threat
    assert choices(far) == (NONE, NONE)


def test_an_initiative_bonus_is_declared_to_fell_a_quicker_enemy_before_it_strikes() -> None:
    slow = fighter("Slow", "pcs", 10, pc=True, abilities={"sense": 1, "mind": 1}, skills={"白兵": 3},
                   weapons=["sword"], encroachment=60, effects={"haste": 1})  # fmt: skip  (行動値 3)
    quick = {"abilities": {"sense": 3}, "skills": {"白兵": 2}, "weapons": ["sword"]}  # 行動値 8
    state = game(slow, fighter("Quick", "npcs", 10, hp=5, **quick), effects={"haste": HASTE})
    assert engine.current_actor(state) == 0 and state.timing == "initiative"
    assert choices(state) == (USE, NONE)
    sturdy = game(slow, fighter("Quick", "npcs", 10, **quick), effects={"haste": HASTE})  # 28 HP: no first strike
    assert choices(sturdy)[0] == NONE


def test_tactical_play_with_timed_effects_is_legal_uses_them_and_repeats_with_the_seed() -> None:
    from tests.dx3.test_timed_random_play import scenario

    fight = scenario()

    def play_out(seed: int) -> list[tuple[str, int]]:
        _, events = play_fight(fight, ("dx3_tactical", "dx3_aggressive"), seed)
        return [(e.kind, e.actor) for e in events]

    games = [play_out(seed) for seed in range(4)]
    used = {actor for game_ in games for kind, actor in game_ if kind == "timed_effect"}
    assert used & {0, 1} and not used & {3, 4}  # the PCs' (tactical); the NPCs' (aggressive) raise no attack
    assert play_out(2) == games[2]


class Declining(Dx3TacticalAgent):
    """dx3_tactical that declines every setup, initiative and cleanup effect (as it did before)."""

    name = "dx3_tactical_declining"

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """DECLINE at a timing decision, else dx3_tactical's choice."""
        return NONE if state.phase == Phase.TIMING else super().choose(state, actions)


def test_declaring_timed_effects_wins_a_mirror_fight_against_declining_them() -> None:
    """Two equal pairs with a setup buff, a cleanup heal and an initiative boost each, seats
    alternating: over 500 games the agent won 458 and lost 42 (91.6%); here 40 games, at least 30."""
    data = dict(MIRROR, effects={"war_cry": WAR_CRY, "regen": REGEN, "haste": HASTE})
    data["fighters"] = [
        {**f, "effects": {**f["effects"], "war_cry": 2, "regen": 1, "haste": 1}} for f in MIRROR["fighters"]
    ]
    fight = load(data).scenario
    rules = registry.get("dx3", "skirmish").rules
    wins = 0
    for n in range(40):
        rng, seeds = game_seeds(0, n, 2)
        mine = n % 2
        agents = [Dx3TacticalAgent(seeds[s]) if s == mine else Declining(seeds[s]) for s in range(2)]
        wins += play_game(fight, agents, rng, rules) == mine
    assert wins >= 30
