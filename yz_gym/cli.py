"""The yz-gym command line: evaluate encounters, print combat logs, validate scenarios, roll dice."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from yz_gym.rules import dice
from yz_gym.scenario.loader import DEFAULT_SCENARIO, ScenarioError, bundled_scenarios, load_scenario

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Year Zero Engine combat: evaluate encounters, read combat logs, validate scenarios, roll dice.",
)
console = Console()
err = Console(stderr=True)


def _fail(message: str) -> typer.Exit:
    err.print(f"[red]error:[/red] {message}")
    return typer.Exit(2)


def parse_policies(items: list[str]) -> dict[str, str]:
    """SIDE=AGENT pairs, e.g. ["crew=tactical", "vipers=aggressive"]."""
    policies = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"--policy '{item}' must look like SIDE=AGENT, e.g. crew=tactical")
        side, agent = item.split("=", 1)
        policies[side.strip()] = agent.strip()
    return policies


def _check_agents(policies: dict[str, str]) -> None:
    from agents import make_agent

    for agent in policies.values():
        make_agent(agent, 0)


@app.command()
def evaluate(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")] = DEFAULT_SCENARIO,
    episodes: Annotated[int, typer.Option("--episodes", "-n", min=1, help="games to play")] = 1000,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy", "-p", help="SIDE=AGENT (random, aggressive, tactical, or a model file); repeatable"
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="base seed; game i depends only on (seed, i)")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="worker processes")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the report as JSON here")] = None,
    plot: Annotated[Path | None, typer.Option(help="write a PNG of outcomes and rounds here")] = None,
    compare: Annotated[str | None, typer.Option(help="a second scenario for a what-if table")] = None,
    compare_policy: Annotated[
        list[str] | None, typer.Option(help="SIDE=AGENT for the what-if run (default: same policies)")
    ] = None,
) -> None:
    """How deadly is this encounter? Win chances with 95% intervals, rounds, per-combatant risk."""
    from yz_gym.evaluation.report import compare_table, plot_report, print_report
    from yz_gym.evaluation.runner import evaluate as run
    from yz_gym.io import atomic_write_json

    try:
        policies = parse_policies(policy or [])
        _check_agents(policies)
        load_scenario(scenario)
        if compare:
            load_scenario(compare)
    except (ScenarioError, ValueError) as error:
        raise _fail(str(error)) from None
    stats, interrupted = _run_with_progress(run, scenario, policies, episodes, seed, workers, "evaluating")
    if interrupted:
        err.print(f"[yellow]interrupted: reporting the {stats.games} games played[/yellow]")
    print_report(stats, console)
    report = stats.to_json()
    report.update({"policies": policies, "seed": seed, "interrupted": interrupted})
    if compare and not interrupted:
        other_policies = parse_policies(compare_policy) if compare_policy else policies
        other, _ = _run_with_progress(run, compare, other_policies, episodes, seed, workers, "what-if")
        compare_table(stats, other, scenario, compare, console)
        report["compare"] = {"scenario": compare, "policies": other_policies, **other.to_json()}
    if json_out:
        atomic_write_json(json_out, report)
        console.print(f"report written to {json_out}")
    if plot:
        plot_report(stats, plot)
        console.print(f"plot written to {plot}")


def _run_with_progress(run, scenario, policies, episodes, seed, workers, label):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    columns = (
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(
        *columns,
        console=err,
        transient=False,
        disable=not err.is_terminal and "CI" in __import__("os").environ,
    ) as progress:
        task = progress.add_task(label, total=episodes)
        stats, interrupted = run(
            scenario, policies, episodes, seed, workers, lambda n: progress.advance(task, n)
        )
    elapsed = time.perf_counter() - start
    err.print(
        f"{stats.games} games in {elapsed:.1f} s ({stats.games / max(elapsed, 1e-9):.0f} games/s, {workers} worker(s))"
    )
    return stats, interrupted


@app.command()
def log(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")] = DEFAULT_SCENARIO,
    seed: Annotated[int, typer.Option(help="the game's seed")] = 0,
    policy: Annotated[
        list[str] | None, typer.Option("--policy", "-p", help="SIDE=AGENT; default random")
    ] = None,
) -> None:
    """Play one seeded game and print its combat log, every die shown."""
    from yz_gym.evaluation.runner import game_seeds

    try:
        policies = parse_policies(policy or [])
        loaded = load_scenario(scenario)
    except (ScenarioError, ValueError) as error:
        raise _fail(str(error)) from None
    for line in combat_log(loaded, policies, seed, game_seeds):
        console.print(line, markup=False, highlight=False)


def combat_log(scenario, policies: dict[str, str], seed: int, game_seeds) -> list[str]:  # type: ignore[no-untyped-def]
    """The narrated log of one seeded game, as lines."""
    from agents import make_agent
    from yz_gym.rules import engine
    from yz_gym.rules.narrate import narrate

    sides = scenario.setup.sides
    rng, agent_seeds = game_seeds(seed, 0, len(sides))
    agents = [make_agent(policies.get(side, "random"), agent_seeds[i]) for i, side in enumerate(sides)]
    state = engine.new_game(scenario, rng)
    lines = [f"{scenario.setup.name} (seed {seed})", *narrate(state, state.opening)]
    while not engine.is_over(state):
        actor = state.combatants[engine.current_actor(state)]
        action = agents[actor.side].choose(state, engine.legal_actions(state))
        said = engine.describe(state, action)
        events = engine.apply(state, action, rng)
        if action.kind.name not in ("END_TURN", "DECLINE"):
            lines.append(f"{actor.name}: {said}.")
        lines += narrate(state, events)
    return lines


@app.command()
def validate(scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")]) -> None:
    """Check a scenario file; prints what it contains or one line saying what is wrong."""
    try:
        loaded = load_scenario(scenario)
    except ScenarioError as error:
        raise _fail(str(error)) from None
    setup = loaded.setup
    console.print(
        f"[green]ok[/green] {setup.name}: {len(setup.zone_map.zones)} zones, {len(loaded.combatants)} combatants, sides {', '.join(setup.sides)}"
    )


@app.command("list")
def list_scenarios() -> None:
    """The bundled scenarios."""
    for name in bundled_scenarios():
        console.print(f"{name}: {load_scenario(name).setup.name}")


POOL_WORD = re.compile(r"^(\d+)\s*(base|attribute|attr|skill|gear)$")


def parse_pool(text: str) -> dice.DicePool:
    """A dice pool from words: "3 base 2 gear", "2 attribute 1 skill d10" or step dice "B C"."""
    tokens = text.replace(",", " ").split()
    if tokens and all(t.upper() in dice.STEP_SIDES for t in tokens):
        letters = [t.upper() for t in tokens]
        if len(letters) > 2:
            raise ValueError('step dice: one or two ratings, e.g. "B C" (STEP-02)')
        return dice.step_dice(letters[0], letters[1] if len(letters) == 2 else None)
    counts = {"attribute": 0, "skill": 0, "gear": 0}
    artifacts: list[int] = []
    i = 0
    while i < len(tokens):
        token = tokens[i].lower()
        artifact = re.fullmatch(r"d(8|10|12)", token)
        if artifact:
            artifacts.append(int(artifact.group(1)))
            i += 1
            continue
        match = POOL_WORD.match(f"{token} {tokens[i + 1].lower()}" if i + 1 < len(tokens) else token)
        if not match:
            raise ValueError(
                f'cannot read \'{text}\': use e.g. "3 base 2 gear", "2 attribute 1 skill d10" or "B C"'
            )
        kind = {"base": "attribute", "attr": "attribute"}.get(match.group(2), match.group(2))
        counts[kind] += int(match.group(1))
        i += 2
    return dice.pool_dice(counts["attribute"], counts["skill"], counts["gear"], 0, artifacts)


@app.command()
def roll(
    pool: Annotated[str, typer.Argument(help='e.g. "3 base 2 gear", "2 attribute 1 skill d10", "B C"')],
    push: Annotated[bool, typer.Option("--push", help="push the roll once (PUSH-04..07)")] = False,
    seed: Annotated[int | None, typer.Option(help="seed for a repeatable roll")] = None,
) -> None:
    """Roll a YZE dice pool and show every die, successes and banes."""
    try:
        parsed = parse_pool(pool)
    except ValueError as error:
        raise _fail(str(error)) from None
    rng = np.random.default_rng(seed)
    result = dice.roll(parsed, rng)
    _show_roll("roll", result)
    if push:
        if dice.can_push(result):
            _show_roll("push", dice.push(result, rng))
        else:
            console.print("nothing to re-roll: every die is a success or a bane")


def _show_roll(label: str, result: dice.Roll) -> None:
    marks = {
        dice.Source.ATTRIBUTE: "",
        dice.Source.SKILL: "s",
        dice.Source.GEAR: "g",
        dice.Source.ARTIFACT: "a",
    }
    faces = " ".join(
        f"{marks[d.source]}{f}" + ("" if d.sides == 6 else f"/d{d.sides}")
        for d, f in zip(result.pool.dice, result.faces, strict=True)
    )
    console.print(f"{label}: [{faces}] -> {result.successes} success(es), {result.banes()} bane(s)")


def main() -> None:
    """Entry point of the yz-gym command."""
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
