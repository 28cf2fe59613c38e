"""How `yz-gym evaluate` plays DX3 fights (the `Evaluation` record registered with the DX3 mode in
yz_gym/scenario/dx3_modes.py): the play loop, what one fight did to each fighter (Dx3Watch), the
layout of the statistics in DX3's words (DX3_TERMS) and the rule switches.

The risks a DX3 game master asks about, per fighter and counted over the whole fight: 戦闘不能
(HP 0, DX3-DMG-03) at any time, 侵蝕率 at 100% or more at any time (no more 《リザレクト》, DX3-DMG-04,
and the back-track may not bring the PC home, DX3-TITUS-07), dead (a finishing blow, DX3-DMG-10),
and out at the end (戦闘不能 or dead). Per fighter it also gives the means of the 侵蝕率 at the end,
the 《リザレクト》 taken, the Titus sublimated, and, for a PC, the chance to be lost to the back-track
after the fight: exact for the 侵蝕率 and Lois the fight left (1D10 per Lois, DX3-TITUS-07), not
sampled."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict
from functools import cache
from typing import Any, Final

from yz_gym.core.events import Event
from yz_gym.core.registry import Evaluation, get
from yz_gym.evaluation.report import ENCOUNTERS
from yz_gym.evaluation.runner import game_seeds, play_out
from yz_gym.evaluation.stats import EncounterStats
from yz_gym.evaluation.terms import Risk, RiskTerms
from yz_gym.evaluation.watch import Fate, GameSummary
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.encroachment import LOST_AT
from yz_gym.rulesets.dx3.state import Dx3Scenario, Fighter

D10: Final = 10

DX3_TERMS: Final = RiskTerms(
    ever=(
        Risk("incapacitated_ever", "戦闘不能 %", "戦闘不能 (ever)", "incapacitated (ever)"),
        Risk(
            "encroachment_100_ever",
            "侵蝕率100+ %",
            f"侵蝕率 {LOST_AT}% or more (ever)",
            "encroachment 100%+ (ever)",
        ),
        Risk("dead", "dead %", "dead (a finishing blow)"),
    ),
    out=Risk("out_at_end", "out at end %", "out at the end (戦闘不能 or dead)"),
    party=(
        Risk("any_pc_dies", "a PC dies", "at least one PC dies (a finishing blow)"),
        Risk(
            "any_pc_encroachment_100",
            "a PC at 100%+",
            f"at least one PC reaches 侵蝕率 {LOST_AT}%",
            "a PC at 100%+",
        ),
        Risk("total_party_knockout", "total knockout", "total party knockout (all PCs out at the end)"),
    ),
    out_means="戦闘不能 or dead",
    risk_title="Per-fighter risk (ever during the fight; the dead count as 戦闘不能)",
    damage_note=(
        "HP lost per fight, each point counted once: what one side deals to its enemies is what they "
        "take from it. Friendly fire is HP lost to one's own side; stage gimmicks deal damage with no "
        "attacker. DX3 has no pushed rolls (the push-cost column is 0): effects cost 侵蝕率, shown "
        "per fighter above."
    ),
    damage_title="HP lost per fight, by side (means, 95% intervals)",
    measures=(
        Risk("encroachment_end", "侵蝕率 at end", "侵蝕率 at the end of the fight"),
        Risk("resurrections", "リザレクト", "《リザレクト》 taken per fight (DX3-DMG-04)"),
        Risk("titus_sublimated", "Titus", "Titus sublimated per fight (DX3-TITUS-02)"),
        Risk(
            "lost_after_backtrack_chance",
            "lost %",
            "PCs: the chance to be lost after the back-track (1D10 per Lois left, still at 100%+; DX3-TITUS-07)",
        ),
    ),
)


@cache
def sum_at_most(dice: int, total: int) -> float:
    """The exact chance that `dice` D10 sum to `total` or less."""
    if total < dice:
        return 0.0
    if dice == 0 or total >= D10 * dice:
        return 1.0
    return sum(sum_at_most(dice - 1, total - face) for face in range(1, D10 + 1)) / D10


def lost_chance(encroachment: int, lois: int) -> float:
    """The chance a PC at this 侵蝕率 with this many Lois is lost after the back-track: the 1D10 per
    Lois take it down by at most encroachment - LOST_AT (DX3-TITUS-07)."""
    return sum_at_most(lois, encroachment - LOST_AT)


class Dx3Watch:
    """Follows one DX3 fight: who was ever 戦闘不能 or at 侵蝕率 100%+, every HP lost by whom to whom,
    the 《リザレクト》 and Titus each fighter used."""

    def __init__(self, fighters: Sequence[Any], sides: Sequence[str]) -> None:
        n, k = len(fighters), len(sides)
        self.k = k
        self.side = [f.side for f in fighters]
        self.down = [False] * n
        self.high = [False] * n
        self.taken = [[0] * (k + 1) for _ in range(n)]  # from side 0..k-1, no attacker
        self.dealt = [[0] * k for _ in range(n)]
        self.resurrections = [0] * n
        self.titus = [0] * n

    def follow(self, fighters: Sequence[Fighter]) -> None:
        """The fight's fighters (their ids are their rows)."""
        self.look(fighters)

    def look(self, fighters: Sequence[Fighter]) -> None:
        """Note who is 戦闘不能 or at 100%+ now."""
        for f in fighters:
            if f.down or f.dead:
                self.down[f.id] = True
            if f.char.encroachment >= LOST_AT:
                self.high[f.id] = True

    def see(self, fighters: Sequence[Fighter], events: Iterable[Event]) -> None:
        """Count one decision's events, then look at everyone."""
        for e in events:
            kind = e.kind
            if kind == "damage" or kind == "gimmick_damage":
                lost, victim = int(e.get("hp_lost", 0)), e.target
                if e.actor >= 0:
                    self.taken[victim][self.side[e.actor]] += lost
                    self.dealt[e.actor][self.side[victim]] += lost
                else:
                    self.taken[victim][self.k] += lost
            elif kind == "resurrect":
                self.resurrections[e.actor] += 1
            elif kind == "titus":
                self.titus[e.actor] += 1
        self.look(fighters)

    def fates(self, fighters: Sequence[Fighter]) -> tuple[Fate, ...]:
        """Every fighter's fate as the fight left it."""
        k = self.k
        out = []
        for f in fighters:
            i = f.id
            lost = lost_chance(f.char.encroachment, f.char.lois) if f.pc else 0.0
            measures = (float(f.char.encroachment), float(self.resurrections[i]), float(self.titus[i]), lost)
            fate = Fate(
                int(self.down[i]), int(self.high[i]), int(f.dead), int(f.down or f.dead),
                tuple(self.taken[i][:k]), 0, self.taken[i][k], tuple(self.dealt[i]), 0, measures,
            )  # fmt: skip
            out.append(fate)
        return tuple(out)


def play_dx3(
    scenario: Dx3Scenario, names: dict[str, str], seed: int, episode: int, fight_names: dict[str, str]
) -> GameSummary:
    """One DX3 fight, each side played by its named agent."""
    from yz_gym.agents import make_agent

    sides = scenario.sides
    rng, agent_seeds = game_seeds(seed, episode, len(sides))
    agents = [make_agent(names[side], agent_seeds[i]) for i, side in enumerate(sides)]
    state = engine.new_game(scenario, rng)
    watch = Dx3Watch(state.fighters, sides)
    play_out(get("dx3", "skirmish").rules, state, agents, rng, watch)
    result = engine.outcome(state)
    assert result is not None
    return GameSummary(
        result.winner, result.reason, result.rounds, state.decisions, watch.fates(state.fighters),
        result.termination, episode=episode,
    )  # fmt: skip


def dx3_stats(scenario: Dx3Scenario) -> EncounterStats:
    """No fights yet, laid out for this one (its fighters, round cap and DX3's words)."""
    sides = list(scenario.sides)
    return EncounterStats.empty(
        scenario.name, sides, [(f.name, sides[f.side], f.pc) for f in scenario.fighters],
        round_cap=scenario.max_rounds, terms=DX3_TERMS,
    )  # fmt: skip


def dx3_options(scenario: Dx3Scenario) -> dict[str, Any]:
    """Every DX3 rule switch in force (the scenario's dx3_rules block, defaults filled in)."""
    return asdict(scenario.options)


DX3_EVALUATION: Final = Evaluation(play_dx3, dx3_stats, dx3_options, report=ENCOUNTERS)  # DX3's words ride in its stats' terms

__all__ = ["DX3_EVALUATION", "DX3_TERMS", "Dx3Watch", "dx3_options", "dx3_stats", "lost_chance", "play_dx3"]
