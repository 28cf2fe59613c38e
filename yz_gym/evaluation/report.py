"""Reports of an evaluation: a rich table for the terminal and a PNG of outcomes and rounds."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from yz_gym.evaluation.stats import EncounterStats


def print_report(stats: EncounterStats, console: Console, title: str = "") -> None:
    """The at-a-glance report: who wins how often, how long it lasts, who gets hurt."""
    n = stats.games
    heading = title or stats.scenario
    console.print(Text.assemble((heading, "bold"), f": {n} games"))  # a name is text, never markup
    outcome = Table(title="Outcome", show_lines=False)
    for column in ("side", "win %", "95% CI", "damage dealt/game", "damage taken/game"):
        outcome.add_column(column, justify="right" if column != "side" else "left")
    report = stats.to_json()
    for side, data in report["sides"].items():
        low, high = data["ci95"]
        outcome.add_row(
            side,
            f"{100 * data['win_probability']:.1f}",
            f"{100 * low:.1f}-{100 * high:.1f}",
            f"{data['damage_dealt_per_game']:.2f}",
            f"{data['damage_taken_per_game']:.2f}",
        )
    console.print(outcome)
    if stats.is_chase:
        print_chase(report["chase"], console)
    console.print(
        f"draws (everyone out): {stats.draws} ({100 * stats.draws / max(1, n):.1f}%), "
        f"timeouts (round cap): {stats.timeouts} ({100 * stats.timeouts / max(1, n):.1f}%)"
    )
    rounds = report["rounds"]
    console.print(
        f"rounds: mean {rounds['mean']:.2f}, median {rounds['median']:.0f}, "
        f"range {min(stats.rounds, default=0)}-{max(stats.rounds, default=0)}"
    )
    risk = Table(title="Per-combatant risk")
    for column in ("combatant", "side", "Broken %", "crit. injured %", "dead %", "dealt/game", "taken/game"):
        risk.add_column(column, justify="left" if column in ("combatant", "side") else "right")
    for c in report["combatants"]:
        risk.add_row(
            c["name"],
            c["side"],
            f"{100 * c['p_broken']:.1f}",
            f"{100 * c['p_critically_injured']:.1f}",
            f"{100 * c['p_dead']:.1f}",
            f"{c['damage_dealt_per_game']:.2f}",
            f"{c['damage_taken_per_game']:.2f}",
        )
    console.print(risk)


def print_chase(chase: dict, console: Console) -> None:  # type: ignore[type-arg]
    """Chases: escape and catch chances, how the chases ended, and the wrecks (stats.chase_json)."""
    table = Table(title=f"Chase ({chase['pursuer']} pursues {', '.join(chase['prey'])})")
    for column in ("outcome", "%", "95% CI"):
        table.add_column(column, justify="left" if column == "outcome" else "right")
    rows = [
        ("escape (prey wins)", chase["escape_probability"], chase["escape_ci95"]),
        ("catch (pursuer wins)", chase["catch_probability"], chase["catch_ci95"]),
        *((f"  ended: {name}", e["probability"], e["ci95"]) for name, e in chase["endings"].items()),
        *((f"  {v['name']} wrecked", v["p_wrecked"], v["ci95"]) for v in chase["vehicles"]),
    ]
    for label, p, (low, high) in rows:
        table.add_row(label, f"{100 * p:.1f}", f"{100 * low:.1f}-{100 * high:.1f}")
    console.print(table)
    console.print(f"wrecks per chase: {chase['wrecks_per_game']:.2f}")
    if "handover" in chase:
        print_handover(chase["handover"], console)


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
    """A what-if table: each side's win chance in two variants and the difference."""
    table = Table(title="What if")
    for column in ("side", a_label, b_label, "change"):
        table.add_column(column, justify="left" if column == "side" else "right")
    for side in a.sides:
        pa, la, ha = a.win_probability(side)
        pb, lb, hb = b.win_probability(side) if side in b.sides else (0.0, 0.0, 0.0)
        table.add_row(
            side,
            f"{100 * pa:.1f}% ({100 * la:.0f}-{100 * ha:.0f})",
            f"{100 * pb:.1f}% ({100 * lb:.0f}-{100 * hb:.0f})",
            f"{100 * (pb - pa):+.1f} pts",
        )
    table.add_row(
        "rounds (mean)",
        f"{a.rounds_mean():.2f}",
        f"{b.rounds_mean():.2f}",
        f"{b.rounds_mean() - a.rounds_mean():+.2f}",
    )
    console.print(table)


def plot_report(stats: EncounterStats, path: str | Path) -> Path:
    """A PNG with the outcome distribution and the rounds distribution, written atomically."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from yz_gym.io import atomic_write_bytes

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    labels = [*stats.sides, "draw", "timeout"]
    counts = [stats.wins.get(s, 0) for s in stats.sides] + [stats.draws, stats.timeouts]
    n = max(1, stats.games)
    bars = left.bar(
        labels,
        [c / n for c in counts],
        color=["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3"][: len(labels)],
    )
    for side_index, side in enumerate(stats.sides):
        p, low, high = stats.win_probability(side)
        left.errorbar(side_index, p, yerr=[[p - low], [high - p]], color="black", capsize=6)
    left.bar_label(bars, labels=[f"{100 * c / n:.1f}%" for c in counts], label_type="center", color="white")
    left.set_ylim(0, 1.1)
    left.set_ylabel("share of games")
    left.set_title(f"Outcomes ({stats.games} games, 95% CI)")
    rounds = sorted(stats.rounds)
    right.bar(rounds, [stats.rounds[r] / n for r in rounds], color="#4c72b0")
    right.axvline(stats.rounds_mean(), color="black", linestyle="--", label=f"mean {stats.rounds_mean():.1f}")
    right.set_xlabel("rounds")
    right.set_ylabel("share of games")
    right.set_title("Rounds per game")
    right.legend()
    fig.suptitle(stats.scenario)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110)
    plt.close(fig)
    return atomic_write_bytes(path, buffer.getvalue())
