"""The yz_gym benchmark: fixed tasks, a fixed evaluation, and a win rate with its interval for any agent.

    python -m yz_gym.benchmark --write docs/benchmark.md [--episodes N] [--workers W] [--agent NAME ...]

The protocol:
- **tasks**: every versioned task of `yz_gym.tasks.TASKS` (`TASKS` below), at its registered version:
  a bundled scenario, the learner's side and the opponents' agents fixed by the task (YZE zone
  fights, chases and expeditions, DX3 fights);
- **evaluation**: the agent plays the task's side in `EPISODES` games against the task's opponents
  (tactical in a zone fight, the prey's `flee` in a chase, dx3_tactical in a DX3 fight; an
  expedition has none); game i is seeded by (`SEED`, i) exactly as every yz_gym evaluation seeds it
  (`evaluation.runner.game_seeds`), so a score does not depend on the number of workers and every
  agent gets the same seeds;
- **score**: the share of games the learner's side wins (a draw or a time-out is not a win; in an
  expedition, the share of trips that arrive) with its 95% Wilson interval
  (`evaluation.stats.wilson_interval`); over all tasks of a game, the pooled share.

`score(agent, task)` scores any agent: a name (`random`, `tactical`, `weights:PATH` for a trained
policy's weights file ...) or an `Agent` instance. `python -m yz_gym.benchmark --write` plays the
baselines (`BASELINES`: each game's scripted agents; `SEARCH`: the search baseline at a fixed
budget per decision, on the tasks of `SEARCH_TASKS`) and any `--agent`, and writes the table (and
its scores as JSON beside it); `--load-models` adds the MaskablePPO baselines (`TRAINED`: weights
files trained by configs/benchmark/, read without pickles); `--reuse JSON` takes the scores a
previous run of the same protocol wrote instead of playing them again.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from yz_gym.agents import MODEL_PREFIX, WEIGHTS_PREFIX, Agent
from yz_gym.tasks import TASKS as ALL_TASKS
from yz_gym.tasks import Task

TASKS: Final[tuple[Task, ...]] = ALL_TASKS  # the fixed list: every versioned task
EPISODES: Final = 200  # games per task and agent
SEED: Final = 1616  # the first number of every game's seed (SEED, episode)
ROOT: Final = Path(__file__).resolve().parents[1]
TRAINED_NAME: Final = "MaskablePPO"
TRAINED: Final[dict[str, str]] = {  # task id -> its MaskablePPO baseline (weights only), trained by configs/benchmark/
    f"yz_gym/{name}": f"benchmarks/models/{name}.pth"
    for name in (
        "YZE-ApcAmbush-v1",
        "YZE-BlizzardPass-v1",
        "YZE-BunkerBreakout-v1",
        "YZE-CavalrySkirmish-v1",
        "YZE-Duel-v1",
        "YZE-HelicopterExtraction-v1",
        "YZE-NpcGroupSurprise-v1",
        "YZE-PoisonedLab-v1",
        "YZE-RiverFordAmbush-v1",
        "YZE-SaloonBrawl-v1",
        "YZE-StreetFirefight-v1",
        "YZE-TechnicalRaid-v1",
        "YZE-TunnelMelee-v1",
        "YZE-WarehouseAmbush-v1",
    )
}
TRAINED_BUDGET: Final = (
    "the duel 40,000 steps (77 CPU seconds, its 50-game check against tactical included), every other "
    "fight 16,000 steps (CPU seconds: the warehouse ambush 79, the poisoned lab 60, the saloon brawl 73, "
    "the tunnel melee 55, the technical raid 87, the APC ambush 84, the blizzard pass 56, the bunker "
    "breakout 54, the cavalry skirmish 67, the helicopter extraction 68, the NPC group surprise 65, the "
    "river ford ambush 59, the street firefight 57): 15.7 CPU minutes in all. The last five were trained "
    "under the heal-time default `crit_heal_roll_at: injury`, the first nine under the previous one "
    "(`healing`: a critical injury's heal time rolled at the first shift of recovery, which changes "
    "the dice of a game after its first such crit); every cell of the column is played under `injury`"
)
MAX_SCORES_BYTES: Final = 1_000_000  # a --reuse file
BASELINES: Final[dict[tuple[str, str], tuple[str, ...]]] = {  # (ruleset, mode) -> its scripted baselines
    ("yze", "skirmish"): ("random", "aggressive", "tactical"),
    ("yze", "chase"): ("random", "cutoff", "shooter"),  # the learner pursues: the pursuers' scripted agents
    ("yze", "expedition"): ("random", "hasty", "cautious"),  # the planners
    ("dx3", "skirmish"): ("random", "dx3_aggressive", "dx3_tactical"),
}
SEARCH_NAME: Final = "search"
SEARCH_ROLLOUTS: Final = (2, 8)  # SearchAgent's rollouts per candidate in its first halving round, and at most
SEARCH_TASKS: Final[tuple[str, ...]] = (  # where the search column is played: the fights where its 200 games cost
    "yz_gym/YZE-Duel-v1",  # 1.9 CPU minutes (0.57 CPU s a game); every other fight 3 CPU s a game or more
)


@dataclass(frozen=True, slots=True)
class Score:
    """An agent's result on one task."""

    task: str  # the task id
    agent: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        from yz_gym.evaluation.stats import wilson_interval

        return wilson_interval(self.wins, self.games)

    def text(self) -> str:
        """`0.42 [0.35, 0.49]`."""
        low, high = self.interval
        return f"{self.rate:.2f} [{low:.2f}, {high:.2f}]"


def task_of(task: str | Task) -> Task:
    """A benchmark task by id ("yz_gym/YZE-Duel-v1"), name ("YZE-Duel") or itself."""
    if isinstance(task, Task):
        return task
    for t in TASKS:
        if task in (t.id, t.name):
            return t
    raise ValueError(f"unknown task '{task}'; tasks: {', '.join(t.id for t in TASKS)}")


def plays(agent: str | Agent, task: Task) -> bool:
    """Whether the agent can play the task's game: one of its mode's agents, a trained policy (zone
    fights: the policies training writes) or an Agent instance (the caller's word)."""
    if isinstance(agent, Agent):
        return True
    if agent.startswith((WEIGHTS_PREFIX, MODEL_PREFIX)):
        return (task.ruleset, task.mode) == ("yze", "skirmish")
    from yz_gym.scenario.loading import load

    return agent in load(task.scenario).mode.agents


def score(
    agent: str | Agent, task: str | Task, episodes: int = EPISODES, seed: int = SEED, workers: int = 1
) -> Score:
    """The agent's win rate on the task under the protocol (`episodes` and `seed` change its size and
    dice only for checks: a published score uses the defaults)."""
    from yz_gym.evaluation.report import ENCOUNTERS
    from yz_gym.evaluation.runner import evaluate

    found = task_of(task)
    name = agent if isinstance(agent, str) else agent.name
    if not plays(agent, found):
        raise ValueError(f"agent '{name}' does not play {found.id} (a {found.mode}); see BASELINES")
    trip = found.mode == "expedition"
    stats, stopped = evaluate(
        found.scenario, {found.side: agent, **found.opponents}, episodes, seed, workers, report=None if trip else ENCOUNTERS
    )
    if stopped:
        raise KeyboardInterrupt(stopped.describe(stats.games, episodes))
    return Score(found.id, name, stats.arrived if trip else stats.wins.get(found.side, 0), stats.games)


def search_agent() -> Agent:
    """The search baseline at the table's budget per decision (SEARCH_ROLLOUTS)."""
    from yz_gym.agents.search import SearchAgent

    rollouts, most = SEARCH_ROLLOUTS
    return SearchAgent(0, rollouts=rollouts, max_rollouts=most)


def run(
    agents: list[str] | None = None,
    episodes: int = EPISODES,
    workers: int = 1,
    log: Any = print,
    load_models: bool = False,
    reuse: dict[tuple[str, str], Score] | None = None,
) -> list[Score]:
    """Every task's baselines (the search's on SEARCH_TASKS), with `load_models` its MaskablePPO
    baseline (TRAINED), and the extra `agents` (on the tasks they play), in TASKS order; a (task,
    agent) score in `reuse` is taken from it instead of played."""
    scores = []
    for task in TASKS:
        entries: list[tuple[str, str | Agent]] = [
            (a, a) for a in [*BASELINES[task.ruleset, task.mode], *(a for a in agents or [] if plays(a, task))]
        ]
        if task.id in SEARCH_TASKS:
            entries.append((SEARCH_NAME, search_agent()))
        if load_models and task.id in TRAINED:
            entries.append((TRAINED_NAME, f"{WEIGHTS_PREFIX}{ROOT / TRAINED[task.id]}"))
        for label, agent in entries:
            if reuse is not None and (task.id, label) in reuse:
                found = reuse[task.id, label]
                log(f"{task.name:<28} {label:<12} {found.text()}  (reused)")
            else:
                start = cpu_seconds()
                found = replace(score(agent, task, episodes, workers=workers), agent=label)
                log(f"{task.name:<28} {label:<12} {found.text()}  ({cpu_seconds() - start:.1f} CPU s)")
            scores.append(found)
    return scores


def scores_json(scores: list[Score], episodes: int) -> dict[str, Any]:
    """The scores of a run, with the protocol's size and seed they were played at."""
    rows = [{"task": s.task, "agent": s.agent, "wins": s.wins, "games": s.games} for s in scores]
    return {"episodes": episodes, "seed": SEED, "scores": rows}


def reused(path: Path, episodes: int) -> dict[tuple[str, str], Score]:
    """The scores of a file `scores_json` wrote, played at `episodes` games and SEED (a ValueError
    naming --reuse and the fix otherwise)."""
    from yz_gym.scenario.reading import ReadError, read_text

    try:
        data = json.loads(read_text(path, MAX_SCORES_BYTES, "benchmark scores"))
    except ReadError as error:
        raise ValueError(f"--reuse {error}") from None
    except ValueError:
        raise ValueError(f"--reuse {path}: not JSON; give the .json a --write run wrote") from None
    if not isinstance(data, dict) or not isinstance(data.get("scores"), list):
        raise ValueError(f"--reuse {path}: no 'scores' list; give the .json a --write run wrote")
    if data.get("episodes") != episodes or data.get("seed") != SEED:
        raise ValueError(
            f"--reuse {path}: played at {data.get('episodes')} games and seed {data.get('seed')}; this run plays "
            f"{episodes} and seed {SEED}: give --episodes {data.get('episodes')} or play every score again"
        )
    found: dict[tuple[str, str], Score] = {}
    for k, row in enumerate(data["scores"]):
        fields = (row.get("task"), row.get("agent"), row.get("wins"), row.get("games")) if isinstance(row, dict) else ()
        if (
            len(fields) != 4 or not all(isinstance(f, str) for f in fields[:2])
            or not all(isinstance(f, int) and not isinstance(f, bool) for f in fields[2:])
            or not 0 <= fields[2] <= fields[3] == episodes
        ):  # fmt: skip
            raise ValueError(f"--reuse {path}: scores[{k}] is not a score of {episodes} games (task, agent, wins, games)")
        found[fields[0], fields[1]] = Score(*fields)
    return found


def pooled(scores: list[Score], agent: str) -> Score | None:
    """The agent's games on every task it played, as one share (None if it played none)."""
    mine = [s for s in scores if s.agent == agent]
    if not mine:
        return None
    return Score("all", agent, sum(s.wins for s in mine), sum(s.games for s in mine))


def table(scores: list[Score], ruleset: str, mode: str) -> list[str]:
    """The markdown table of one game's tasks: a row per task, a column per agent, then the pooled row."""
    tasks = [t.id for t in TASKS if (t.ruleset, t.mode) == (ruleset, mode)]
    first = [*BASELINES[ruleset, mode], SEARCH_NAME, TRAINED_NAME]  # then any other agent, as they come
    agents = sorted(
        dict.fromkeys(s.agent for s in scores if s.task in tasks), key=lambda a: first.index(a) if a in first else len(first)
    )
    cell = {(s.task, s.agent): s.text() for s in scores}
    lines = ["| task | side | " + " | ".join(agents) + " |", "|---|---|" + "---|" * len(agents)]
    for task in (t for t in TASKS if t.id in tasks):
        row = [cell.get((task.id, a), "-") for a in agents]
        lines.append(f"| `{task.id}` | {task.side} | " + " | ".join(row) + " |")
    mode_scores = [s for s in scores if s.task in tasks]
    played_all = {a for a in agents if all((t, a) in cell for t in tasks)}  # pooled over every task, or "-"
    totals = [pooled(mode_scores, a) if a in played_all else None for a in agents]
    lines.append("| all (pooled) | | " + " | ".join(t.text() if t else "-" for t in totals) + " |")
    return lines


DOC: Final = """# Benchmark

<!-- written by `python -m yz_gym.benchmark --write docs/benchmark.md`: edit the template in yz_gym/benchmark.py -->

A fixed list of tasks and a fixed evaluation, so that a result on yz_gym says what it was measured
on. The protocol (`yz_gym/benchmark.py`):

- **tasks**: every versioned Gymnasium id of `yz_gym/tasks.py` (scenario, side, opponents and spaces
  fixed; `CHANGELOG.md` says what each version is), so a score names its task and version;
- **games**: the agent plays the task's side against the task's opponents, $episodes games per
  task, game i seeded by ($seed, i) as every yz_gym evaluation seeds it (every agent gets the same
  seeds; the number of worker processes changes nothing);
- **score**: the share of games won (a draw or a time-out is not a win) with its 95% Wilson
  interval; over all tasks of a game, the pooled share of their games won.

Score an agent of your own (a scripted `Agent`, or a trained policy as `weights:PATH`):

```python
from yz_gym.agents import make_agent
from yz_gym.benchmark import score

mine = make_agent("aggressive", seed=1)  # or "weights:runs/duel/final.pth", a trained policy
result = score(mine, "yz_gym/YZE-Duel-v1", episodes=20)  # a quick look; a published score keeps the 200
print(result.text())  # e.g. 0.25 [0.11, 0.47]
```

or add it to the table: `python -m yz_gym.benchmark --write docs/benchmark.md --agent weights:PATH`.
Cells are win rate [95% Wilson interval]; "-" where the agent does not play that game.

$size

## Zone fights (the opponents play `tactical`)

$fights

## Chases (the learner pursues; the prey plays `flee`)

$chases

## Expeditions (the score: the share of trips that arrive)

An expedition has no opponent side: the learner plans the party's days (the planners `hasty` and
`cautious` are its scripted baselines) and a fight on the way is played by the scenario's
`fight_agent`. A trip is won when the party arrives (`Termination.ARRIVED`); a lost party or the
day limit is not a win.

$expeditions

## DX3 fights (the opponents play `dx3_tactical`)

$dx3

## The search baseline

The `search` column: `yz_gym.agents.search.SearchAgent` (one-step lookahead by Monte Carlo
rollouts of cloned states, `tactical` playing out both sides) at a fixed budget per decision:
$search_budget. It plays the YZE zone fights only (it clones a YZE game state); the table plays
it on the tasks of `SEARCH_TASKS` ($search_tasks), the fights where its 200 games cost under 2 CPU
minutes. A search decision costs dozens of tactical games: at this budget the duel's 200 games
cost 1.9 CPU minutes (0.57 CPU seconds a game), a game of the river ford ambush or the blizzard
pass about 3 CPU seconds and of every other fight more than 4 (3 games each, measured when the
column was added): 10 CPU minutes or more a task at 200 games. Score it elsewhere with `score(search_agent(), task)`, or a bigger budget with
`SearchAgent(0, rollouts=..., max_rollouts=...)`.

## MaskablePPO at a fixed budget

The `MaskablePPO` column: a policy trained for its task alone, on the YZE zone fights of
`TRAINED` in `yz_gym/benchmark.py` ($trained_tasks), each by `python -m yz_gym.training.train_ppo --config
configs/benchmark/SCENARIO.yaml`: the task's side against the task's opponents (`tactical`), seed
0, 8 envs in one process, a 64x64 MLP on the observation values the scenario sets, and a fixed
number of steps rather than a CPU time, so that a rerun trains the same policy: $trained_budget.
That budget was set by the shared 2-core machine, not by what the tasks need: the
30-CPU-minute runs of [docs/training/](training/README.md) trained for 1.5-3 million steps.
Read the column as a floor for MaskablePPO, not as its level: at 16,000 steps most policies stay
well below the tactical agent, those of the warehouse ambush, the bunker breakout, the cavalry
skirmish, the NPC group surprise and the street firefight at random play's level; the poisoned
lab's reaches the tactical agent's interval, as 40,000 steps on the duel do; and the river ford
ambush's beats it by far: it sends a swimmer straight for the reeds of the south bank, the escort's
objective, and wins most games in round 1 (1.1 rounds on average over 20 games), a shortcut the
tactical agent does not take. The pooled row pools only an agent that played every task ("-" otherwise).

The weights are kept in `benchmarks/models/` as weights-only files (`.pth`, under 1 MB each: the
policy's tensors and sizes, read with `torch.load(weights_only=True)`, which runs no code from
the file; `yz_gym/agents/weights.py`). They are loaded only when asked for:
`python -m yz_gym.benchmark --write docs/benchmark.md --load-models`. `--reuse docs/benchmark.json`
takes the other cells from the scores the last full run wrote (same games and seed) instead of
playing them again: the way to add a column without replaying the table.
"""


def search_budget() -> str:
    """The search baseline's budget per decision, in words."""
    rollouts, most = SEARCH_ROLLOUTS
    return (
        f"{rollouts} rollouts for every legal action, then successive halving of the actions, doubling the "
        f"rollouts of the better half, up to {most} rollouts an action (`SEARCH_ROLLOUTS`)"
    )


def markdown(scores: list[Score], episodes: int, cpu_minutes: float, partly_reused: bool = False) -> str:
    """docs/benchmark.md (`partly_reused`: some scores came from --reuse, so the CPU time is not the table's)."""
    from string import Template

    fights = sum((t.ruleset, t.mode) == ("yze", "skirmish") for t in TASKS)
    size = (
        f"This table: {episodes} games per task and agent (the protocol's {EPISODES}), "
        f"{cpu_minutes:.1f} CPU minutes{' for the scores not reused from benchmark.json' if partly_reused else ''}."
    )
    return Template(DOC).substitute(
        episodes=EPISODES,
        seed=SEED,
        size=size,
        trained_budget=TRAINED_BUDGET,
        trained_tasks=f"all {fights}" if len(TRAINED) == fights else f"{len(TRAINED)} of the {fights}",
        search_budget=search_budget(),
        search_tasks=", ".join(f"`{t}`" for t in SEARCH_TASKS) or "none yet",
        fights="\n".join(table(scores, "yze", "skirmish")),
        chases="\n".join(table(scores, "yze", "chase")),
        expeditions="\n".join(table(scores, "yze", "expedition")),
        dx3="\n".join(table(scores, "dx3", "skirmish")),
    )


def cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    import os

    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main(argv: list[str] | None = None) -> None:
    """Play the benchmark and print the scores, or write the table (`--write`)."""
    parser = argparse.ArgumentParser(prog="python -m yz_gym.benchmark", description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="write the markdown table here (docs/benchmark.md)")
    parser.add_argument(
        "--episodes", type=int, default=EPISODES, help=f"games per task and agent (protocol: {EPISODES})"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="worker processes (results do not depend on it)"
    )
    parser.add_argument(
        "--agent",
        action="append",
        default=[],
        help="another agent to score, e.g. weights:runs/duel/final.pth",
    )
    parser.add_argument(
        "--load-models",
        action="store_true",
        help="load the MaskablePPO baselines' model weights (benchmarks/models/, weights only) and score them",
    )
    parser.add_argument(
        "--reuse", type=Path, help="take the scores of this JSON (a --write run's, same games) instead of playing them"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.episodes <= 1_000_000 or not 1 <= args.workers <= 64:
        parser.error("--episodes must be 1-1000000 and --workers 1-64")
    from yz_gym.io import OutputError, atomic_write_json, atomic_write_text, check_output

    try:
        if args.write is not None:
            check_output(args.write, "--write")
            check_output(args.write.with_suffix(".json"), "--write")
        reuse = reused(args.reuse, args.episodes) if args.reuse is not None else None
        start = cpu_seconds()
        scores = run(args.agent, args.episodes, args.workers, load_models=args.load_models, reuse=reuse)
    except (OutputError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    if args.write is not None:
        atomic_write_json(args.write.with_suffix(".json"), scores_json(scores, args.episodes))
        atomic_write_text(args.write, markdown(scores, args.episodes, (cpu_seconds() - start) / 60, reuse is not None))
        print(f"wrote {args.write} and {args.write.with_suffix('.json')}")


if __name__ == "__main__":
    main()
