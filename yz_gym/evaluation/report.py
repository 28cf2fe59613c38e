"""Reports of an evaluation: a rich table for the terminal and a PNG of outcomes and rounds."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.table import Table
from rich.text import Text

from yz_gym.core.registry import Report
from yz_gym.evaluation.difficulty import label as rating_label
from yz_gym.evaluation.difficulty import thresholds_text
from yz_gym.evaluation.stats import SIDE_DAMAGE, EncounterStats, paired_difference
from yz_gym.evaluation.terms import YZE_TERMS, RiskTerms


def pct(p: float, ci: list[float] | tuple[float, float]) -> str:
    """A share as "12.3% (9.1-16.0)"."""
    return f"{100 * p:.1f}% ({100 * ci[0]:.1f}-{100 * ci[1]:.1f})"


def pct_short(p: float, ci: list[float] | tuple[float, float]) -> str:
    """A share as "12.3 (9-16)" for tables whose header says %."""
    return f"{100 * p:.1f} ({100 * ci[0]:.0f}-{100 * ci[1]:.0f})"


def mean_ci(m: dict) -> str:  # type: ignore[type-arg]
    """A mean as "2.31 (2.10-2.52)" from {"mean", "ci95"}."""
    return f"{m['mean']:.2f} ({m['ci95'][0]:.2f}-{m['ci95'][1]:.2f})"


def played_by(agents: dict[str, str], chosen: dict[str, str] | None = None) -> str:
    """Who played each side and what chose it (runner.chosen_by): "crew: tactical (default),
    vipers: aggressive (--policy)"."""
    return ", ".join(
        f"{side}: {agent} ({(chosen or {}).get(side, 'default')})" for side, agent in agents.items()
    )


def print_report(
    stats: EncounterStats,
    console: Console,
    title: str = "",
    agents: dict[str, str] | None = None,
    chosen: dict[str, str] | None = None,
) -> None:
    """The at-a-glance report: who played, who wins how often, how long it lasts, what the PCs
    risk, who gets hurt, and the damage by side. Every figure has its 95% interval."""
    n = stats.games
    report = stats.to_json()
    console.print(Text.assemble((title or stats.scenario, "bold"), f": {n} games"))  # names are text, never markup
    if agents:
        console.print(Text(f"played by: {played_by(agents, chosen)}"))
    outcome = Table(title="Outcome (95% intervals)")
    for column in ("outcome", "played by", "share of games"):
        outcome.add_column(column, justify="right" if column == "share of games" else "left")
    for side, data in report["sides"].items():
        outcome.add_row(
            Text(f"{side} wins"),
            Text((agents or {}).get(side, "")),
            pct(data["win_probability"], data["ci95"]),
        )
    if not stats.is_chase:
        outcome.add_row("draw (everyone out)", "", pct(report["draw"]["probability"], report["draw"]["ci95"]))
        cap = f" {stats.round_cap}" if stats.round_cap else ""
        timeout = report["timeout"]
        outcome.add_row(f"timeout (round cap{cap})", "", pct(timeout["probability"], timeout["ci95"]))
    console.print(outcome)
    if stats.is_chase:
        print_chase(report["chase"], console)
    rounds = report["rounds"]
    at_cap = rounds["at_round_cap"]
    console.print(
        f"rounds: mean {rounds['mean']:.2f} ({rounds['ci95'][0]:.2f}-{rounds['ci95'][1]:.2f}), "
        f"median {rounds['median']:.0f}, range {rounds['min']}-{rounds['max']}"
        + (
            f"; {pct(at_cap['probability'], at_cap['ci95'])} of games reach the round cap ({stats.round_cap})"
            if stats.round_cap
            else ""
        )
    )
    if report["party"] is not None:
        print_party(report["party"], console, report["difficulty"], stats.terms)
    terms = stats.terms
    risk = Table(title=terms.risk_title)
    risks = (*terms.ever, terms.out)
    for column in ("combatant", "side", *(r.label for r in risks)):
        risk.add_column(column, justify="left" if column in ("combatant", "side") else "right")
    for c in report["combatants"]:
        risk.add_row(
            Text(c["name"] + (" (PC)" if c["pc"] else "")),
            Text(c["side"]),
            *(pct_short(c[r.key]["probability"], c[r.key]["ci95"]) for r in risks),
        )
    console.print(risk)
    if terms.measures:
        print_measures(report["combatants"], terms, console)
    print_damage(report["damage"], console, terms.damage_title)


def print_measures(combatants: list[dict], terms: RiskTerms, console: Console) -> None:  # type: ignore[type-arg]
    """The mode's per-combatant means (RiskTerms.measures), each with its 95% interval, and what each
    column counts."""
    table = Table(title="Per fighter, per game (means, 95% intervals)")
    for column in ("fighter", *(m.label for m in terms.measures)):
        table.add_column(column, justify="left" if column == "fighter" else "right")
    for c in combatants:
        table.add_row(Text(c["name"]), *(_measure(c[m.key], m.key.endswith(PERCENT)) for m in terms.measures))
    console.print(table)
    for m in terms.measures:
        console.print(Text(f"{m.label}: {m.words}"), style="dim")


PERCENT = "_chance"  # a measure whose key ends so is a chance, shown in %


def _measure(m: dict, percent: bool) -> str:  # type: ignore[type-arg]
    """A per-game mean as "12.3 (11.0-13.6)" (a chance in %: "1.2 (0.8-1.6)")."""
    k = 100 if percent else 1
    return f"{k * m['mean']:.1f} ({k * m['ci95'][0]:.1f}-{k * m['ci95'][1]:.1f})"


def print_party(
    party: dict,
    console: Console,
    difficulty: dict | None = None,
    terms: RiskTerms = YZE_TERMS,  # type: ignore[type-arg]
) -> None:
    """The PCs' risks as a party (stats.party_json), then the difficulty rating they give with its
    thresholds beside it (difficulty.py)."""
    caption = f"difficulty thresholds: {thresholds_text()}" if difficulty else None
    title = Text(f"The party's risk (PCs: {', '.join(party['pcs'])}; out = {terms.out_means})")
    table = Table(title=title, caption=caption, caption_justify="left")
    table.add_column("event")
    table.add_column("share of games", justify="right")
    for risk in terms.party:
        table.add_row(risk.words, pct(party[risk.key]["probability"], party[risk.key]["ci95"]))
    if difficulty:
        table.add_row(
            Text("difficulty rating", style="bold"), Text(difficulty_label(difficulty), style="bold")
        )
    console.print(table)


def difficulty_label(difficulty: dict) -> str:  # type: ignore[type-arg]
    """A report's `difficulty` block as words: "hard (fair to deadly within the 95% intervals)"."""
    return rating_label(difficulty["rating"], *difficulty["range"])


def print_damage(damage: dict, console: Console, title: str = YZE_TERMS.damage_title) -> None:  # type: ignore[type-arg]
    """Damage per game by side (stats.damage_json), with the note that says how it adds up."""
    table = Table(title=title)
    for column in (
        "side",
        "dealt to enemies",
        "taken from enemies",
        "friendly fire",
        "push costs",
        "no attacker",
    ):
        table.add_column(column, justify="left" if column == "side" else "right")
    for side, data in damage["sides"].items():
        table.add_row(Text(side), *(mean_ci(data[key]) for key in SIDE_DAMAGE))
    console.print(table)
    console.print(Text(damage["note"]), style="dim")


def print_chase(chase: dict, console: Console) -> None:  # type: ignore[type-arg]
    """Chases: escape and catch chances, how the chases ended (a partition of the games, with who
    won), and the vehicles that ended as wrecks (stats.chase_json)."""
    table = Table(title=Text(f"Chase ({chase['pursuer']} pursues {', '.join(chase['prey'])})"))
    for column in ("outcome", "share of games", "won by"):
        table.add_column(column, justify="left" if column != "share of games" else "right")
    table.add_row("escape (prey wins the chase)", pct(chase["escape_probability"], chase["escape_ci95"]), "")
    table.add_row("catch (pursuer wins the chase)", pct(chase["catch_probability"], chase["catch_ci95"]), "")
    for name, e in chase["endings"].items():
        won = ", ".join(f"{side} {count}" for side, count in e["won_by"].items()) or "-"
        table.add_row(
            f"  ended: {ENDING_LABELS.get(name, name)}", pct(e["probability"], e["ci95"]), Text(won)
        )
    console.print(table)
    console.print(
        "The endings add up to 100% of the games. 'Put out' is a side out of the chase without a catch: "
        "its vehicles wrecked, or its runners or crews Broken. A vehicle can also end as a wreck in "
        "another ending (the table below counts every wreck).",
        style="dim",
    )
    vehicles = Table(title="Vehicles that ended as a wreck (whatever the ending)")
    vehicles.add_column("vehicle")
    vehicles.add_column("share of games", justify="right")
    for v in chase["vehicles"]:
        vehicles.add_row(Text(v["name"]), pct(v["p_wrecked"], v["ci95"]))
    if chase["vehicles"]:
        console.print(vehicles)
        console.print(f"wrecks per chase: {chase['wrecks_per_game']:.2f}")
    if "handover" in chase:
        print_handover(chase["handover"], console)


SHORT_ENDINGS = {"wrecked": "put out", "timeout": "chase limit", "combat": "fight", "none": "no winner"}
ENDING_LABELS = {
    "escaped": "escaped (got away)",
    "caught": "caught (a catch attack)",
    "wrecked": "put out (a wreck, or Broken)",
    "timeout": "chase limit (prey gets away)",
    "combat": "turned into a fight",
    "none": "no winner",
}


def print_handover(handover: dict, console: Console) -> None:  # type: ignore[type-arg]
    """Chases with a hand-over: how often the chase went on as a zone fight, who won the fights."""
    fights = handover["fights"]
    table = Table(title=f"Fights after the chase ({fights} played)")
    for column in ("outcome", "%", "95% CI"):
        table.add_column(column, justify="left" if column == "outcome" else "right")
    low, high = handover["ci95"]
    table.add_row(
        "chase went on as a fight",
        f"{100 * handover['probability']:.1f}",
        f"{100 * low:.1f}-{100 * high:.1f}",
    )
    for side, data in handover["sides"].items():
        low, high = data["ci95"]
        table.add_row(
            f"  fight won by {side}",
            f"{100 * data['win_probability']:.1f}",
            f"{100 * low:.1f}-{100 * high:.1f}",
        )
    console.print(table)
    console.print(
        f"fights: draws {handover['draws']}, timeouts {handover['timeouts']}, "
        f"rounds (mean) {handover['rounds_mean']:.2f}; side win % above count the fights' winners"
    )


def compare_table(a: EncounterStats, b: EncounterStats, a_label: str, b_label: str, console: Console) -> None:
    """A what-if table: each quantity in both runs and its change, taken game by game (both runs
    play game i from the same seed) with the change's own 95% interval."""
    pairs, rows = paired_difference(a, b)
    table = Table(title=f"What if ({pairs} games paired by seed)")
    for column in ("", a_label, b_label, "change (95% interval)"):
        table.add_column(Text(column), justify="left" if not column else "right")
    for label, mean_a, mean_b, change, low, high in rows:
        if label == "rounds":
            cells = (f"{mean_a:.2f}", f"{mean_b:.2f}", f"{change:+.2f} ({low:+.2f} to {high:+.2f})")
        else:
            cells = (
                f"{100 * mean_a:.1f}%",
                f"{100 * mean_b:.1f}%",
                f"{100 * change:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})",
            )
        table.add_row(Text(label), *cells)
    console.print(table)
    console.print("a change whose interval contains 0 is no clear difference", style="dim")


def compare_report(
    a: EncounterStats, b: EncounterStats, a_label: str, b_label: str, who: str, console: Console
) -> dict[str, Any]:
    """The what-if of two encounters: who played it and the paired table; its `paired` report key."""
    console.print(f"what-if {b_label} played by: {who}")
    compare_table(a, b, a_label, b_label, console)
    pairs, rows = paired_difference(a, b)
    return {
        "paired": {
            "games": pairs,
            "rows": [
                {"quantity": label, "mean_a": mean_a, "mean_b": mean_b, "change": change, "ci95": [low, high]}
                for label, mean_a, mean_b, change, low, high in rows
            ],
        }
    }


def plot_report(
    stats: EncounterStats,
    path: str | Path,
    agents: dict[str, str] | None = None,
    chosen: dict[str, str] | None = None,
) -> Path:
    """A PNG, written atomically: outcomes with their 95% intervals, the rounds (the round cap
    marked), and each PC's risks (every combatant's when no PC is marked); who played in the title."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from yz_gym.io import atomic_write_bytes

    fig = plt.figure(figsize=(12, 8.5))
    grid = fig.add_gridspec(2, 2, height_ratios=[1, 1.1])
    _plot_outcomes(stats, fig.add_subplot(grid[0, 0]))
    _plot_rounds(stats, fig.add_subplot(grid[0, 1]))
    _plot_risk(stats, fig.add_subplot(grid[1, :]))
    fig.suptitle(plot_title(stats, agents, chosen))
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    return atomic_write_bytes(path, buffer.getvalue())


def plot_title(
    stats: EncounterStats, agents: dict[str, str] | None = None, chosen: dict[str, str] | None = None
) -> str:
    """The plot's title: the scenario and games, the difficulty rating with both chances and the
    thresholds (when PCs are marked), and who played."""
    title = f"{stats.scenario}: {stats.games} games"
    rated = stats.difficulty()
    if rated is not None:
        death, knockout = rated.death[0], rated.knockout[0]
        title += (
            f"; difficulty {rated.label()}: a PC dies {100 * death:.1f}%, total knockout {100 * knockout:.1f}%"
            f"\n{thresholds_text()}"
        )
    if agents:
        title += f"\nplayed by {played_by(agents, chosen)}"
    return title


def _plot_outcomes(stats: EncounterStats, ax) -> None:  # type: ignore[no-untyped-def]
    """Each outcome's share with its 95% Wilson interval, the value written above the bar."""
    from yz_gym.evaluation.stats import wilson_interval

    n = stats.games
    labels = [f"{side} wins" for side in stats.sides]
    counts = [stats.wins.get(side, 0) for side in stats.sides]
    if stats.is_chase:  # how the chases ended: a partition of the games
        labels = [SHORT_ENDINGS.get(ending, ending) for ending in stats.endings]
        counts = list(stats.endings.values())
    else:
        labels += ["draw", "timeout"]
        counts += [stats.draws, stats.timeouts]
    shares = [c / max(1, n) for c in counts]
    intervals = [wilson_interval(c, n) for c in counts]
    x = range(len(labels))
    ax.bar(x, shares, color=[PALETTE[i % len(PALETTE)] for i in x])
    ax.errorbar(
        x, shares, yerr=[[p - lo for p, (lo, _) in zip(shares, intervals, strict=True)],
                         [hi - p for p, (_, hi) in zip(shares, intervals, strict=True)]],
        fmt="none", ecolor="black", capsize=5,
    )  # fmt: skip
    for i, (p, (_, high)) in enumerate(zip(shares, intervals, strict=True)):
        ax.annotate(f"{100 * p:.1f}%", (i, high), xytext=(0, 4), textcoords="offset points", ha="center")
    ax.set_xticks(list(x), labels, rotation=20 if len(labels) > 4 else 0)
    ax.set_ylim(0, 1.15)
    ax.set_ylabel("share of games")
    ax.set_title(("How the chases ended" if stats.is_chase else "Outcomes") + " (bars: 95% intervals)")


def _plot_rounds(stats: EncounterStats, ax) -> None:  # type: ignore[no-untyped-def]
    """The rounds distribution, the mean dashed, the games stopped by the round cap in red."""
    from matplotlib.ticker import MaxNLocator

    n = max(1, stats.games)
    rounds = sorted(stats.rounds)
    cap = stats.round_cap
    colors = ["#c44e52" if r == cap else "#4c72b0" for r in rounds]
    ax.bar(rounds, [stats.rounds[r] / n for r in rounds], color=colors)
    mean = stats.rounds_mean()
    ax.axvline(mean, color="black", linestyle="--", label=f"mean {mean:.1f}")
    if cap:
        share = stats.rounds[cap] / n
        ax.axvline(cap, color="#c44e52", linestyle=":", linewidth=1)
        ax.annotate(
            f"round cap {cap}:\n{100 * share:.1f}% of games", (cap, share), xytext=(-14, 10),
            textcoords="offset points", ha="right", color="#c44e52",
            arrowprops={"arrowstyle": "->", "color": "#c44e52"},
        )  # fmt: skip
    ax.set_ylim(0, max((stats.rounds[r] / n for r in rounds), default=1) * 1.35)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of games")
    ax.set_title("Rounds per game" + (f" (round cap {cap}, in red)" if cap else ""))
    ax.legend(loc="best")


def _plot_risk(stats: EncounterStats, ax) -> None:  # type: ignore[no-untyped-def]
    """Per PC (or per combatant when no PC is marked): ever Broken, ever critically injured,
    dead; then the party's rows. Each value is written right of its interval."""
    from yz_gym.evaluation.stats import wilson_interval

    people = stats.pcs or stats.combatants
    n = stats.games
    kinds = tuple(
        (risk.plotted, key) for risk, key in zip(stats.terms.ever, ("broken", "injured", "dead"), strict=True)
    )
    height = 0.8 / len(kinds)
    bars: list[tuple[float, int, int]] = []  # (y, kind, count)
    labels: list[tuple[float, str]] = []
    y = 0.0
    for t in people:
        labels.append((y, t.name))
        bars += [(y + (k - 1) * height, k, getattr(t, key)) for k, (_, key) in enumerate(kinds)]
        y += 1.0
    if len(stats.pcs) > 1:
        dies, second, knockout = (f"party: {risk.plot or risk.label}" for risk in stats.terms.party)
        party = (
            (knockout, 0, stats.party_knockouts),
            (second, 1, stats.pc_injuries),
            (dies, 2, stats.pc_deaths),
        )
        for label, k, count in party:
            y += 0.4
            labels.append((y - 0.6, label))
            bars.append((y - 0.6, k, count))
    for k, (label, _) in enumerate(kinds):
        mine = [(pos, count) for pos, kind, count in bars if kind == k]
        shares = [count / max(1, n) for _, count in mine]
        intervals = [wilson_interval(count, n) for _, count in mine]
        positions = [pos for pos, _ in mine]
        ax.barh(positions, shares, height=height, color=RISK_COLORS[k], label=label)
        ax.errorbar(
            shares, positions, xerr=[[p - lo for p, (lo, _) in zip(shares, intervals, strict=True)],
                                     [hi - p for p, (_, hi) in zip(shares, intervals, strict=True)]],
            fmt="none", ecolor="black", capsize=2, linewidth=0.8,
        )  # fmt: skip
        for pos, p, (_, high) in zip(positions, shares, intervals, strict=True):
            ax.annotate(
                f"{100 * p:.1f}%",
                (high, pos),
                xytext=(4, 0),
                textcoords="offset points",
                va="center",
                fontsize=8,
            )
    ax.set_yticks([pos for pos, _ in labels], [label for _, label in labels])
    ax.invert_yaxis()
    ax.set_xlim(0, 1.1)
    ax.set_xlabel("share of games")
    ax.set_title("Risk of each PC" if stats.pcs else "Risk of each combatant (the scenario marks no PC)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))


RISK_COLORS = ("#dd8452", "#c44e52", "#3b3b3b")
PALETTE = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")


ENCOUNTERS: Final = Report("encounter", print_report, compare_report, plot_report)  # zone fights and chases
