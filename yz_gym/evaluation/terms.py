"""What a mode calls the risks its statistics count: the three a combatant's Fate records (YZE:
Broken, critically injured, dead; DX3: 戦闘不能, 侵蝕率 over 100%, dead), being out at the end, the
party's rows, the per-combatant means a mode adds (DX3: 侵蝕率 at the end, 《リザレクト》 ...), and the
note under the damage table. The report, the plot and the JSON read their keys and labels here, so
every mode's numbers are named in its own rules' words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Risk:
    """One counted risk: its JSON key, its column label and its words in a sentence."""

    key: str
    label: str
    words: str
    plot: str = ""  # its words in the plot, in plain letters (the plot's font has no kanji); "" = words

    @property
    def plotted(self) -> str:
        """Its words as the plot writes them."""
        return self.plot or self.words


@dataclass(frozen=True, slots=True)
class RiskTerms:
    """The words of one mode's risk report (see the module docstring)."""

    ever: tuple[Risk, Risk, Risk]  # Fate.broken, Fate.injured, Fate.dead
    out: Risk  # Fate.out
    party: tuple[Risk, Risk, Risk]  # a PC dies, a PC has the second risk, every PC out at the end
    out_means: str  # what "out" means, e.g. "Broken or dead"
    risk_title: str  # the per-combatant table's title
    damage_note: str  # under the damage table
    damage_title: str  # the damage table's title
    measures: tuple[Risk, ...] = ()  # per-combatant means (Fate.measures, in order)

    def glossary(self) -> dict[str, str]:
        """Every key of a report's per-combatant and party rows with what it counts."""
        return {r.key: r.words for r in (*self.ever, self.out, *self.party, *self.measures)}


YZE_DAMAGE_NOTE: Final = (
    "Damage and stress points per game, each counted once: what one side deals to its enemies is "
    "what they take from it. Friendly fire is damage from one's own side. Push costs are what a "
    "side's own pushed rolls cost it (damage, stress or attribute points, PUSH-10..20); no one "
    "deals them, so they are shown apart, as is damage with no attacker (fire, darkness, crashes, "
    "stress when a friend falls)."
)
YZE_TERMS: Final = RiskTerms(
    ever=(
        Risk("broken_ever", "Broken %", "Broken (ever)"),
        Risk("critically_injured_ever", "crit. injured %", "crit. injured (ever)"),
        Risk("dead", "dead %", "dead"),
    ),
    out=Risk("out_at_end", "out at end %", "out at the end"),
    party=(
        Risk("any_pc_dies", "a PC dies", "at least one PC dies"),
        Risk("any_pc_critically_injured", "a PC crit. injured", "at least one PC critically injured"),
        Risk("total_party_knockout", "total knockout", "total party knockout (all PCs out at the end)"),
    ),
    out_means="Broken or dead",
    risk_title="Per-combatant risk (ever during the game; the dead count as Broken and injured)",
    damage_note=YZE_DAMAGE_NOTE,
    damage_title="Damage and stress per game, by side (means, 95% intervals)",
)

__all__ = ["YZE_DAMAGE_NOTE", "YZE_TERMS", "Risk", "RiskTerms"]
