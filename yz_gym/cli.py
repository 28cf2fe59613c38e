"""The yz-gym command line: evaluate encounters, print combat logs, validate scenarios, roll dice."""

from __future__ import annotations

import re
import sys
import time
from functools import partial
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.text import Text

from yz_gym.agents import agents_text
from yz_gym.design.commands import register as register_design
from yz_gym.rulesets.yze import dice
from yz_gym.scenario import DEFAULT_ENCOUNTER, DEFAULT_SCENARIO, ScenarioError
from yz_gym.scenario.reading import MAX_SEED
from yz_gym.studio.command import register as register_studio

MAX_DICE = 100  # dice in one `roll` pool
MAX_POOL_TEXT = 200  # characters of a `roll` pool
MAX_ERROR_LINE = 2000  # characters of an error line: a file can make a name as long as it likes
AGENTS_HELP = (
    f"a scripted agent of the scenario's game ({agents_text()}), weights:PATH for a trained policy's "
    "weights file (.pth, safe to open), or model:PATH for a trained model (an SB3 .zip is a pickle "
    "that can run code: load only models you trust)"
)


class _Commands(typer.core.TyperGroup):
    """The yz-gym commands, whose usage errors (a bad option value, a missing argument) are one
    `error:` line with exit code 2 like every other bad input."""

    def main(self, *args, standalone_mode: bool = True, **kwargs):  # type: ignore[no-untyped-def, override]
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except typer.TyperException as error:  # Typer's click errors: bad option values, no such command ...
            if type(error).__name__ == "NoArgsIsHelpError":  # `yz-gym` alone: the help
                error.show()  # type: ignore[attr-defined]
                sys.exit(0)
            ctx = getattr(error, "ctx", None)
            name = ctx.command_path if ctx is not None else "yz-gym"
            _error_line(f"{error.format_message()} (see {name} --help)")  # type: ignore[attr-defined]
            sys.exit(2)
        except typer.Abort:
            err.print("aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_Commands,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,  # help texts are plain text: "pip install 'yz_gym[scale]'" stays whole
    help="Year Zero Engine combat: evaluate encounters, read combat logs, validate scenarios, roll dice.",
)
# Every string printed comes from users' files and arguments as often as from yz_gym: the consoles
# never read Rich markup in them (a name such as "Brann [leader]" prints as it is); the few styled
# words are given as styles.
console = Console(soft_wrap=True, markup=False, highlight=False)
err = Console(stderr=True, soft_wrap=True, markup=False, highlight=False)


def _error_line(message: str) -> None:
    """`error: message` on one line of stderr (cut short if a huge name made it long)."""
    line = " ".join(str(message).split())
    if len(line) > MAX_ERROR_LINE:
        line = line[: MAX_ERROR_LINE - 3] + "..."
    err.print(Text.assemble(("error:", "red"), " ", line))


def version_line() -> str:
    """The installed version and which build of the rules core runs (setup.py compiles it when it can)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("yz_gym")
    except PackageNotFoundError:
        number = "(not installed)"
    build = "compiled rules core, mypyc" if dice.COMPILED else "interpreted rules core, pure Python"
    return f"yz_gym {number} ({build})"


def _print_version(value: bool) -> None:
    if value:
        console.print(version_line(), markup=False, highlight=False)
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_print_version, help="Print the version and build."
        ),
    ] = False,
) -> None:
    """Options that come before the command (the app's help text is set on `app`)."""


def _fail(message: str) -> typer.Exit:
    _error_line(message)
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


def _check_agents(names: list[str]) -> None:
    """Every agent named exists; a model file is loaded now, so a bad one is refused before any game."""
    from yz_gym.agents import make_agent

    for name in names:
        agent = make_agent(name, 0)
        getattr(agent, "model", None)  # a PolicyAgent loads its file on first use


def _check_sides(loaded, policies: dict[str, str], option: str = "--policy", plays=None) -> None:  # type: ignore[no-untyped-def]
    """Every side named exists, and its agent plays the game (`plays`: the mode, else the scenario's)."""
    from yz_gym.agents import MODEL_PREFIX, WEIGHTS_PREFIX
    from yz_gym.agents.shipped import is_model, misfit
    from yz_gym.core import registry
    from yz_gym.evaluation.runner import scenario_name, scenario_sides

    sides, name = scenario_sides(loaded), scenario_name(loaded)
    mode = plays or registry.mode_of(loaded)
    for side, agent in policies.items():
        if side not in sides:
            raise ValueError(f"{option}: no side named '{side}' in {name}; sides: {', '.join(sides)}")
        if is_model(agent):  # a shipped model or .npz file: refused unless trained on this game's spaces
            problem = misfit(agent, mode.ruleset, mode.name)
            if problem:
                raise ValueError(f"{option}: {side}={agent}: {problem}")
        elif agent not in mode.agents and not agent.startswith((MODEL_PREFIX, WEIGHTS_PREFIX)):
            raise ValueError(
                f"{option}: {side}={agent}: '{agent}' does not play {mode.label} games; "
                f"give one of {', '.join(mode.agents)} or a trained policy"
            )


@app.command()
def evaluate(
    scenario: Annotated[
        str,
        typer.Argument(
            help="bundled scenario name or .yaml path; default warehouse_ambush (3 PCs against a prepared "
            "gang ambush, both sides tactical: a close fight whose risks mean something)"
        ),
    ] = DEFAULT_ENCOUNTER,
    episodes: Annotated[int, typer.Option("--episodes", "-n", min=1, help="games to play")] = 1000,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            "-p",
            help=f"SIDE=AGENT: {AGENTS_HELP}; repeatable. A side not named plays the file's agents:, "
            "else tactical (chases: its natural chase agent, cutoff for the pursuer, flee for the prey; "
            "DX3: dx3_tactical); the report says who played each side",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="base seed; game i depends only on (seed, i)")
    ] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="worker processes")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the report as JSON here")] = None,
    plot: Annotated[
        Path | None, typer.Option(help="write a PNG of outcomes, rounds and each PC's risks here")
    ] = None,
    compare: Annotated[
        str | None,
        typer.Option(help="a second scenario for a what-if table (changes game by game, same seeds)"),
    ] = None,
    compare_policy: Annotated[
        list[str] | None,
        typer.Option(help=f"SIDE=AGENT for the what-if run (default: same policies); AGENT: {AGENTS_HELP}"),
    ] = None,
    backend: Annotated[
        str, typer.Option(help="process (local pool) or ray (pip install 'yz_gym[scale]')")
    ] = "process",
    fight_policy: Annotated[
        list[str] | None,
        typer.Option(
            "--fight-policy",
            help=f"SIDE=AGENT for the zone fight after a chase's hand-over (default tactical); AGENT: "
            f"{AGENTS_HELP}; repeatable",
        ),
    ] = None,
) -> None:
    """How deadly is this encounter? Win chances, each PC's risk of being Broken, critically injured
    or killed, the party's risks, rounds and damage by side, all with 95% intervals.

    Also chases (files with mode: chase): escape and catch chances, how the chases ended, wrecks; a chase
    with a hand-over plays the fight after it and reports who won it. DX3 fights (ruleset: dx3): each
    fighter's risk of 戦闘不能, of 侵蝕率 100%+ and of death, its 侵蝕率 at the end, 《リザレクト》 and Titus
    used, and a PC's chance to be lost after the back-track."""
    from yz_gym.core import registry
    from yz_gym.evaluation.provenance import provenance
    from yz_gym.evaluation.report import played_by
    from yz_gym.evaluation.runner import chosen_by, fight_agents, next_mode, scenario_name, side_agents
    from yz_gym.evaluation.runner import evaluate as run
    from yz_gym.io import atomic_write_json, check_outputs
    from yz_gym.scenario.loading import load

    try:
        check_outputs({"--json": json_out, "--plot": plot})
        policies = parse_policies(policy or [])
        fights = parse_policies(fight_policy or [])
        what_if = parse_policies(compare_policy or [])
        if what_if and not compare:
            raise ValueError("--compare-policy is for the what-if run: give --compare SCENARIO too")
        _check_agents([*policies.values(), *fights.values(), *what_if.values()])
        found = load(scenario)
        loaded = found.scenario
        shown = registry.evaluation_of(found.mode).report  # UnknownGame (a ValueError) if evaluate cannot play it
        _check_sides(loaded, policies)
        if fights:
            fight_mode = next_mode(loaded)
            if fight_mode is None:
                raise ValueError(f"--fight-policy: {scenario} is not a chase with a handover: block")
            _check_sides(loaded, fights, "--fight-policy", fight_mode)
        other_policies = parse_policies(compare_policy) if compare_policy else policies
        if compare:
            other_found = load(compare)
            _check_sides(other_found.scenario, other_policies)
            if other_found.mode.evaluation is None or other_found.mode.evaluation.report is not shown:
                raise ValueError(f"--compare: {compare} is not {shown.a_noun}; give {shown.a_noun} to compare with")
        if plot is not None and shown.plot is None:
            raise ValueError(f"--plot: {shown.noun}s have no plot yet; leave it out")
    except (ScenarioError, ValueError) as error:
        raise _fail(str(error)) from None
    if backend not in ("process", "ray"):
        raise _fail(f"unknown backend '{backend}'; use process or ray")
    try:
        stats, interrupted = _run_with_progress(
            partial(run, fight_policies=fights or None, report=shown), scenario, policies, episodes, seed,
            workers, "evaluating", backend, shown.unit,
        )  # fmt: skip
    except ValueError as error:  # e.g. a policy file trained for other spaces
        raise _fail(str(error)) from None
    if interrupted:
        err.print(interrupted.describe(stats.games, episodes, shown.unit), style="yellow")
    agents, chosen = side_agents(loaded, policies), chosen_by(loaded, policies)
    title = f"{scenario_name(loaded)} (interrupted)" if interrupted else ""
    shown.show(stats, console, title, agents, chosen)
    fighters, fight_chosen = fight_agents(loaded, fights), {side: "--fight-policy" for side in fights}
    if fighters:
        console.print(f"fights after the chase played by: {played_by(fighters, fight_chosen)}")
    report = stats.to_json()
    report.update(provenance(scenario, loaded, agents, chosen, fighters, fight_chosen))
    report.update({"policies": policies, "seed": seed, **interrupted.to_json()})
    if fights:
        report["fight_policies"] = fights
    exit_code = interrupted.exit_code
    if compare and not interrupted:
        other_loaded = other_found.scenario
        other_fights = fights if fights and next_mode(other_loaded) is not None else None
        other, other_interrupted = _run_with_progress(
            partial(run, fight_policies=other_fights, report=shown), compare, other_policies, episodes, seed,
            workers, "what-if", backend, shown.unit,
        )  # fmt: skip
        other_agents = side_agents(other_loaded, other_policies)
        other_chosen = chosen_by(other_loaded, other_policies)
        paired = shown.compare(stats, other, scenario, compare, played_by(other_agents, other_chosen), console)
        report["compare"] = {
            **other.to_json(),
            **provenance(compare, other_loaded, other_agents, other_chosen),
            **other_interrupted.to_json(),
            "scenario_source": compare,
            "policies": other_policies,
            **paired,
        }
        exit_code = other_interrupted.exit_code
    outputs = [("--json", json_out, partial(atomic_write_json, data=report), "report")]
    if shown.plot is not None:
        outputs.append(("--plot", plot, partial(shown.plot, stats, agents=agents, chosen=chosen), "plot"))
    _write_outputs(outputs, exit_code)


def _run_with_progress(run, scenario, policies, episodes, seed, workers, label, backend="process", unit="games"):  # type: ignore[no-untyped-def]
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from yz_gym.evaluation.runner import worker_count

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
        disable=False,
    ) as progress:
        task = progress.add_task(label, total=episodes)
        stats, interrupted = run(
            scenario, policies, episodes, seed, workers, lambda n: progress.advance(task, n), backend=backend
        )
    elapsed = time.perf_counter() - start
    used = worker_count(episodes, workers)
    err.print(
        f"{stats.games} {unit} in {elapsed:.1f} s ({stats.games / max(elapsed, 1e-9):.0f} {unit}/s, {used} worker(s))"
    )
    return stats, interrupted


@app.command()
def log(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")] = DEFAULT_SCENARIO,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="the game's seed")] = 0,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy", "-p", help=f"SIDE=AGENT; a side not named plays tactical; repeatable. AGENT: {AGENTS_HELP}"
        ),
    ] = None,
    save: Annotated[Path | None, typer.Option(help="also save the game as a replay (JSONL) here")] = None,
) -> None:
    """Play one seeded game (a fight, a chase ...) and print its log, every die shown, after who
    played each side."""
    from yz_gym.core import registry
    from yz_gym.evaluation.report import played_by
    from yz_gym.evaluation.runner import chosen_by
    from yz_gym.io import check_outputs
    from yz_gym.scenario.loading import load

    try:
        check_outputs({"--save": save})
        policies = parse_policies(policy or [])
        _check_agents(list(policies.values()))
        loaded = load(scenario)
        if save is not None:
            _require(loaded.mode, "replay", "--save: ")
        _check_sides(loaded.scenario, policies)
        game = loaded.mode.narrated_game(loaded, policies, seed)
    except (ScenarioError, registry.UnknownGame, ValueError) as error:
        raise _fail(str(error)) from None
    who = played_by(game.agents, chosen_by(loaded.scenario, policies))
    console.print(f"played by: {who}")
    for line in game.lines:
        console.print(line)
    _write_outputs([("--save", save, game.replay.save if game.replay is not None else None, "replay")])


def _require(mode, command: str, prefix: str = "") -> None:  # type: ignore[no-untyped-def]
    """A one-line refusal (ValueError) if `mode` does not support the optional `command` yet."""
    from yz_gym.core import registry

    try:
        registry.require(mode, command)
    except registry.UnknownGame as error:
        raise ValueError(f"{prefix}{error}") from None


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a replay written by `yz-gym log --save` or `play --save`")],
    html_out: Annotated[
        Path | None, typer.Option("--html", help="write a self-contained page that steps through the game")
    ] = None,
) -> None:
    """Print the log of a saved zone fight, chase or expedition (re-simulated and checked against the record)."""
    from yz_gym.evaluation import journey_replay as journeys
    from yz_gym.evaluation.html import write_html
    from yz_gym.evaluation.replay import Replay, ReplayError, replay_log
    from yz_gym.io import OutputError, check_outputs

    try:
        check_outputs({"--html": html_out})
        if journeys.is_journey_replay(file):
            trip = journeys.JourneyReplay.load(file)
            lines, page = journeys.journey_log(trip), partial(journeys.write_journey_html, trip)
        else:
            saved = Replay.load(file)
            lines, page = replay_log(saved), partial(write_html, saved, replay_file=file.name)
    except (ReplayError, ScenarioError, OutputError) as error:
        raise _fail(str(error)) from None
    for line in lines:
        console.print(line)
    _write_outputs([("--html", html_out, page, "page")])


def _write_outputs(outputs, exit_code: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Write each output asked for, given as (option, path or None, writer, what), on its own:
    "WHAT written to PATH", or one error line; then exit with `exit_code`, or 2 if one failed."""
    from yz_gym.io import write_outputs

    what = {option: name for option, _, _, name in outputs}
    failures = write_outputs(
        [(option, path, write) for option, path, write, _ in outputs],
        lambda option, path: console.print(f"{what[option]} written to {path}"),
    )
    for message in failures:
        _fail(message)  # prints the error line
    if exit_code or failures:
        raise typer.Exit(exit_code or 2)


def _advice_state(
    scenario: str, state_file: Path | None, replay_file: Path | None, at: int | None, seed: int
):  # type: ignore[no-untyped-def]
    """The game to advise on and the agents its file names per side: a saved state (the replay of
    a game so far), a replay at a step, or the scenario's start."""
    from yz_gym.evaluation.replay import Replay

    if state_file is not None:
        saved = Replay.load(state_file)
        return saved.state_at(len(saved.steps))[0], {}
    if replay_file is not None:
        saved = Replay.load(replay_file)
        return saved.state_at(len(saved.steps) if at is None else at)[0], {}
    return game_at_start(scenario, seed)


def game_at_start(scenario: str, seed: int):  # type: ignore[no-untyped-def]
    """A scenario's game at its first decision (its mode from the registry) and the agents its
    file names per side."""
    from yz_gym.scenario.loading import load

    loaded = load(scenario)
    _require(loaded.mode, "advise")
    declared = zip(loaded.sides, loaded.scenario.agents, strict=False)  # `agents` is () when the file names none
    return loaded.mode.rules.new_game(loaded.scenario, seed), {side: name for side, name in declared if name}


@app.command()
def advise(
    scenario: Annotated[
        str, typer.Argument(help="scenario or chase (used when no --state/--replay is given)")
    ] = DEFAULT_SCENARIO,
    state: Annotated[
        Path | None,
        typer.Option("--state", help="a game saved by `play --save-state` (a replay of the game so far)"),
    ] = None,
    replay_file: Annotated[Path | None, typer.Option("--replay", help="a replay file")] = None,
    at: Annotated[
        int | None,
        typer.Option(help="the replay step to advise on (an expedition's: the day, 1 = the start; default: its end)"),
    ] = None,
    rollouts: Annotated[
        int, typer.Option(min=4, help="rollouts for the best actions (the race's finalists)")
    ] = 48,
    agent: Annotated[
        str | None,
        typer.Option(
            help=f"rollout agent for every side not named by --policy (default: the side's agent in "
            f"`evaluate`: the file's agents:, else tactical; a chase side cutoff as pursuer, flee as "
            f"prey; an expedition: the planner of the later days, by default cautious and hasty): {AGENTS_HELP}"
        ),
    ] = None,
    policy: Annotated[
        list[str] | None,
        typer.Option("--policy", "-p", help=f"SIDE=AGENT for a side's rollouts; repeatable. AGENT: {AGENTS_HELP}"),
    ] = None,
    full_state: Annotated[
        bool,
        typer.Option(
            "--full-state",
            help="let rollouts read hidden initiative cards, unseen enemies and a chase's secret choices "
            "(default: only what the acting side can see, the rest re-drawn each rollout)",
        ),
    ] = False,
    workers: Annotated[
        int | None, typer.Option(min=1, help="processes for the rollouts (default: up to 2)")
    ] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="rollout seed")] = 0,
    top: Annotated[int, typer.Option(min=1, help="how many actions to list")] = 10,
    rank_by: Annotated[
        str | None,
        typer.Option(help="expeditions: rank the day's plans by arrival (the default) or pc-loss (the safest first)"),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            min=1, max=3600,
            help="expeditions: seconds the race may take once every plan had a rollout (default 60); then a rough ranking",
        ),
    ] = None,
    every_lookout: Annotated[
        bool,
        typer.Option("--every-lookout", help="expeditions: race the plans of every lookout, not only the best observer's"),
    ] = False,
) -> None:
    """Rank the acting combatant's legal actions (by menu number) by estimated win probability; also
    a chase's (rollouts played by its chase agents), and an expedition's day plans by the chance to
    arrive or to lose a PC (the rest of the trip planned by cautious or hasty)."""
    from yz_gym.agents.advisor import advise as rank
    from yz_gym.agents.advisor import check_fit, side_names
    from yz_gym.evaluation import trip_commands as trips
    from yz_gym.evaluation.replay import ReplayError

    try:
        trip = trips.trip_target(scenario, state, replay_file, at)
        if trip is not None:
            race = trips.TripRace(
                trips.planners(trip.state, agent, parse_policies(policy or [])), trips.ranking(rank_by), rollouts,
                seed, workers, time_limit, every_lookout,
            )  # fmt: skip
    except (ScenarioError, ReplayError, ValueError) as error:
        raise _fail(str(error)) from None
    if trip is not None:
        trips.show_advice(console, trip.state, trips.race_with_progress(trip.state, race, err), top)
        return
    try:
        policies = parse_policies(policy or [])
        _check_agents([*([agent] if agent else []), *policies.values()])
        game, declared = _advice_state(scenario, state, replay_file, at, seed)
        if (rank_by, time_limit, every_lookout) != (None, None, False):
            raise ValueError("--rank-by, --time-limit and --every-lookout are for expeditions; leave them out")
        sides = side_names(game)
        for side in policies:
            if side not in sides:
                raise ValueError(f"--policy: no side named '{side}'; sides: {', '.join(sides)}")
        named = {side: policies.get(side) or agent or declared.get(side) for side in sides}
        agents = {side: name for side, name in named.items() if name}
        check_fit(game, agents)
        ranked = rank(
            game, agents, rollouts=rollouts, seed=seed, visible_only=not full_state, workers=workers
        )
    except (ScenarioError, ReplayError, ValueError) as error:
        raise _fail(str(error)) from None
    _show_advice(game, ranked[:top], ranked, agents, not full_state)


def _show_advice(game, shown, ranked, agents: dict[str, str], visible_only: bool) -> None:  # type: ignore[no-untyped-def]
    """The advisor's table (menu numbers, win %, intervals), who played the rollouts, its verdict."""
    from rich.table import Table

    from yz_gym.agents.advisor import acting, explain, rules_of, side_names, ties, who_played

    actor = acting(game)
    console.print(
        f"{actor.name} ({side_names(game)[actor.side]}) to decide ({rules_of(game).decision_kind(game)}), "
        f"round {game.round}:"
    )
    close = {a.number for a in ties(ranked)}
    table = Table()
    for column in ("#", "action", "win %", "95% CI", "rollouts", ""):
        table.add_column(column, justify="left" if column in ("action", "") else "right")
    for a in shown:
        low, high = a.interval
        mark = "tied for best" if a.number in close and len(close) > 1 else ("best" if a is ranked[0] else "")
        if a.games < ranked[0].games:
            mark = "dropped: the leader won more of their shared rollouts"  # the race's sign test
        table.add_row(
            str(a.number), Text(a.text), f"{100 * a.p:.1f}", f"{100 * low:.0f}-{100 * high:.0f}",
            str(a.games), mark,
        )  # fmt: skip
    console.print(table)
    console.print(who_played(game, agents, visible_only))
    console.print(explain(game, ranked))


@app.command()
def play(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")] = DEFAULT_SCENARIO,
    side: Annotated[str | None, typer.Option("--as", help="the side you play (default: the first)")] = None,
    opponent: Annotated[
        str | None,
        typer.Option(
            help=f"agent for the other sides (default: each side's, as in `evaluate`: tactical in a fight, "
            f"the natural chase agent in a chase): {AGENTS_HELP}"
        ),
    ] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="the game's seed")] = 0,
    save: Annotated[Path | None, typer.Option(help="save the game as a replay here when it ends")] = None,
    save_state: Annotated[
        Path | None,
        typer.Option(help="on quitting, save the game so far here (a replay) for `advise --state`"),
    ] = None,
) -> None:
    """Play one side of a fight or a chase in the terminal: pick actions by number; in a fight '?'
    asks the advisor for its top three."""
    from yz_gym.agents import make_agent
    from yz_gym.core import registry
    from yz_gym.evaluation.replay import Replay, Step
    from yz_gym.io import check_outputs
    from yz_gym.scenario.loading import load

    try:
        check_outputs({"--save": save, "--save-state": save_state})
        found = load(scenario)
        _require(found.mode, "play")
        for option, path in (("--save", save), ("--save-state", save_state)):
            if path is not None:
                _require(found.mode, "replay", f"{option}: ")
        if opponent is not None:
            _check_agents([opponent])
            _check_sides(found.scenario, dict.fromkeys(found.sides, opponent), "--opponent")
    except (ScenarioError, registry.UnknownGame, ValueError) as error:
        raise _fail(str(error)) from None
    mode, rules, sides = found.mode, found.mode.rules, found.sides
    mine = side or sides[0]
    if mine not in sides:
        raise _fail(f"no side named '{mine}'; sides: {', '.join(sides)}")
    from yz_gym.evaluation import trip_commands as trips

    if trips.is_trip(found):
        if opponent is not None:
            raise _fail("--opponent: an expedition has no other side (its fights are played by the file's "
                        "fight_agent); leave it out")  # fmt: skip
        _play_trip(found, seed, save, save_state)
        return
    names = {s: opponent or mode.default_agent(found.scenario, i) for i, s in enumerate(sides)}
    rng = np.random.default_rng(seed)
    state = rules.new_game(found.scenario, rng)
    agents = [make_agent(names[s], seed + 1 + i) for i, s in enumerate(sides)]
    who = {s: names[s] for s in sides if s != mine} | {mine: "human"}
    record = Replay(found.data, seed, who, list(state.opening), [])  # written only by modes with replays
    for line in rules.narrate(state, state.opening):
        console.print(line)
    people = rules.people(state)
    yours = {i for i, c in enumerate(people) if sides[c.side] == mine}
    seen = None
    while not rules.is_over(state):
        actor_id = rules.current_actor(state)
        actor = people[actor_id]
        actions = rules.legal_actions(state)
        if sides[actor.side] == mine:
            lines, seen = mode.board(state, yours, seen)
            for line in lines:
                console.print(line)
            advisors = names | {mine: mode.default_agent(found.scenario, sides.index(mine))} if "advise" in mode.supports else None
            action = _ask(rules, state, actor, actions, advisors, mode.label)
            if action is None:
                if save_state:
                    record.save(save_state)  # the game so far: advise --state re-simulates it
                    console.print(f"state saved to {save_state}")
                break
        else:
            action = agents[actor.side].choose(state, actions)
            if mode.shown(state, action):
                console.print(f"{actor.name}: {rules.describe(state, action)}.")
        text = rules.describe(state, action)
        events = rules.apply(state, action, rng)
        record.steps.append(Step(actor_id, action, text, events))
        for line in rules.narrate(state, events):
            console.print(line)
    _write_outputs([("--save", save, record.save, "replay")])


def _play_trip(found, seed: int, save: Path | None, save_state: Path | None) -> None:  # type: ignore[no-untyped-def]
    """`play` on an expedition: the player plans each day (evaluation/trip_commands.py); '?' races
    the plans for PLAY_TIME_LIMIT seconds and shows the best PLAY_TOP."""
    from yz_gym.evaluation import trip_commands as trips

    def advise(state) -> None:  # type: ignore[no-untyped-def]
        race = trips.TripRace(trips.PLANNERS, "arrival", 48, seed, None, trips.PLAY_TIME_LIMIT, False)
        trips.show_advice(console, state, trips.race_with_progress(state, race, err), trips.PLAY_TOP, morning=False)

    played = trips.play_journey(found, seed, console.print, input, advise)
    if played.quit and save_state:
        played.replay.save(save_state)  # the journey so far: advise --state races its next day
        console.print(f"state saved to {save_state}")
    _write_outputs([("--save", save, played.replay.save, "replay")])


def _ask(rules, state, actor, actions, agents: dict[str, str] | None, label: str):  # type: ignore[no-untyped-def]
    """The human's choice by menu number; '?' asks the advisor, its rollouts played by `agents`
    (None: the mode has no advisor yet)."""
    console.print(Text.assemble((actor.name, "bold"), f" decides ({rules.decision_kind(state)}):"))
    for k, action in enumerate(actions, start=1):
        console.print(f"  {k:>2}. {rules.describe(state, action)}")
    while True:
        try:
            answer = input("choose a number, '?' for advice, 'q' to quit: ").strip().lower()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer in ("?", "advice", "help"):
            if agents is None:
                console.print(f"the advisor does not play {label} games yet")
                continue
            from yz_gym.agents.advisor import advise as rank

            ranked = rank(state, agents)
            _show_advice(state, ranked[:3], ranked, agents, True)
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        console.print(f"'{answer}' is not a choice: type 1-{len(actions)}, ? or q")


@app.command()
def validate(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")],
    new_characters: Annotated[
        bool,
        typer.Option(
            "--new-characters", help="also check PCs against the creation rules (DICE-02/04, STEP-04/05)"
        ),
    ] = False,
) -> None:
    """Check a scenario file of any mode (a fight, a chase ...); prints what it contains or one line
    saying what is wrong."""
    from yz_gym.scenario.loading import load

    try:
        loaded = load(scenario)
    except ScenarioError as error:
        raise _fail(str(error)) from None
    _ok(f"{loaded.mode.summary(loaded.scenario)} ({loaded.mode.label})")
    if new_characters:
        for name, problem in loaded.mode.characters(loaded.scenario):
            console.print(Text.assemble((name, "yellow"), f": {problem}"))


def _ok(text: str) -> None:
    console.print(Text.assemble(("ok", "green"), " ", text))


@app.command("list")
def list_scenarios() -> None:
    """The bundled scenarios of every registered game: `name: title (ruleset mode)`."""
    from yz_gym.scenario.loading import bundled, load

    for name in bundled():
        loaded = load(name)
        console.print(f"{name}: {loaded.name} ({loaded.mode.label})")


@app.command()
def tasks() -> None:
    """Every Gymnasium id yz_gym registers, with the kwargs a task fixes (`gym.spec(id).kwargs`)."""
    from yz_gym.tasks import listing

    for line in listing():
        console.print(line)


POOL_WORD = re.compile(r"^(\d{1,9})\s*(base|attribute|attr|skill|gear)$")


def parse_pool(text: str) -> dice.DicePool:
    """A dice pool from words: "3 base 2 gear", "2 attribute 1 skill d10" or step dice "B C";
    at most MAX_DICE dice."""
    if len(text) > MAX_POOL_TEXT:
        raise ValueError(f'the pool is {len(text):,} characters; give a short one, e.g. "3 base 2 gear"')
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
    total = sum(counts.values()) + len(artifacts)
    if not 0 < total <= MAX_DICE:
        raise ValueError(f"'{text}' is {total:,} dice; roll 1 to {MAX_DICE}, e.g. \"3 base 2 gear\"")
    return dice.pool_dice(counts["attribute"], counts["skill"], counts["gear"], 0, artifacts)


@app.command()
def roll(
    pool: Annotated[
        str,
        typer.Argument(
            help='YZE: "3 base 2 gear", "2 attribute 1 skill d10", "B C"; DX3: "3dx+2@10" (D10s, 達成値 '
            'bonus, C値) or an exploration check "肉体 3 + 知覚 2" (HR-EXPLORE-02)'
        ),
    ],
    push: Annotated[bool, typer.Option("--push", help="YZE: push the roll once (PUSH-04..07)")] = False,
    seed: Annotated[int | None, typer.Option(min=0, max=MAX_SEED, help="seed for a repeatable roll")] = None,
    encroachment: Annotated[
        int, typer.Option(min=0, max=999, help="DX3: the roller's 侵蝕率, adding its dice (DX3-DICE-11)")
    ] = 0,
    difficulty: Annotated[
        int | None, typer.Option(min=0, max=999, help="DX3: the difficulty; shows success and the exact chance")
    ] = None,
    crit: Annotated[int, typer.Option(min=2, max=11, help="DX3: the C値 of an exploration check")] = 10,
) -> None:
    """Roll a YZE dice pool (every die, successes and banes) or a DX3 check (every round of D10s,
    the 達成値, fumbles, and with --difficulty the exact chance to reach it)."""
    from yz_gym.dx3_rolls import looks_dx3

    if looks_dx3(pool):
        _roll_dx3(pool, seed, encroachment, difficulty, crit)
        return
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


def _roll_dx3(text: str, seed: int | None, encroachment: int, difficulty: int | None, crit: int) -> None:
    """A DX3 check: how it was built, every round of faces, the 達成値 and, against a difficulty,
    the result and the exact chance."""
    from yz_gym.dx3_rolls import MISSING_TABLE, chance_to_reach, read_dx3
    from yz_gym.rulesets.dx3.dice import roll as roll_check

    try:
        parsed = read_dx3(text, encroachment, crit)
    except ValueError as error:
        raise _fail(str(error)) from None
    check = parsed.check
    console.print(Text(f"DX3 check: {parsed.words}"))
    if parsed.explore:
        console.print(Text(MISSING_TABLE), style="dim")
    result = roll_check(check, np.random.default_rng(seed))
    rounds = " ".join("[" + " ".join(str(f) for f in faces) + "]" for faces in result.rounds)
    if result.fumble:
        outcome = "fumble (every die a 1): automatic failure, 達成値 0"
    else:
        outcome = f"達成値 {result.achievement} ({result.critical_rounds} critical round(s))"
    console.print(Text(f"roll: {rounds} -> {outcome}"))
    if difficulty is not None:
        verdict = "success" if result.succeeds(difficulty) else "failure"
        chance = chance_to_reach(check, difficulty)
        console.print(Text(f"difficulty {difficulty}: {verdict}; chance to reach it {100 * chance:.1f}% (exact)"))


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


@app.command()
def repair(
    vehicle: Annotated[
        str,
        typer.Argument(help="vehicle type: car, truck, motorcycle, dirt_bike, pickup, apc, tank, helicopter"),
    ],
    damage: Annotated[int, typer.Option(min=0, help="damage the vehicle has taken")] = 1,
    engine: Annotated[
        bool, typer.Option("--engine", help="the engine was knocked out too (VEH-REPAIR-05)")
    ] = False,
    wits: Annotated[int, typer.Option(min=1, max=6, help="the mechanic's Wits")] = 3,
    crafting: Annotated[int, typer.Option(min=0, max=5, help="the mechanic's Crafting")] = 2,
    helpers: Annotated[int, typer.Option(min=0, max=3, help="people helping (+1 each, HELP-01)")] = 0,
    shifts: Annotated[int, typer.Option(min=1, help="shifts of work available")] = 4,
    seed: Annotated[int | None, typer.Option(min=0, max=MAX_SEED, help="seed for repeatable rolls")] = None,
) -> None:
    """Repair a vehicle between fights: one Crafting roll per shift (VEH-REPAIR-01..05)."""
    from yz_gym.rulesets.yze.dice_text import faces_text
    from yz_gym.rulesets.yze.scenario.zone_builder import build
    from yz_gym.rulesets.yze.vehicles import operation as vehicles
    from yz_gym.rulesets.yze.zone import engine as rules_engine

    if vehicle not in vehicles.VEHICLES:
        raise _fail(f"unknown vehicle '{vehicle}'; vehicles: {', '.join(vehicles.VEHICLES)}")
    mechanic = {
        "name": "Mechanic",
        "side": "crew",
        "zone": "Garage",
        "attributes": {"strength": 3, "agility": 3, "wits": min(wits, 5), "empathy": 3},
        "skills": {"crafting": crafting},
        "creature": wits > 5,
    }
    other = {
        "name": "Nobody",
        "side": "none",
        "zone": "Garage",
        "attributes": {"strength": 1, "agility": 1, "wits": 1, "empathy": 1},
    }
    data = {
        "name": "Garage",
        "sides": ["crew", "none"],
        "map": {"zones": [{"name": "Garage"}]},
        "combatants": [mechanic, other],
    }
    state = rules_engine.new_game(build(data, "<repair>"), seed)  # rolls need a combatant in a game
    v = vehicles.new_vehicle(vehicle)
    v.damage = min(damage, v.type.hull)
    v.engine_disabled = engine
    rng = np.random.default_rng(seed)
    who = state.combatants[0]
    console.print(
        f"{v.name}: {v.damage}/{v.type.hull} damage{' (a wreck)' if v.wrecked else ''}"
        f"{', engine knocked out' if engine else ''}"
    )
    for shift in range(1, shifts + 1):
        if v.damage:
            events = vehicles.repair(state, v, who, rng, shift=shift, helpers=helpers)
        elif v.engine_disabled:
            events = vehicles.repair_component(state, v, who, rng, shift=shift, helpers=helpers)
        else:
            break
        rolled = next(e for e in events if e.kind == "roll")
        left = f"{v.damage} damage left" + (", engine still out" if v.engine_disabled else "")
        console.print(
            f"shift {shift}: Crafting {faces_text(rolled)} -> {rolled.get('successes')} success(es); {left}"
        )
    done = not v.damage and not v.engine_disabled
    if done:
        console.print("repaired", style="green")
    else:
        console.print(f"not finished after {shifts} shift(s)")


@app.command()
def export(
    policy: Annotated[
        str, typer.Argument(help="a weights file (.pth, loads without pickles); a .zip needs --load-model")
    ],
    onnx: Annotated[
        str, typer.Option("--onnx", help="the .onnx file to write; its JSON description goes beside it")
    ],
    task: Annotated[
        str | None, typer.Option(help="the task id the policy was trained on, e.g. yz_gym/YZE-Duel-v1")
    ] = None,
    load_model: Annotated[
        bool,
        typer.Option("--load-model", help="POLICY is an SB3 .zip: load it (a pickle that can run code: trusted only)"),
    ] = False,
) -> None:
    """Write a trained policy as ONNX with the action mask applied, for a game engine (docs/export.md)."""
    from yz_gym.training.export import ExportError
    from yz_gym.training.export import export as write

    try:
        written = write(policy, onnx, task, load_model)
    except ExportError as error:
        raise _fail(str(error)) from None
    _ok(f"wrote {' and '.join(map(str, written))}")


register_design(app)  # balance, sensitivity (yz_gym/design/commands.py)
register_studio(app)  # studio (yz_gym/studio/command.py)


def main() -> None:
    """Entry point of the yz-gym command."""
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
