"""Encounter fights on the journey (ENCOUNTER-05, TIME-09): a zone fight from a bundled or given
skirmish scenario, started with the party as the trip has left it (damage, stress, injuries,
conditions, ammunition, items; the dead lie where they fell), played by scripted agents, and its
result carried back to the party."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.setting import PoisonedWeapon, own_setting
from yz_gym.rulesets.yze.state import Combatant, GameState, Scenario
from yz_gym.rulesets.yze.travel.vials import Vial, coated_setup
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action


class Fighter(Protocol):
    """What plays a side of an encounter's fight: a scripted agent (agents live above the rules)."""

    def choose(self, state: GameState, legal: list[Action]) -> Action: ...


AgentMaker = Callable[[str, int], Fighter]  # (agent name, seed) -> a fighter
_MAKERS: list[AgentMaker] = []  # the one the expedition mode installs (scenario/expedition_mode.py)


def use_agents(maker: AgentMaker) -> None:
    """Install how encounter fights make their agents (the expedition mode does, on import)."""
    _MAKERS[:] = [maker]


@dataclass(frozen=True, slots=True)
class FightSpec:
    """An encounter's fight: its label, the zone fight with the party in it (`party`: the fight's
    index of each party member, in party order), the party's side in it, a fixed attitude ("" =
    rolled, ENCOUNTER-04) and whether the others are motorized (WATCH-05)."""

    label: str
    scenario: Scenario
    party: tuple[int, ...]
    side: int
    attitude: str = ""
    motorized: bool = False


@dataclass(frozen=True, slots=True)
class FightResult:
    """What a fight left: the winning side's name (or None), rounds fought, party members killed."""

    winner: str | None
    rounds: int
    killed: tuple[int, ...]
    lines: tuple[str, ...]


def carry(into: Combatant, member: Combatant) -> None:
    """Everything the trip changes in a person, copied from `member` into `into` (who keeps its
    id, side and place)."""
    into.attrs = member.attrs.copy()
    into.health, into.resolve, into.stress = member.health, member.resolve, member.stress
    into.injuries = [i.copy() for i in member.injuries]
    into.conditions, into.panic, into.willpower = member.conditions, member.panic, member.willpower
    into.weapons = [w.copy() for w in member.weapons]
    into.items = member.items.copy()
    into.armor, into.armor_rating, into.armor_max = member.armor, member.armor_rating, member.armor_max
    into.timed = [t.copy() for t in member.timed]
    into.dead, into.incapacitated = member.dead, member.incapacitated
    into.pride_used, into.specialties = member.pride_used, member.specialties
    into.mount = member.mount.copy() if member.mount is not None else None


@dataclass(frozen=True, slots=True)
class Sky:
    """The shift's weather in a fight (WEATHER-07, WEATHER-10..13): the farthest range band seen
    (zones.Range; -1: no limit) and the modifier of every ranged attack."""

    visibility: int = -1
    ranged_mod: int = 0


CLEAR_SKY = Sky()


def start_fight(spec: FightSpec, party: list[Combatant], ambush_by: int, prepared: bool,
                rng: np.random.Generator, vials: tuple[Vial, ...] = (), doses: list[int] | None = None,
                sky: Sky = CLEAR_SKY) -> GameState:  # fmt: skip
    """ENCOUNTER-05: the fight with the party as it is; `ambush_by` (a side of the fight, -1 none)
    ambushes (AMBUSH-01/02), well prepared or not; each carried vial with `doses` left coats its
    carrier's weapon (vials.py); the fight takes the shift's `sky` (WEATHER-07, WEATHER-13)."""
    people = [c.copy() for c in spec.scenario.combatants]
    for member, index in zip(party, spec.party):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
        carry(people[index], member)
    setup = spec.scenario.setup
    if ambush_by >= 0:
        setup = replace(setup, ambush={"by": setup.sides[ambush_by], "prepared": prepared})
    left = doses if doses is not None else [v.doses for v in vials]
    coats: dict[int, PoisonedWeapon] = {}
    for k, v in enumerate(vials):
        if left[k] > 0 and not party[v.carrier].dead:
            coats[spec.party[v.carrier]] = PoisonedWeapon(v.weapon, v.poison, left[k])
    setup = coated_setup(setup, coats)
    if sky != CLEAR_SKY:
        weathered = own_setting(setup.hazards, len(setup.zone_map.zones))
        setup = replace(setup, hazards=replace(weathered, visibility=sky.visibility, ranged_mod=sky.ranged_mod))
    game = engine.new_game(replace(spec.scenario, setup=setup, combatants=tuple(people)), rng)
    game.doses.update({i: coat.doses for i, coat in coats.items()})
    return game


def play_fight(
    spec: FightSpec,
    party: list[Combatant],
    agent: str,
    ambush_by: int,
    prepared: bool,
    detailed: bool,
    rng: np.random.Generator,
    vials: tuple[Vial, ...] = (),
    doses: list[int] | None = None,
    sky: Sky = CLEAR_SKY,
) -> FightResult:
    """Play the encounter's fight with the scripted `agent` on every side (seeded from `rng`), carry
    the result back into `party` and the vials' `doses` left, and narrate it when `detailed`."""
    from yz_gym.rulesets.yze.zone.narrate import narrate

    if not _MAKERS:
        raise RuntimeError("encounter fights need agents: import yz_gym.scenario.expedition_mode first")
    game = start_fight(spec, party, ambush_by, prepared, rng, vials, doses, sky)
    sides = game.setup.sides
    agents = [_MAKERS[0](agent, int(rng.integers(2**31))) for _ in sides]
    lines: list[str] = narrate(game, game.opening) if detailed else []
    while not engine.is_over(game):
        actor = engine.current_actor(game)
        legal = engine.legal_actions(game)
        action = agents[game.combatants[actor].side].choose(game, legal)
        text = engine.describe(game, action) if detailed else ""
        events = engine.apply(game, action, rng, legal)
        if detailed:
            lines.append(f"  {game.combatants[actor].name}: {text}.")
            lines += narrate(game, events)
    killed = []
    for member, index in zip(party, spec.party):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
        fought = game.combatants[index]
        if fought.dead and not member.dead:
            killed.append(member.id)
        member_id, side = member.id, member.side
        carry(member, fought)
        member.id, member.side = member_id, side
        member.fled = member.surrendered = False
        member.burning = 0
        member.engaged = set()
    if doses is not None:
        for k, v in enumerate(vials):
            doses[k] = game.doses.get(spec.party[v.carrier], doses[k])
    outcome = engine.outcome(game)
    winner = outcome.winner if outcome is not None else None
    return FightResult(winner, game.round, tuple(killed), tuple(lines))


def fight_event(spec: FightSpec, result: FightResult, distance: str, spotted: str) -> Event:
    """The fight as one journey event (its narrated lines in `log` when kept)."""
    return Event("fight", -1, -1, {"name": spec.label, "winner": result.winner, "rounds": result.rounds,
                                   "distance": distance, "spotted": spotted, "log": list(result.lines)})  # fmt: skip
