"""What the design tools show and write: the balance search's table of candidates, the chosen
scenario as an ordinary YAML file, and the sensitivity table and tornado plot."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Final

import yaml
from rich.console import Console
from rich.table import Table
from rich.text import Text

from yz_gym.design.balance import Balanced
from yz_gym.design.paired import PairedChange
from yz_gym.design.sensitivity import Effect, Sensitivity
from yz_gym.evaluation.report import pct
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.io import atomic_write_bytes, atomic_write_text

PLOT_SUFFIXES: Final = (".png", ".svg")
PLACES: Final = ("zone", "position")  # kinds of change that move where a side starts (grey in the plot)
UP_COLOUR, DOWN_COLOUR, OTHER_COLOUR = "#4c72b0", "#dd8452", "#8c8c8c"


def metric_label(found: Balanced) -> str:
    """What the search aimed at, in its mode's words: "crew wins", "a PC dies", "escort arrives" ..."""
    return found.chosen.space.metric_words(found.metric, found.side)


def print_balance(found: Balanced, console: Console) -> None:
    """Every candidate with its games and 95% interval, the chosen one first, then the rest by
    distance from the target; then the verdict."""
    what = metric_label(found)
    table = Table(title=Text(f"Balance: {what} closest to {100 * found.target:.1f}% ({found.games:,} games, {found.rounds} rounds)"))
    for column in ("variant", "games", f"{what} (95% interval)", "off target", "status"):
        table.add_column(Text(column), justify="left" if column in ("variant", "status") else "right")
    report = found.to_json()["candidates"]
    order = sorted(range(len(report)), key=lambda i: (report[i]["status"] != "chosen", -report[i]["games"], report[i]["distance"]))
    for i in order:
        row = report[i]
        settings = " ".join(f"{path}={value}" for path, value in row["settings"].items())
        status = row["status"] + (f" after {row['dropped_after']} games" if "dropped_after" in row else "")
        table.add_row(
            Text(settings), f"{row['games']:,}", pct(row["probability"], row["ci95"]),
            f"{100 * row['distance']:.1f} pts", Text(status, style="bold" if row["status"] == "chosen" else ""),
        )  # fmt: skip
    console.print(table)
    chosen = found.to_json()["chosen"]
    tolerance = f"{100 * found.tolerance:g} pts"
    why = {
        "confirmed": f"its 99% interval lies within {tolerance} of the target",
        "off target": f"no variant can lie within {tolerance} of the target (99% intervals)",
        "budget": "the games budget is spent",
        "interrupted": "interrupted",
    }[found.stopped]
    verdict = (
        f"confirmed within {tolerance}"
        if found.confirmed
        else f"NOT confirmed within {tolerance} of the target, only the likeliest to be"
    )
    console.print(
        Text(
            f"chosen: {found.chosen.variant.label}: {what} {pct(chosen['probability'], chosen['ci95'])} "
            f"over {chosen['games']:,} games, target {100 * found.target:.1f}%: {verdict} (stopped: {why})"
        )
    )
    console.print(
        "racing drops a variant whose whole interval is further from the target than the leader's worst case; "
        "halving keeps the closer half down to the finalists; then the leader and its closest rival play on "
        "until one is confirmed or the budget is spent; every variant plays the same seeded games",
        style="dim",
    )


def scenario_yaml(found: Balanced, scenario: str) -> str:
    """The chosen variant as an ordinary scenario file, a comment saying how it was chosen."""
    chosen = found.to_json()["chosen"]
    low, high = chosen["ci95"]
    what = metric_label(found)
    header = (
        f"# yz-gym balance {scenario}: {found.chosen.variant.label}\n"
        f"# {what}: {100 * chosen['probability']:.1f}% ({100 * low:.1f}-{100 * high:.1f}) over "
        f"{chosen['games']} games, target {100 * found.target:.1f}%"
        f"{'' if found.confirmed else f' (not confirmed within {100 * found.tolerance:g} pts)'}\n"
    )
    return header + yaml.safe_dump(found.chosen.variant.data, sort_keys=False, allow_unicode=True, width=100)


def write_scenario(path: Path, found: Balanced, scenario: str) -> Path:
    """Write the chosen scenario file atomically (a complete file or none)."""
    return atomic_write_text(path, scenario_yaml(found, scenario))


def _cell(p: PairedChange | None) -> str:
    """A change in points with its paired interval, "+4.5 pts (+1.2 to +7.8)", or "-" without data."""
    if p is None:
        return "-"
    low, high = p.interval()
    return f"{100 * p.change:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})"


def _clear(p: PairedChange) -> bool:
    low, high = p.interval()
    return low > 0 or high < 0


def print_sensitivity(result: Sensitivity, console: Console, top: int = 0) -> None:
    """The changes ranked by their effect on the side's success (a win, an arrival), with the
    PC-death effect and whether each effect is clear (its interval excludes 0)."""
    side, base, space = result.side, result.base, result.space
    success, death = space.metric_words(space.metrics[0], side), space.metric_words(space.metrics[1], side)
    n = base.games

    def rate(metric: str) -> str:
        hits = space.count(base, metric, side)
        return pct(hits / max(1, n), wilson_interval(hits, n))

    console.print(
        Text(
            f"{result.scenario} as written: {success} {rate(space.metrics[0])}"
            + (f", {death} {rate(space.metrics[1])}" if result.party else "")
            + f" ({n} games; every change plays the same games)"
        )
    )
    ranked = result.ranked()
    shown = ranked[:top] if top else ranked
    table = Table(title=Text(f"What matters most: {len(ranked)} changes, one at a time, by their effect on the chance that {success}"))
    for column in ("#", "change", success, death, "clear?", "strengthens"):
        table.add_column(Text(column), justify="right" if column in ("#", success, death) else "left")
    for k, effect in enumerate(shown, start=1):
        win = effect.wins[side]
        table.add_row(
            str(k), Text(effect.change.label), _cell(win), _cell(effect.death),
            "yes" if _clear(win) else "no", Text(effect.change.helps or "-"),
        )  # fmt: skip
    console.print(table)
    if top and len(ranked) > top:
        console.print(f"({len(ranked) - top} smaller changes not shown; --top 0 shows all)", style="dim")
    for change, why in result.skipped:
        console.print(Text(f"skipped {change.label}: {why}"), style="dim")
    console.print(
        "changes in percentage points with paired 95% intervals (Newcombe's score interval over the same "
        "games); 'clear' = the interval excludes 0",
        style="dim",
    )


def tornado(result: Sensitivity, path: str | Path, top: int = 20) -> Path:
    """A tornado plot (PNG or SVG by the path's suffix, written atomically): one row per factor,
    the `top` factors with the largest effect on the side's success, each change's bar with its
    paired interval (steps up in blue, down in orange, moves of a side's starting place in grey)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    side = result.side
    factors: dict[str, list[Effect]] = {}
    for effect in result.ranked():
        factors.setdefault(effect.change.factor, []).append(effect)
    rows = list(factors.items())[: top or None]
    fig, ax = plt.subplots(figsize=(10, 1.2 + 0.42 * max(1, len(rows))))
    for y, (_, effects) in enumerate(rows):
        height = 0.8 / len(effects)
        for k, effect in enumerate(effects):
            win = effect.wins[side]
            low, high = win.interval()
            pos = y - 0.4 + height * (k + 0.5)
            change = effect.change
            colour = OTHER_COLOUR if change.owner and not change.directed and change.kind in PLACES else UP_COLOUR if change.up else DOWN_COLOUR
            ax.barh(pos, 100 * win.change, height=height * 0.9, color=colour)
            ax.errorbar(
                100 * win.change, pos, xerr=[[100 * (win.change - low)], [100 * (high - win.change)]],
                fmt="none", ecolor="black", capsize=2, linewidth=0.8,
            )  # fmt: skip
            ax.annotate(
                result.space.plotted(effect.change.step), (100 * (high if win.change >= 0 else low), pos),
                xytext=(4 if win.change >= 0 else -4, 0), textcoords="offset points",
                ha="left" if win.change >= 0 else "right", va="center", fontsize=7,
            )  # fmt: skip
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [result.space.plotted(name) for name, _ in rows])
    ax.invert_yaxis()
    success = result.space.metric_words(result.space.metrics[0], side)
    ax.set_xlabel(f"change of the chance that {success} (percentage points, paired 95% intervals)")
    ax.set_title(f"{result.scenario}: what matters most ({result.base.games} games per change, same seeds)")
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in (UP_COLOUR, DOWN_COLOUR, OTHER_COLOUR)]
    ax.legend(handles, ["step up", "step down", "starting place"], loc="lower right", fontsize=8)
    left, right = ax.get_xlim()
    ax.set_xlim(left - 0.25 * (right - left), right + 0.25 * (right - left))  # room for the labels
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format=Path(path).suffix.lstrip(".").lower(), dpi=100)
    plt.close(fig)
    return atomic_write_bytes(path, buffer.getvalue())
