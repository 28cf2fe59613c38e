"""`yz_gym/Chase-v0`: one side (or one participant) of a YZE chase (SRD_DIGEST 3), as a Gymnasium env.

    import gymnasium as gym, yz_gym
    env = gym.make("yz_gym/Chase-v0", scenario="chase_car_vs_motorcycle", side="courier")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].nonzero()[0][0])

**Who plays.** The learner controls every combatant of `side` (a name or index; default the
scenario's first side), or with `participant=` the crew of one participant (a runner's name or a
vehicle's name; the rest of its side is then played by an agent). Everyone else is played inside
`step` by the agent of their side: `opponents` is an agent name, an `agents.Agent`, or a dict
{side name: either}; by default each side gets its natural scripted chase agent (`cutoff` for the
pursuer, `flee` for the prey; see agents/chase_agents.py).

**Steps and secrecy.** Every decision the rules ask of a learner combatant is one step
(`info["decision"]`): its secret chase action each round ("action"), a passenger's shot
("shot"), the order to an auto-targeting weapon ("auto_weapon"), and while the round resolves:
go on or cancel a revealed action ("cancel", CHASE-12), push a roll ("push", CHASE-15), the catch
("catch": attack or ram, stay Engaged, overtake; CHASE-FLEE-03/04) and what to do after a won Hide
("hidden", CHASE-HIDE-04). The choices of a round are simultaneous and secret (CHASE-08/10):
the other participants may have chosen before the learner (the rules ask in participant order),
but the observation shows no choice of theirs before the reveal (see `chase_encoding`).

**Spaces.** `Discrete(chase_encoding.N_CHASE_ACTIONS)` with the encoding of `chase_encoding`
(targets in slots relative to the deciding combatant); `info["action_mask"]` (int8) and
`action_masks()` (bool, for sb3-contrib's MaskablePPO) mark the legal indices, and
`info["legal_actions"]` lists them (a tuple of ints, as in Skirmish-v0).
`Box(0, 1, (chase_encoding.CHASE_OBS_SIZE,), float32)`, documented field by field there; with
`obs_mode="dict"` the same values as unit rows, person rows and the mask (`yz_gym.envs.structured`).
Once the chase is over the mask marks index 0 only (never all zeros, as in Skirmish-v0).

**Rewards and ends.** At the end +1 if the learner's side wins (the prey escapes: beyond
Extreme, a won Hide, a lost Cut Off at Extreme, the chase limit; the pursuer catches: the prey is
caught, wrecked or Broken), -1 if another side wins, 0 otherwise (the chase turns into combat:
FIGHT, a catch with `chase_after_catch: fight` or an ambush, CHASE-END-04/HIDE-04; no one
left). Optional shaping (`reward_shaping=True`
or a dict of `ChaseShaping` weights) adds a potential difference each step: the range to the
nearest enemy (growing for the prey, shrinking for the pursuer) and the harm done to enemy
vehicles and people minus the harm taken. `terminated` when the chase is over. The chase limit
(CHASE-END-05, `chase_max_rounds`) is a rule that lets the prey escape, so it also terminates
with the reward; `limit_truncates=True` reports it as `truncated` instead (same reward).

**Hand-over to a fight.** When the chase ends in combat (CHASE-END-04: FIGHT at Engaged, or a
catch with `chase_after_catch: fight`; CHASE-HIDE-04: an ambush) and the chase file declares a
`handover:` map, the last step's `info["handover"]` is the zone fight that follows: a
`yz_gym.rulesets.yze.state.Scenario` with everyone's current damage, injuries and vehicles, placed by
their range bands (yz_gym.rulesets.yze.scenario.handover). The chase episode ends there (reward 0: nobody won
the chase); play the fight on with `gym.make("yz_gym/Skirmish-v0", scenario=info["handover"],
side=...)`, or `engine.new_game(info["handover"], rng)`.

**Illegal actions.** By default (`illegal_action="penalty"`) an index outside the mask returns
reward `illegal_penalty`, the same observation and mask, `info["illegal_action"] = True`, and
changes nothing; `illegal_action="raise"` (for debugging) raises `IllegalActionError` instead.

**Seeding.** `reset(seed=s)` seeds the dice and the agents' generators from one stream: the
same seed and actions give the same episode in any process, also after pickling.

**Render.** "ansi": the strip of range bands, vehicles, people and the last narrated events;
"rgb_array": the chase scene of `yz_gym.envs.scene` (the strip of range bands with every participant
and the ranges between them, vehicles with Hull and crew, the obstacle, who acts, a legend), painted
by `yz_gym.envs.render` like the zone fights' pictures (matplotlib, imported on first use).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.envs.binding import ModeBinding
from yz_gym.envs.chase_encoding import (
    CHASE_DECISIONS,
    CHASE_OBS_SIZE,
    N_CHASE_ACTIONS,
    ChaseEncoding,
    describe_chase_index,
    track_fractions,
)
from yz_gym.envs.core import side_index
from yz_gym.envs.learner_base import LearnerEnv
from yz_gym.envs.structured import Structure, chase_structure
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.state import BEYOND, RANGE_NAMES, ChaseScenario, ChaseState, Phase
from yz_gym.rulesets.yze.scenario.handover import fight_scenario
from yz_gym.scenario.loading import load
from yz_gym.scenario.yze_modes import CHASE_RULES

CHASE_ENV_ID = "yz_gym/Chase-v0"
DEFAULT_CHASE = "chase_car_vs_motorcycle"
ChaseSource = str | Path | dict[str, Any] | ChaseScenario


@dataclass(frozen=True, slots=True)
class ChaseShaping:
    """Weights of the shaping potential (0 = off): range to the nearest enemy in bands / 5, and
    harm (vehicle damage / Hull, lost Health fraction) done minus taken."""

    range: float = 0.05
    harm: float = 0.1

    @property
    def enabled(self) -> bool:
        """Any weight set."""
        return bool(self.range or self.harm)


NO_SHAPING = ChaseShaping(0.0, 0.0)


def chase_shaping(value: bool | dict[str, float] | ChaseShaping | None) -> ChaseShaping:
    """ChaseShaping from True (defaults), a dict of weights, an instance, or None/False (off)."""
    if value is None or value is False:
        return NO_SHAPING
    if value is True:
        return ChaseShaping()
    if isinstance(value, ChaseShaping):
        return value
    known = {f.name for f in fields(ChaseShaping)}
    unknown = sorted(set(value) - known)
    if unknown:
        raise ValueError(f"unknown shaping weight(s) {unknown}; known: {sorted(known)}")
    return replace(ChaseShaping(), **{k: float(v) for k, v in value.items()})


def potential(state: ChaseState, side: int, shaping: ChaseShaping) -> float:
    """The shaping potential of `side`: range to the nearest enemy it still chases or flees
    (more is better for the prey), and harm done minus harm taken."""
    if not shaping.enabled:
        return 0.0
    mine = [u for u, unit in enumerate(state.units) if unit.side == side and unit.status == "in"]
    gaps = [state.range(u, e) for u in mine for e in state.enemies(u)]
    gap = min(gaps) if gaps else BEYOND
    ranged = gap / BEYOND if side != state.scenario.pursuer else -gap / BEYOND
    harm = 0.0
    for v in state.vehicles:
        hurt = v.damage / max(1, v.type.hull)
        harm += -hurt if v.side == side else hurt
    for c in state.world.combatants:
        hurt = 1.0 - track_fractions(state.world, c)[0]
        harm += -hurt if c.side == side else hurt
    return shaping.range * ranged + shaping.harm * harm


def terminal_reward(winner: int, side: int) -> float:
    """+1 if `side` won, -1 if another side did, 0 if nobody (combat, no one left)."""
    if winner < 0:
        return 0.0
    return 1.0 if winner == side else -1.0


def chase_of(source: ChaseSource | None) -> ChaseScenario:
    """A ChaseScenario from a bundled name, a YAML path, a dict, or a ChaseScenario."""
    if source is None:
        source = DEFAULT_CHASE
    if isinstance(source, ChaseScenario):
        return source
    scenario: ChaseScenario = load(source, ("yze", "chase"), "yz_gym/Chase-v0").scenario
    return scenario


def unit_names(scenario: ChaseScenario) -> list[str]:
    """Each participant's name: its vehicle's, or the runner's."""
    people = scenario.base.combatants
    return [
        scenario.vehicles[u.vehicle].name if u.vehicle >= 0 else people[u.pilot].name for u in scenario.units
    ]


def resolve_side(scenario: ChaseScenario, side: str | int | None) -> int:
    """A side's index from its name or index; None = the first side."""
    return side_index(scenario.base.setup.sides, side, scenario.name)


def participant_crew(scenario: ChaseScenario, who: str | int) -> tuple[int, list[int]]:
    """(side, crew combatant ids) of a participant given by name (runner or vehicle) or unit index."""
    names = unit_names(scenario)
    if isinstance(who, int | np.integer) and 0 <= int(who) < len(names):
        u = int(who)
    elif isinstance(who, str) and who in names:
        u = names.index(who)
    else:
        raise ValueError(f"no participant {who!r} in {scenario.name}; participants: {', '.join(names)}")
    unit = scenario.units[u]
    crew = [unit.pilot] if unit.vehicle < 0 else list(scenario.vehicles[unit.vehicle].occupants)
    return unit.side, crew


class PotentialScorer:
    """A side's shaping in a chase: the change of its `potential` since the last take."""

    def __init__(self, side: int, shaping: ChaseShaping) -> None:
        self.side = side
        self.shaping = shaping
        self.phi = 0.0

    def start(self, state: ChaseState) -> None:
        """The potential at the start."""
        self.phi = potential(state, self.side, self.shaping)

    def add(self, events: list[Any]) -> None:
        """Nothing: the potential is read from the state."""

    def take(self, state: ChaseState) -> float:
        """The potential's change since the last take."""
        phi = potential(state, self.side, self.shaping)
        gain = phi - self.phi
        self.phi = phi
        return gain


class ChaseGame(ModeBinding):
    """A YZE chase for the env adapters: `chase_encoding.ChaseEncoding`, potential shaping, the chase limit."""

    rules = CHASE_RULES
    decisions = CHASE_DECISIONS
    noun = "chase"
    n_actions = N_CHASE_ACTIONS
    obs_size = CHASE_OBS_SIZE

    def __init__(self, scenario: ChaseScenario, shaping: ChaseShaping, limit_truncates: bool) -> None:
        base = scenario.base
        super().__init__(scenario, scenario.name, base.combatants, base.setup.sides, shaping)
        self.encoding = ChaseEncoding(scenario)
        self.limit_truncates = bool(limit_truncates)

    def learner(self, side: str | int | None, who: str | int | None = None) -> tuple[int, list[int]]:
        """Every combatant of `side`, or with `who` (a participant: a runner's or a vehicle's name,
        or a unit index) its crew."""
        if who is None:
            return super().learner(side)
        mine, crew = participant_crew(self.scenario, who)
        if side is not None and resolve_side(self.scenario, side) != mine:
            raise ValueError(f"participant {who!r} is not on side {side!r}")
        return mine, crew

    def default_agent(self, side: int) -> Any:
        """The side's natural scripted chase agent (agents/chase_agents.py)."""
        from yz_gym.agents.chase_agents import natural_agent

        return natural_agent(self.scenario, side)

    def mask(self, me: int, legal: list[Any]) -> tuple[np.ndarray, dict[int, Any]]:
        """`ChaseEncoding.mask`."""
        return self.encoding.mask(me, legal)

    def observe(self, state: ChaseState, viewer: int, mine: frozenset[int], actor: int, decision: str) -> np.ndarray:
        """`ChaseEncoding.observe`: the secret choices of `mine` only."""
        return self.encoding.observe(state, viewer, mine, actor)

    def structure(self) -> Structure:
        """Unit rows, person rows (`structured.chase_structure`)."""
        return chase_structure()

    def describe_spaces(self) -> str:
        """The action encoding's table and the observation's fields."""
        from yz_gym.envs.chase_encoding import describe_chase_action_space, describe_chase_observation

        return "\n".join([describe_chase_action_space(), describe_chase_observation()])

    def illegal_message(self, state: ChaseState, actor: int, index: int, by_index: dict[int, Any], decision: str) -> str:
        """The index's meaning and the legal ones."""
        name = self.names[actor] if actor >= 0 else "nobody"
        legal = "; ".join(f"{i}: {chase.describe(state, a)}" for i, a in sorted(by_index.items())[:15])
        more = " ..." if len(by_index) > 15 else ""
        return (
            f"action {index} ({describe_chase_index(index)}) is not legal for {name} now "
            f"({decision} decision); legal: {legal}{more}. Sample with info['action_mask'] / "
            "action_masks(), or make the env with illegal_action='penalty' (the default)"
        )

    def scorer(self, side: int) -> PotentialScorer | None:
        """The potential's change when any weight is set."""
        return PotentialScorer(side, self.shaping) if self.shaping.enabled else None

    def truncated(self, state: ChaseState) -> bool:
        """With `limit_truncates`, the chase limit ended it."""
        return self.limit_truncates and state.termination == Termination.CHASE_LIMIT

    def outcome(self, state: ChaseState) -> dict[str, Any]:
        """`chase_outcome`."""
        return chase_outcome(state)

    def add_info(self, state: ChaseState, side: int, info: dict[str, Any]) -> None:
        """The round, the range to the nearest enemy; at the end the outcome and the hand-over fight."""
        gap = nearest_gap(state, side)
        info["round"] = state.round
        info["range"] = RANGE_NAMES[gap] if gap < BEYOND else "beyond"
        if state.phase == Phase.OVER:
            info["outcome"] = chase_outcome(state)
            fight = fight_scenario(state)
            if fight is not None:
                info["handover"] = fight  # the zone fight after the chase (scenario/handover.py)

    def text(self, state: ChaseState, log: Any, mine: frozenset[int]) -> str:
        """`render_chase_text`."""
        return render_chase_text(state, log, mine)

    def picture(self, state: ChaseState, log: Any, mine: frozenset[int]) -> Any:
        """The chase scene (`render.render_chase_rgb`)."""
        from yz_gym.envs.render import render_chase_rgb

        return render_chase_rgb(state, log, mine)


class ChaseEnv(LearnerEnv):
    """One side (or participant) of a chase; the rest is played by agents. See the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(
        self,
        scenario: ChaseSource | None = None,
        side: str | int | None = None,
        participant: str | int | None = None,
        opponents: Any = None,
        reward_shaping: bool | dict[str, float] | ChaseShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        limit_truncates: bool = False,
        render_mode: str | None = None,
        obs_mode: str = "flat",
    ) -> None:
        game = ChaseGame(chase_of(scenario), chase_shaping(reward_shaping), limit_truncates)
        self.encoding = game.encoding
        self.limit_truncates = game.limit_truncates
        mine, controlled = game.learner(side, participant)
        self._bind(game, mine, controlled, opponents, illegal_action, illegal_penalty, render_mode, obs_mode)


def nearest_gap(state: ChaseState, side: int) -> int:
    """The band between `side` and its nearest enemy still in the chase (5 = none / beyond)."""
    gaps = [
        state.range(u, e)
        for u, unit in enumerate(state.units)
        if unit.side == side and unit.status == "in"
        for e in state.enemies(u)
    ]
    return min(gaps, default=BEYOND)


def chase_outcome(state: ChaseState) -> dict[str, Any]:
    """The end of a chase for info dicts: winner, reason, rounds, how it ended, each participant."""
    result = chase.outcome(state)
    assert result is not None
    return {
        "winner": result.winner,
        "reason": result.reason,
        "rounds": result.rounds,
        "ending": ending(state),
        "participants": chase.results(state),
    }


def ending(state: ChaseState) -> str:
    """How a finished chase ended, one of ENDINGS:

    - "timeout": the chase limit let the prey escape (CHASE-END-05);
    - "combat": it turned into a fight (FIGHT at Engaged or, with `chase_after_catch: fight`, a
      catch, CHASE-END-04; an ambush, CHASE-HIDE-04);
    - "caught": the pursuer won and a prey was caught by a catch attack (CHASE-END-02);
    - "wrecked": a side won because the other was put out of the chase without a catch (vehicles
      wrecked, runners or crews Broken: CHASE-END-03);
    - "escaped": the prey won by getting away (beyond Extreme, Hide, a lost Cut Off at Extreme);
    - "none": no winner (no one left, or several prey sides got away).
    """
    if state.phase != Phase.OVER:
        raise ValueError("the chase is not over")
    if state.termination == Termination.CHASE_LIMIT:
        return "timeout"
    if state.termination == Termination.COMBAT:
        return "combat"
    pursuer = state.scenario.pursuer
    if state.winner < 0:
        return "none"
    if state.winner == pursuer:
        return "caught" if any(u.status == "caught" for u in state.units if u.side != pursuer) else "wrecked"
    lost = [u for u in state.units if u.side == pursuer]
    if lost and all(u.status in ("out", "caught") for u in lost):
        return "wrecked"
    return "escaped"


ENDINGS = ("escaped", "caught", "wrecked", "timeout", "combat", "none")


# --- render -------------------------------------------------------------------------------------


def render_chase_text(
    state: ChaseState, log: Any = (), controlled: frozenset[int] | set[int] = frozenset()
) -> str:
    """The chase as text: round and obstacle, the strip of bands, each participant, recent events."""
    from yz_gym.rulesets.yze.chase.narrate import narrate_chase
    from yz_gym.rulesets.yze.chase.obstacles import obstacle

    names = unit_names(state.scenario)
    people = state.world.combatants
    sides = state.world.setup.sides
    o = obstacle(state.scenario.obstacle_table, state.obstacle)
    lines = [
        f"{state.scenario.name} - round {state.round}/{state.options.chase_max_rounds}, "
        f"{('choosing', 'resolving', 'over')[int(state.phase)]}"
        + (f", obstacle: {o.name}" if o is not None else ""),
    ]
    low = min((u.pos for u in state.units), default=0)
    for u, unit in sorted(enumerate(state.units), key=lambda p: (-p[1].pos, p[1].stamp)):
        role = "pursuer" if unit.side == state.scenario.pursuer else "prey"
        mark = "*" if any(c in controlled for c in state.crew(u)) else " "
        where = "." * (unit.pos - low) + "#"
        line = f"{mark} {where:<12} {names[u]} ({sides[unit.side]}, {role}, {unit.status})"
        if unit.vehicle >= 0:
            v = state.vehicles[unit.vehicle]
            line += f" hull {v.type.hull - v.damage}/{v.type.hull}" + (" WRECK" if v.wrecked else "")
            line += f" alt {v.altitude}" if v.air else ""
        crew = ", ".join(_person_text(state, people[c]) for c in state.crew(u))
        lines.append(line + f" [{crew}]")
    if state.phase == Phase.OVER:
        result = chase.outcome(state)
        assert result is not None
        lines.append(f"Over: {result.winner or 'no winner'} - {result.reason}")
    recent = narrate_chase(state, list(log)[-40:])
    lines += ["", *recent[-10:]]
    return "\n".join(lines)


def _person_text(state: ChaseState, c: Any) -> str:
    from yz_gym.envs.render import tracks

    label, now, most, *_ = tracks(state.world, c)
    return f"{c.name} {label} {now}/{most}" + (" OUT" if c.out else "")


__all__ = [
    "CHASE_ENV_ID",
    "ENDINGS",
    "ChaseEnv",
    "ChaseGame",
    "ChaseShaping",
    "chase_outcome",
    "ending",
    "render_chase_text",
]
