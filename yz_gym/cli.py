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
console = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


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


def _check_sides(loaded, policies: dict[str, str], option: str = "--policy") -> None:  # type: ignore[no-untyped-def]
    from yz_gym.evaluation.runner import scenario_name, scenario_sides

    sides, name = scenario_sides(loaded), scenario_name(loaded)
    for side in policies:
        if side not in sides:
            raise ValueError(f"{option}: no side named '{side}' in {name}; sides: {', '.join(sides)}")


def _hands_over(loaded) -> bool:  # type: ignore[no-untyped-def]
    """A chase whose file declares a hand-over to a zone fight (scenario/handover.py)."""
    return getattr(loaded, "handover", None) is not None


@app.command()
def evaluate(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")] = DEFAULT_SCENARIO,
    episodes: Annotated[int, typer.Option("--episodes", "-n", min=1, help="games to play")] = 1000,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            "-p",
            help="SIDE=AGENT (random, aggressive, tactical, or a model file; chases: flee, hider, cutoff, "
            "shooter, random - default each side's natural chase agent); repeatable",
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
    backend: Annotated[
        str, typer.Option(help="process (local pool) or ray (pip install 'yz_gym[scale]')")
    ] = "process",
    fight_policy: Annotated[
        list[str] | None,
        typer.Option(
            "--fight-policy",
            help="SIDE=AGENT for the zone fight after a chase's hand-over (random, aggressive, tactical "
            "or a model file; default tactical); repeatable",
        ),
    ] = None,
) -> None:
    """How deadly is this encounter? Win chances with 95% intervals, rounds, per-combatant risk.

    Also chases (chase_* files): escape and catch chances, how the chases ended, wrecks; a chase
    with a hand-over plays the fight after it and reports who won it."""
    from yz_gym.evaluation.report import compare_table, plot_report, print_report
    from yz_gym.evaluation.runner import evaluate as run
    from yz_gym.evaluation.runner import load_any
    from yz_gym.io import atomic_write_json

    try:
        policies = parse_policies(policy or [])
        fights = parse_policies(fight_policy or [])
        _check_agents({**policies, **fights})
        loaded = load_any(scenario)
        _check_sides(loaded, policies)
        if fights:
            if not _hands_over(loaded):
                raise ValueError(f"--fight-policy: {scenario} is not a chase with a handover: block")
            _check_sides(loaded, fights, "--fight-policy")
        if compare:
            _check_sides(load_any(compare), parse_policies(compare_policy) if compare_policy else policies)
    except (ScenarioError, ValueError) as error:
        raise _fail(str(error)) from None
    if backend not in ("process", "ray"):
        raise _fail(f"unknown backend '{backend}'; use process or ray")
    try:
        stats, interrupted = _run_with_progress(
            partial(run, fight_policies=fights or None), scenario, policies, episodes, seed, workers,
            "evaluating", backend,
        )  # fmt: skip
    except ValueError as error:  # e.g. a policy file trained for other spaces
        raise _fail(str(error)) from None
    if interrupted:
        err.print(f"[yellow]interrupted: reporting the {stats.games} games played[/yellow]")
    print_report(stats, console)
    report = stats.to_json()
    report.update({"policies": policies, "seed": seed, "interrupted": interrupted})
    if fights:
        report["fight_policies"] = fights
    if compare and not interrupted:
        other_policies = parse_policies(compare_policy) if compare_policy else policies
        other_fights = fights if fights and _hands_over(load_any(compare)) else None
        other, _ = _run_with_progress(
            partial(run, fight_policies=other_fights), compare, other_policies, episodes, seed, workers,
            "what-if", backend,
        )  # fmt: skip
        compare_table(stats, other, scenario, compare, console)
        report["compare"] = {"scenario": compare, "policies": other_policies, **other.to_json()}
    if json_out:
        atomic_write_json(json_out, report)
        console.print(f"report written to {json_out}")
    if plot:
        plot_report(stats, plot)
        console.print(f"plot written to {plot}")


def _run_with_progress(run, scenario, policies, episodes, seed, workers, label, backend="process"):  # type: ignore[no-untyped-def]
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
    save: Annotated[Path | None, typer.Option(help="also save the game as a replay (JSONL) here")] = None,
) -> None:
    """Play one seeded game and print its combat log, every die shown."""
    from yz_gym.evaluation.replay import record_game, replay_log

    try:
        policies = parse_policies(policy or [])
        _check_agents(policies)
        replay = record_game(scenario, policies, seed)
    except (ScenarioError, ValueError) as error:
        raise _fail(str(error)) from None
    for line in replay_log(replay):
        console.print(line, markup=False, highlight=False)
    if save:
        replay.save(save)
        console.print(f"replay written to {save}")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a replay written by `yz-gym log --save` or `play --save`")],
    html_out: Annotated[
        Path | None, typer.Option("--html", help="write a self-contained page that steps through the game")
    ] = None,
) -> None:
    """Print the combat log of a saved game (re-simulated and checked against the record)."""
    from yz_gym.evaluation.html import write_html
    from yz_gym.evaluation.replay import Replay, ReplayError, replay_log

    try:
        saved = Replay.load(file)
        lines = replay_log(saved)
    except (ReplayError, ScenarioError) as error:
        raise _fail(str(error)) from None
    for line in lines:
        console.print(line, markup=False, highlight=False)
    if html_out:
        write_html(saved, html_out)
        console.print(f"page written to {html_out}")


def _advice_state(
    scenario: str, state_file: Path | None, replay_file: Path | None, at: int | None, seed: int
):  # type: ignore[no-untyped-def]
    """The state to advise on: a saved state, a replay at a step, or the scenario's start."""
    import pickle

    from yz_gym.evaluation.replay import Replay
    from yz_gym.rules import engine

    if state_file is not None:
        if not state_file.exists():
            raise ValueError(f"{state_file}: no such state file")
        with state_file.open("rb") as handle:
            return pickle.load(handle)  # a state file is a pickle: open only trusted files
    if replay_file is not None:
        saved = Replay.load(replay_file)
        return saved.state_at(len(saved.steps) if at is None else at)[0]
    return engine.new_game(load_scenario(scenario), seed)


@app.command()
def advise(
    scenario: Annotated[
        str, typer.Argument(help="scenario (used when no --state/--replay is given)")
    ] = DEFAULT_SCENARIO,
    state: Annotated[
        Path | None, typer.Option("--state", help="a saved game state (pickle, from `play --save-state`)")
    ] = None,
    replay_file: Annotated[Path | None, typer.Option("--replay", help="a replay file")] = None,
    at: Annotated[int | None, typer.Option(help="the replay step to advise on (default: its end)")] = None,
    rollouts: Annotated[int, typer.Option(min=4, help="rollouts for each of the best actions")] = 200,
    agent: Annotated[str, typer.Option(help="rollout agent for every side")] = "aggressive",
    seed: Annotated[int, typer.Option(help="rollout seed")] = 0,
    top: Annotated[int, typer.Option(help="how many actions to list")] = 10,
) -> None:
    """Rank the acting combatant's legal actions by estimated win probability."""
    from agents.advisor import advise as rank
    from agents.advisor import explain
    from yz_gym.evaluation.replay import ReplayError
    from yz_gym.rules import engine

    try:
        _check_agents({"rollout": agent})
        game = _advice_state(scenario, state, replay_file, at, seed)
        ranked = rank(game, rollouts=rollouts, rollout_agent=agent, seed=seed)
    except (ScenarioError, ReplayError, ValueError) as error:
        raise _fail(str(error)) from None
    actor = game.combatants[engine.current_actor(game)]
    console.print(
        f"{actor.name} ({game.setup.sides[actor.side]}) to decide ({engine.decision_kind(game)}), round {game.round}:"
    )
    _advice_table(ranked[:top])
    console.print(explain(game, ranked))


def _advice_table(ranked) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table

    table = Table()
    for column in ("#", "action", "win %", "95% CI", "rollouts"):
        table.add_column(column, justify="left" if column == "action" else "right")
    for k, a in enumerate(ranked, start=1):
        low, high = a.interval
        table.add_row(str(k), a.text, f"{100 * a.p:.1f}", f"{100 * low:.0f}-{100 * high:.0f}", str(a.games))
    console.print(table)


@app.command()
def play(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path")] = DEFAULT_SCENARIO,
    side: Annotated[str | None, typer.Option("--as", help="the side you play (default: the first)")] = None,
    opponent: Annotated[str, typer.Option(help="agent for the other sides")] = "tactical",
    seed: Annotated[int, typer.Option(help="the game's seed")] = 0,
    save: Annotated[Path | None, typer.Option(help="save the game as a replay here when it ends")] = None,
    save_state: Annotated[
        Path | None, typer.Option(help="on quitting, save the state here for `advise --state`")
    ] = None,
) -> None:
    """Play one side in the terminal: pick actions by number, '?' asks the advisor for its top three."""
    from agents import make_agent
    from yz_gym.evaluation.replay import Replay, Step, scenario_data
    from yz_gym.rules import engine
    from yz_gym.rules.narrate import narrate
    from yz_gym.scenario.loader import build

    try:
        data = scenario_data(scenario)
        loaded = build(data, scenario)
        _check_agents({"opponent": opponent})
    except (ScenarioError, ValueError) as error:
        raise _fail(str(error)) from None
    sides = loaded.setup.sides
    mine = side or sides[0]
    if mine not in sides:
        raise _fail(f"no side named '{mine}'; sides: {', '.join(sides)}")
    rng = np.random.default_rng(seed)
    state = engine.new_game(loaded, rng)
    agents = [make_agent(opponent, seed + 1 + i) for i in range(len(sides))]
    record = Replay(
        data, seed, {s: opponent for s in sides if s != mine} | {mine: "human"}, list(state.opening), []
    )
    for line in narrate(state, state.opening):
        console.print(line, markup=False, highlight=False)
    while not engine.is_over(state):
        actor = state.combatants[engine.current_actor(state)]
        actions = engine.legal_actions(state)
        if sides[actor.side] == mine:
            _status(state)
            action = _ask(state, actor, actions)
            if action is None:
                if save_state:
                    import pickle

                    from yz_gym.io import atomic_write_bytes

                    atomic_write_bytes(save_state, pickle.dumps(state))
                    console.print(f"state saved to {save_state}")
                break
        else:
            action = agents[actor.side].choose(state, actions)
            if action.kind.name not in ("END_TURN", "DECLINE"):
                console.print(
                    f"{actor.name}: {engine.describe(state, action)}.", markup=False, highlight=False
                )
        text = engine.describe(state, action)
        events = engine.apply(state, action, rng)
        record.steps.append(Step(actor.id, action, text, events))
        for line in narrate(state, events):
            console.print(line, markup=False, highlight=False)
    if save:
        record.save(save)
        console.print(f"replay written to {save}")


def _status(state) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table

    from yz_gym.rules.attacks import held_weapon

    table = Table(title=f"Round {state.round}")
    for column in (
        "#card",
        "name",
        "side",
        "zone",
        "STR AGI WIT EMP" if state.options.damage_model == "attribute" else "health/resolve",
        "weapon",
        "state",
    ):
        table.add_column(column)
    for i in state.order:
        c = state.combatants[i]
        tracks = (
            " ".join(str(a) for a in c.attrs)
            if state.options.damage_model == "attribute"
            else f"{c.health}/{c.resolve}"
        )
        flags = [
            w
            for w, on in (
                ("dead", c.dead),
                ("fled", c.fled),
                ("Broken", c.broken and not c.dead),
                ("prone", c.prone),
                ("in cover", c.cover >= 0),
                ("aiming", c.aiming > 0),
                ("overwatch", c.overwatch >= 0),
            )
            if on
        ]
        weapon = held_weapon(state, c).name if c.held >= 0 else "unarmed"
        table.add_row(
            str(state.cards[i]),
            c.name,
            state.setup.sides[c.side],
            state.zone_map.zones[c.zone].name,
            tracks,
            weapon,
            ", ".join(flags),
        )
    console.print(table)


def _ask(state, actor, actions):  # type: ignore[no-untyped-def]
    from agents.advisor import advise as rank
    from agents.advisor import explain
    from yz_gym.rules import engine

    console.print(f"[bold]{actor.name}[/bold] decides ({engine.decision_kind(state)}):")
    for k, action in enumerate(actions, start=1):
        console.print(f"  {k:>2}. {engine.describe(state, action)}", highlight=False)
    while True:
        try:
            answer = input("choose a number, '?' for advice, 'q' to quit: ").strip().lower()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer in ("?", "advice", "help"):
            ranked = rank(state, rollouts=60, screen=12, finalists=3)
            _advice_table(ranked[:3])
            console.print(explain(state, ranked))
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
    """Check a scenario or chase file; prints what it contains or one line saying what is wrong."""
    from yz_gym.evaluation.runner import load_any
    from yz_gym.rules.chase_state import ChaseScenario

    try:
        loaded = load_any(scenario)
    except ScenarioError as error:
        raise _fail(str(error)) from None
    if isinstance(loaded, ChaseScenario):
        sides = loaded.base.setup.sides
        console.print(
            f"[green]ok[/green] chase {loaded.name}: {len(loaded.units)} units, "
            f"{len(loaded.base.combatants)} people, {len(loaded.vehicles)} vehicles, "
            f"pursuer {sides[loaded.pursuer]}, prey {', '.join(s for i, s in enumerate(sides) if i != loaded.pursuer)}"
        )
        loaded = loaded.base
    else:
        setup = loaded.setup
        console.print(
            f"[green]ok[/green] {setup.name}: {len(setup.zone_map.zones)} zones, {len(loaded.combatants)} combatants, sides {', '.join(setup.sides)}"
        )
    if new_characters:
        for name, problem in character_problems(loaded):
            console.print(f"[yellow]{name}[/yellow]: {problem}")


def character_problems(loaded) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(PC name, problem) for every player character that breaks the creation rules."""
    from yz_gym.rules.creation import check_pool_character, check_step_character
    from yz_gym.rules.state import ATTRIBUTES

    letters = {v: k for k, v in dice.STEP_SIDES.items()}
    found = []
    for c in loaded.combatants:
        if not c.pc:
            continue
        attributes = {a.lower(): v for a, v in zip(ATTRIBUTES, c.max_attrs, strict=True)}
        skills = {k.lower(): v for k, v in c.skills.items() if v}
        if loaded.setup.options.dice_mode == "step":
            problems = check_step_character(
                {k: letters[v] for k, v in attributes.items()}, {k: letters[v] for k, v in skills.items()}
            )
        else:
            problems = check_pool_character(attributes, skills)
        found += [(c.name, p) for p in problems]
    return found


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
    seed: Annotated[int | None, typer.Option(help="seed for repeatable rolls")] = None,
) -> None:
    """Repair a vehicle between fights: one Crafting roll per shift (VEH-REPAIR-01..05)."""
    from yz_gym.rules import engine as rules_engine
    from yz_gym.rules import vehicles
    from yz_gym.rules.narrate import faces_text
    from yz_gym.scenario.loader import build

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
    console.print("[green]repaired[/green]" if done else f"not finished after {shifts} shift(s)")


def main() -> None:
    """Entry point of the yz-gym command."""
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
