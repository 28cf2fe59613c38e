"""What matters most in an encounter: every change of one step, one at a time (its mode's Space
says which: yze_space.py, dx3_space.py, expedition_space.py), played on the same games as the
encounter as written (paired seeds), and ranked by its effect on a side's success (a win; an
expedition's arrival), with its effect on the party's chance that a PC dies and that the party is
out. Every effect has a paired 95% interval (paired.py). A change that makes a scenario its loader
refuses (a side starting in its goal zone ...) is listed as skipped with the reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from yz_gym.design.paired import PairedChange, Record, paired_change
from yz_gym.design.variation import Change, Space, edited, space_of
from yz_gym.evaluation.runner import Interruption, evaluate
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import LoadedScenario, build_data


@dataclass(frozen=True, slots=True)
class Effect:
    """A change's effect, game by game against the encounter as written."""

    change: Change
    wins: dict[str, PairedChange]  # each side's success (a win; an expedition's arrival)
    death: PairedChange | None  # a PC dies (None: no PC marked)
    knockout: PairedChange | None  # the party out (a total knockout; an expedition's party lost)


@dataclass(slots=True)
class Sensitivity:
    """The effects of every change, the encounter as written, and the changes that were skipped."""

    base: Any  # the statistics of the encounter as written (its mode's: EncounterStats, JourneyStats)
    side: str  # whose success ranks the changes
    space: Space  # what its mode varies and measures
    scenario: str = ""  # the scenario's name
    party: bool = False  # the file marks PCs (pc: true): the PC-death and party-out effects are measured
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
            "scenario": self.scenario, "side": self.side, "metrics": list(self.space.metrics),
            "words": [self.space.metric_words(m, self.side) for m in self.space.metrics],
            "games": self.base.games, "changes": rows,
            "skipped": [{"change": c.label, "reason": why} for c, why in self.skipped],
            **self.interruption.to_json(),
        }  # fmt: skip


def changes(loaded: LoadedScenario, kinds: tuple[str, ...] | None = None) -> list[Change]:
    """Every one-step change of the scenario file by its mode's Space, of the given kinds (default:
    all); a one-line ValueError names an unknown kind and the mode's kinds."""
    space = space_of(loaded.mode)
    for kind in kinds or ():
        if kind not in space.kinds:
            raise ValueError(f"--kinds {','.join(kinds or ())}: unknown kind '{kind}'; kinds: {','.join(space.kinds)}")
    return [c for c in space.changes(loaded) if kinds is None or c.kind in kinds]


def sensitivity(
    loaded: LoadedScenario,
    policies: dict[str, str] | None = None,
    games: int = 300,
    side: str = "",
    seed: int = 0,
    workers: int = 1,
    kinds: tuple[str, ...] | None = None,
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
    space = space_of(loaded.mode)
    party = any(getattr(p, "pc", False) for p in loaded.mode.people(loaded.scenario))
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
    base, stop = evaluate(loaded.data, policies or {}, games, seed, workers, progress, chunk=chunk, report=None)
    result = Sensitivity(base, side, space, loaded.name, party, skipped=skipped, interruption=stop)
    records = base.game_records()
    for k, (change, data) in enumerate(runs, start=1):
        if result.interruption:
            break
        if on_change is not None:
            on_change(change.label, k, len(runs) + 1)
        played, result.interruption = evaluate(
            data, policies or {}, games, seed, workers, progress, chunk=chunk, report=None
        )
        result.effects.append(_effect(change, records, played, loaded.sides, party))
    return result


def _effect(change: Change, base: dict[int, Record], played: Any, sides: tuple[str, ...], party: bool) -> Effect:
    """A change's paired effects on each side's win and the party's risks."""
    mine = played.game_records()
    wins = {s: paired_change(base, mine, _won_by(s)) for s in sides}
    if not party:
        return Effect(change, wins, None, None)
    return Effect(change, wins, paired_change(base, mine, lambda r: bool(r[2])), paired_change(base, mine, lambda r: bool(r[3])))


def _won_by(side: str) -> Callable[[Record], bool]:
    """Whether a game record's winner is `side`."""
    return lambda record: record[0] == side
