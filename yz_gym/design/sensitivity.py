"""What matters most in an encounter: every change of one step, one at a time (each combatant's
attributes, skills, weapon, armor, count and starting zone; each zone's cover and light), played on
the same games as the encounter as written (paired seeds), and ranked by its effect on a side's
win chance, with its effect on the party's chance that a PC dies. Every effect has a paired 95%
interval (paired.py).

A step: an attribute or skill +/-1 within its range; a weapon to the next stronger one of its skill
that reaches as far or further, or the next weaker one that reaches no further (tables.WEAPONS
ranked by bonus + damage); armor to the next better or worse rating
(none below all); an NPC entry's count +/-1; a starting zone to each neighbouring zone; a zone's
best cover piece one grade up or down (off below furniture; furniture added where there is
none); light one step between normal, dim and dark. A change that makes a scenario its loader
refuses (a side starting in its goal zone ...) is listed as skipped with the reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from yz_gym.design import KINDS
from yz_gym.design.paired import PairedChange, Record, paired_change
from yz_gym.design.variation import ATTRIBUTES, LIGHT, SKILL_NAMES, Value, Variation, edited
from yz_gym.evaluation.runner import Interruption, evaluate
from yz_gym.evaluation.stats import EncounterStats
from yz_gym.rulesets.yze.scenario.models import RANGES
from yz_gym.rulesets.yze.tables import ARMORS, COVERS, WEAPONS
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import LoadedScenario, build_data

DIRECTED: Final = ("attribute", "skill", "weapon", "armor", "count")  # a step up strengthens its owner
GRADES: Final = ("D", "C", "B", "A")  # step dice grades, weakest first (STEP-01)


@dataclass(frozen=True, slots=True)
class Change:
    """One step of one thing: what it is (`factor`, a row of the tornado plot), which way, and
    whose it is."""

    kind: str  # one of KINDS
    factor: str  # e.g. "Viper agility"
    step: str  # e.g. "+1 (3 -> 4)", "knife -> sword", "Loading dock -> Crate rows"
    variation: Variation
    value: Value
    owner: str = ""  # the side of the combatant changed ("" for a zone)
    up: bool = True  # the stronger way (more, better, more cover, darker): the plot's colour

    @property
    def label(self) -> str:
        """ "Viper agility +1 (3 -> 4)"."""
        return f"{self.factor} {self.step}"

    @property
    def helps(self) -> str:
        """The side this change strengthens: its owner's, for a step up of a rating, weapon, armor
        or count ("" for a step down and for zones and starting zones, which favour no side as such)."""
        return self.owner if self.up and self.kind in DIRECTED else ""

    @property
    def hurts(self) -> str:
        """The side this change weakens: its owner's, for a step down of a rating, weapon, armor or count."""
        return self.owner if not self.up and self.kind in DIRECTED else ""


@dataclass(frozen=True, slots=True)
class Effect:
    """A change's effect, game by game against the encounter as written."""

    change: Change
    wins: dict[str, PairedChange]  # each side's win
    death: PairedChange | None  # a PC dies (None: no PC marked)
    knockout: PairedChange | None  # total party knockout


@dataclass(slots=True)
class Sensitivity:
    """The effects of every change, the encounter as written, and the changes that were skipped."""

    base: EncounterStats
    side: str  # whose win chance ranks the changes
    effects: list[Effect] = field(default_factory=list)
    skipped: list[tuple[Change, str]] = field(default_factory=list)
    interruption: Interruption = field(default_factory=Interruption)

    def ranked(self) -> list[Effect]:
        """The effects, largest change of `side`'s win chance first."""
        return sorted(self.effects, key=lambda e: -abs(e.wins[self.side].change))

    def to_json(self) -> dict[str, Any]:
        """The ranked effects with their paired intervals, as a JSON-ready report."""

        def entry(p: PairedChange | None) -> dict[str, Any] | None:
            if p is None:
                return None
            low, high = p.interval()
            return {"base": p.base, "changed": p.changed, "change": p.change, "ci95": [low, high]}

        rows = [
            {
                "change": e.change.label, "kind": e.change.kind, "setting": e.change.variation.setting(e.change.value),
                "strengthens": e.change.helps or None, "weakens": e.change.hurts or None, "win": entry(e.wins[self.side]),
                "wins": {side: entry(p) for side, p in e.wins.items()}, "pc_death": entry(e.death),
                "knockout": entry(e.knockout),
            }
            for e in self.ranked()
        ]  # fmt: skip
        return {
            "scenario": self.base.scenario, "side": self.side, "games": self.base.games, "changes": rows,
            "skipped": [{"change": c.label, "reason": why} for c, why in self.skipped],
            **self.interruption.to_json(),
        }  # fmt: skip


def changes(loaded: LoadedScenario, kinds: tuple[str, ...] = KINDS) -> list[Change]:
    """Every one-step change of the scenario file, of the given kinds (module docstring)."""
    data = loaded.data
    found: list[Change] = []
    zones = list(data.get("map", {}).get("zones", []))  # a file with a map (a chase has none)
    for person in data.get("combatants", []):
        found += _person_changes(person, zones, data)
    for zone in zones:
        found += _zone_changes(zone)
    return [c for c in found if c.kind in kinds]


def _step(kind: str, target: str, what: str, field_: str, value: Value, step: str, owner: str, up: bool) -> Change:
    return Change(kind, f"{target} {what}", step, Variation(target, field_, (value,)), value, owner, up)


def _person_changes(person: dict[str, Any], zones: list[dict[str, Any]], data: dict[str, Any]) -> list[Change]:
    """A combatant entry's steps: attributes, skills, weapon, armor, count, starting zone."""
    name, side = str(person["name"]), str(person["side"])
    out: list[Change] = []
    top = 12 if person.get("creature") else 5
    for attribute in ATTRIBUTES:
        out += _rating_steps("attribute", name, attribute, person.get("attributes", {}).get(attribute), 1, top, side)
    for skill, value in person.get("skills", {}).items():
        if skill.lower() in SKILL_NAMES:
            out += _rating_steps("skill", name, skill.lower(), value, 0, 5, side)
    weapons = list(person.get("weapons", []))
    main = person.get("drawn") or (weapons[0] if weapons else None)
    if main in WEAPONS and main not in data.get("weapons", {}):
        for other, up in _weapon_steps(main):
            out.append(_step("weapon", name, "weapon", "weapon", other, f"{main} -> {other}", side, up))
    armor = person.get("armor") or "none"
    if armor == "none" or armor in ARMORS:
        for other, up in _armor_steps(armor):
            out.append(_step("armor", name, "armor", "armor", other, f"{armor} -> {other}", side, up))
    count = int(person.get("count", 1))
    if not person.get("pc"):
        if count < 12:
            out.append(_step("count", name, "count", "count", count + 1, f"{count} -> {count + 1}", side, True))
        if count > 1:
            out.append(_step("count", name, "count", "count", count - 1, f"{count} -> {count - 1}", side, False))
    here = person.get("zone")
    for other in _neighbours(data, here) if zones else []:
        out.append(_step("zone", name, "start", "zone", other, f"{here} -> {other}", side, True))
    return out


def _rating_steps(kind: str, name: str, what: str, value: Any, low: int, high: int, side: str) -> list[Change]:
    """+/-1 of a number within [low, high], or one grade of a step rating."""
    steps: list[tuple[Value, bool]] = []
    if isinstance(value, int) and not isinstance(value, bool):
        steps = [(value + 1, True)] if value < high else []
        steps += [(value - 1, False)] if value > low else []
    elif isinstance(value, str) and value.upper() in GRADES:
        i = GRADES.index(value.upper())
        steps = [(GRADES[i + 1], True)] if i + 1 < len(GRADES) else []
        steps += [(GRADES[i - 1], False)] if i > 0 else []
    return [
        _step(kind, name, what, what, v, f"{'+1' if up else '-1'} ({value} -> {v})", side, up)
        for v, up in steps
    ]


def _ladder(up: dict[str, int], down: dict[str, int], current: int) -> list[tuple[str, bool]]:
    """The next item up (of `up`) and down (of `down`) from the rating `current`, each by its rating;
    the first of equal ratings stands for them."""
    above = [(rating, key) for key, rating in up.items() if rating > current]
    below = [(rating, key) for key, rating in down.items() if rating < current]
    nearest_above = min(above, key=lambda item: item[0], default=None)
    nearest_below = max(below, key=lambda item: item[0], default=None)
    return ([(nearest_above[1], True)] if nearest_above else []) + ([(nearest_below[1], False)] if nearest_below else [])


def _weapon_steps(weapon: str) -> list[tuple[str, bool]]:
    """The next stronger weapon of the same skill reaching as far or further, and the next weaker one
    reaching no further, by bonus + damage."""
    mine = WEAPONS[weapon]
    reach = RANGES.index(mine.range)
    same = {k: w for k, w in WEAPONS.items() if w.skill == mine.skill}
    up = {k: w.bonus + w.damage for k, w in same.items() if RANGES.index(w.range) >= reach}
    down = {k: w.bonus + w.damage for k, w in same.items() if RANGES.index(w.range) <= reach}
    return _ladder(up, down, mine.bonus + mine.damage)


def _armor_steps(armor: str) -> list[tuple[str, bool]]:
    """The next better and worse armor by rating (none is 0)."""
    ratings = {"none": 0, **{k: a.rating for k, a in ARMORS.items()}}
    return _ladder(ratings, ratings, ratings[armor])


def _neighbours(data: dict[str, Any], zone: Any) -> list[str]:
    """The zones that share a border with `zone` (walls included: a start is not a move)."""
    out = []
    for border in data.get("map", {}).get("borders", []):
        a, b = border.get("between", ["", ""])
        if zone in (a, b):
            out.append(b if a == zone else a)
    return out


def _zone_changes(zone: dict[str, Any]) -> list[Change]:
    """A zone's steps of cover (its best piece) and light."""
    name = str(zone["name"])
    covers = [c for c in zone.get("cover", []) if c in COVERS]
    out: list[Change] = []
    ratings = {k: c.rating for k, c in COVERS.items()}
    if not covers:
        weakest = min(ratings, key=lambda k: ratings[k])
        out.append(_step("cover", name, "cover", "cover", weakest, f"none -> {weakest}", "", True))
    else:
        best = max(covers, key=lambda k: ratings[k])
        rest = list(zone.get("cover", []))
        rest.remove(best)
        steps = _ladder(ratings, ratings, ratings[best])
        if not any(not up for _, up in steps):
            steps.append(("", False))  # the weakest cover comes off
        for other, up in steps:
            pieces = [*rest, other] if other else rest
            value = "+".join(pieces) if pieces else "none"
            out.append(_step("cover", name, "cover", "cover", value, f"{best} -> {other or 'none'}", "", up))
    features = zone.get("features", [])
    light = "dark" if "dark" in features else "dim" if "dim" in features else "normal"
    i = LIGHT.index(light)
    for j in (i - 1, i + 1):
        if 0 <= j < len(LIGHT):
            out.append(_step("light", name, "light", "light", LIGHT[j], f"{light} -> {LIGHT[j]}", "", j < i))
    return out


def sensitivity(
    loaded: LoadedScenario,
    policies: dict[str, str] | None = None,
    games: int = 300,
    side: str = "",
    seed: int = 0,
    workers: int = 1,
    kinds: tuple[str, ...] = KINDS,
    progress: Callable[[int], None] | None = None,
    on_change: Callable[[str, int, int], None] | None = None,
) -> Sensitivity:
    """Play the encounter as written and each one-step change on the same `games` games (game i
    of every run from (seed, i)); `side` ranks the changes (default: the first side);
    `on_change(label, run, runs)` is told before each run and `progress(games)` after each chunk."""
    from yz_gym.design.balance import chunk_size

    side = side or loaded.sides[0]
    if side not in loaded.sides:
        raise ValueError(f"--side {side}: no side named '{side}' in {loaded.name}; sides: {', '.join(loaded.sides)}")
    runs: list[tuple[Change, dict[str, Any]]] = []
    skipped: list[tuple[Change, str]] = []
    for change in changes(loaded, kinds):
        data = edited(loaded.data, change.variation, change.value)
        try:
            build_data(data, change.label, expect=loaded.mode.key)
        except ScenarioError as error:
            skipped.append((change, str(error).removeprefix(f"{change.label}: ")))
            continue
        runs.append((change, data))
    chunk = chunk_size(games, workers)
    if on_change is not None:
        on_change("as written", 0, len(runs) + 1)
    base, stop = evaluate(loaded.data, policies or {}, games, seed, workers, progress, chunk=chunk)
    result = Sensitivity(base, side, skipped=skipped, interruption=stop)
    records = base.game_records()
    for k, (change, data) in enumerate(runs, start=1):
        if result.interruption:
            break
        if on_change is not None:
            on_change(change.label, k, len(runs) + 1)
        played, result.interruption = evaluate(data, policies or {}, games, seed, workers, progress, chunk=chunk)
        result.effects.append(_effect(change, records, played, loaded.sides, bool(base.pcs)))
    return result


def _effect(change: Change, base: dict[int, Record], played: EncounterStats, sides: tuple[str, ...], party: bool) -> Effect:
    """A change's paired effects on each side's win and the party's risks."""
    mine = played.game_records()
    wins = {s: paired_change(base, mine, _won_by(s)) for s in sides}
    if not party:
        return Effect(change, wins, None, None)
    return Effect(change, wins, paired_change(base, mine, lambda r: bool(r[2])), paired_change(base, mine, lambda r: bool(r[3])))


def _won_by(side: str) -> Callable[[Record], bool]:
    """Whether a game record's winner is `side`."""
    return lambda record: record[0] == side
