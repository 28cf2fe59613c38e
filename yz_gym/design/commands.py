"""The design commands of `yz-gym`: `balance` (an encounter to a target chance) and `sensitivity`
(what matters most), registered on the command line's app by `register`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from yz_gym.scenario.reading import MAX_SEED

if TYPE_CHECKING:
    from rich.progress import Progress

METRIC_HELP = (
    "what the target is the chance of, by the scenario's mode: zone fights, chases and DX3 fights: win (of "
    "--side), pc_death, knockout; expeditions: arrival, pc_death, party_lost (default: the first)"
)
KINDS_HELP = (
    "the kinds of change, comma-separated (default: all of the mode's): zone fights and chases: attribute, "
    "skill, weapon, armor, count, zone, cover, light; DX3 fights: ability, skill, weapon, armor, effect, lois, "
    "encroachment, count, position, vehicle; expeditions: stores, gear, time, season, weather, encounter, vehicle"
)
VARY_HELP = (
    "TARGET.FIELD=VALUES to try; repeatable (every combination is a variant). Zone fights and chases: "
    "vipers.count=1..6, Viper.weapon=knife,pistol,shotgun, Mara.agility=2..5, 'Crate rows.cover=none,furniture'; "
    "DX3 fights: Enforcer.position=14..20, Enforcer.body=6..9, Kaito.白兵=2..4, Enforcer.heavy_blow=1..3; "
    "expeditions: party.food=6..12, expedition.season=summer,autumn, Pickup.type=car,truck "
    "(every mode's targets and fields: docs/design_tools.md)"
)
POLICY_HELP = (
    "SIDE=AGENT (random, aggressive, tactical, weights:PATH, model:PATH; chases: flee, hider, cutoff, "
    "shooter, random); repeatable. A side not named plays its agent in `evaluate` (the file's agents:, "
    "else tactical; a chase side its natural chase agent)"
)


def register(app: typer.Typer) -> None:
    """Add `balance` and `sensitivity` to the command line."""
    app.command()(balance)
    app.command()(sensitivity)


def _agents(loaded: Any, policy: list[str] | None) -> dict[str, str]:
    """The --policy pairs, checked as `evaluate` checks them (one-line ValueError)."""
    from yz_gym import cli

    policies = cli.parse_policies(policy or [])
    cli._check_agents(list(policies.values()))
    cli._check_sides(loaded.scenario, policies)
    return policies


def _provenance(scenario: str, loaded: Any, policies: dict[str, str]) -> dict[str, Any]:
    """The report's provenance as `evaluate` writes it: version, scenario hash, rules, who played."""
    from yz_gym.evaluation.provenance import provenance
    from yz_gym.evaluation.runner import chosen_by, side_agents

    agents, chosen = side_agents(loaded.scenario, policies), chosen_by(loaded.scenario, policies)
    return provenance(scenario, loaded.scenario, agents, chosen)


def _progress() -> Progress:
    """A Rich progress bar on stderr whose total grows as the work is planned."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from yz_gym.cli import err

    return Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err, transient=False,
    )  # fmt: skip


def balance(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path (any registered mode)")],
    vary: Annotated[list[str], typer.Option("--vary", help=VARY_HELP)],
    target: Annotated[float, typer.Option(min=0.0, max=1.0, help="the chance to aim at, e.g. 0.6")],
    side: Annotated[str | None, typer.Option(help="whose win counts with --metric win (default: the first side)")] = None,
    metric: Annotated[str | None, typer.Option(help=METRIC_HELP)] = None,
    first: Annotated[int, typer.Option("--games", "-n", min=10, help="games every variant plays in the first round")] = 100,
    budget: Annotated[int, typer.Option(min=20, help="the most games of the whole search")] = 10_000,
    tolerance: Annotated[
        float,
        typer.Option(
            min=0.001, max=0.5,
            help="how far from the target the chosen variant may lie: the search stops once a variant's 99% "
            "interval lies within the target +/- this, and says so if none does",
        ),
    ] = 0.03,
    policy: Annotated[list[str] | None, typer.Option("--policy", "-p", help=POLICY_HELP)] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="base seed; game i of every variant from (seed, i)")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="worker processes")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="write the chosen scenario here (default: SCENARIO_balanced.yaml in this folder)")
    ] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write every candidate and the choice as JSON here")] = None,
) -> None:
    """Find the variant of an encounter whose win chance (or PC-death or knockout chance; an
    expedition's arrival chance ...) is closest to a target, racing the variants on the same seeded
    games; writes the chosen scenario file."""
    from functools import partial

    from yz_gym import cli
    from yz_gym.design.balance import balance as search
    from yz_gym.design.balance import race_entries
    from yz_gym.design.report import print_balance, write_scenario
    from yz_gym.design.variation import parse_variation, space_of
    from yz_gym.io import atomic_write_json, check_outputs
    from yz_gym.scenario import ScenarioError
    from yz_gym.scenario.loading import load

    try:
        loaded = load(scenario)
        out = out if out is not None else Path(f"{Path(scenario).stem}_balanced.yaml")
        if loaded.origin != "<dict>" and out.resolve() == Path(loaded.origin).resolve():
            raise ValueError(f"--out {out}: that is the scenario being balanced; write the variant to another path")
        check_outputs({"--out": out, "--json": json_out})
        policies = _agents(loaded, policy)
        metric = metric or space_of(loaded.mode).metrics[0]
        variations = [parse_variation(text, loaded) for text in vary]
        race_entries(loaded, variations, target, metric, side or loaded.sides[0], first, budget)  # before any game
        with _progress() as bar:
            task = bar.add_task("balance", total=0)

            def planned(round_: int, alive: int, games: int, more: int) -> None:
                total = bar.tasks[0].total or 0
                bar.update(task, total=total + more, description=f"round {round_ + 1}: {alive} variant(s) x {games} games")

            found = search(
                loaded, variations, target, metric, side or "", policies, seed, workers, first, budget, tolerance,
                progress=lambda n: bar.advance(task, n), on_round=planned,
            )  # fmt: skip
    except (ScenarioError, ValueError) as error:
        raise cli._fail(str(error)) from None
    print_balance(found, cli.console)
    if found.interruption:
        cli.err.print(f"interrupted ({found.interruption.stopped_by or 'lost games'}): no scenario written", style="yellow")
        raise typer.Exit(found.interruption.exit_code)
    report = {**_provenance(scenario, loaded, policies), "policies": policies, "seed": seed, **found.to_json()}
    cli._write_outputs([
        ("--out", out, partial(write_scenario, found=found, scenario=scenario), "scenario"),
        ("--json", json_out, partial(atomic_write_json, data=report), "report"),
    ])  # fmt: skip


def sensitivity(
    scenario: Annotated[str, typer.Argument(help="bundled scenario name or .yaml path (any registered mode)")],
    side: Annotated[str | None, typer.Option(help="whose win chance ranks the changes (default: the first side)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=10, help="games per change (and for the encounter as written)")] = 300,
    kinds: Annotated[str | None, typer.Option(help=KINDS_HELP)] = None,
    top: Annotated[int, typer.Option(min=0, help="rows of the table and factors of the plot (0: all)")] = 20,
    policy: Annotated[list[str] | None, typer.Option("--policy", "-p", help=POLICY_HELP)] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="base seed; game i of every run from (seed, i)")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="worker processes")] = 1,
    plot: Annotated[Path | None, typer.Option(help="write a tornado plot here (.png or .svg)")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write every change's effects as JSON here")] = None,
) -> None:
    """What matters most here: each attribute, skill, weapon, armor, count, starting zone, cover and
    light (a DX3 fight's abilities, skills, gear, effects ...; an expedition's stores, gear, season ...)
    one step up and down, one at a time, ranked by the effect on a side's win chance (an expedition's
    arrival; and on PC deaths) with paired 95% intervals over the same seeded games."""
    from functools import partial

    from yz_gym import cli
    from yz_gym.design.report import PLOT_SUFFIXES, print_sensitivity, tornado
    from yz_gym.design.sensitivity import changes
    from yz_gym.design.sensitivity import sensitivity as measure
    from yz_gym.io import atomic_write_json, check_outputs
    from yz_gym.scenario import ScenarioError
    from yz_gym.scenario.loading import load

    try:
        check_outputs({"--plot": plot, "--json": json_out})
        if plot is not None and plot.suffix.lower() not in PLOT_SUFFIXES:
            raise ValueError(f"--plot {plot}: give a .png or .svg path")
        loaded = load(scenario)
        chosen = None if kinds is None else tuple(k.strip() for k in kinds.split(","))
        changes(loaded, chosen)  # an unknown kind is one line naming the mode's kinds
        policies = _agents(loaded, policy)
        if side is not None and side not in loaded.sides:
            raise ValueError(f"--side {side}: no side named '{side}' in {loaded.name}; sides: {', '.join(loaded.sides)}")
        with _progress() as bar:
            task = bar.add_task("as written", total=0)

            def running(label: str, k: int, runs: int) -> None:
                bar.update(task, total=games * runs, description=f"{k + 1}/{runs} {label[:40]}")

            result = measure(
                loaded, policies, games, side or "", seed, workers, chosen,
                progress=lambda n: bar.advance(task, n), on_change=running,
            )  # fmt: skip
    except (ScenarioError, ValueError) as error:
        raise cli._fail(str(error)) from None
    print_sensitivity(result, cli.console, top)
    report = {**_provenance(scenario, loaded, policies), "policies": policies, "seed": seed, **result.to_json()}
    cli._write_outputs(
        [
            ("--json", json_out, partial(atomic_write_json, data=report), "report"),
            ("--plot", plot, partial(tornado, result, top=top), "tornado plot"),
        ],
        result.interruption.exit_code,
    )
