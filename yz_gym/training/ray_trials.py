"""The hyperparameter search's trials as Ray tasks: one machine's cores or a cluster's.

    python -m yz_gym.training.hpsearch configs/training/hpsearch_duel.yaml --backend ray
    RAY_ADDRESS=ray://head:10001 python -m yz_gym.training.hpsearch configs/training/hpsearch_duel.yaml --backend ray

Each trial (training/hpsearch.py's run_trial: SB3 MaskablePPO in the league, one CPU) is a Ray
task; the study (Optuna, SQLite) is one actor pinned to this node, which keeps the file, asks
for trials, and answers each task's evaluations with the median pruner's verdict. Up to
`ray.concurrent` trials run at once; none starts once the budget is spent."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from yz_gym.training.hpsearch import Coordinator, Gate, SearchConfig, run_trial


def connect(config: SearchConfig) -> None:
    """ray.init: the config's address, else RAY_ADDRESS, else a local Ray of `ray.num_cpus` CPUs."""
    import ray

    address = config.ray.address or os.environ.get("RAY_ADDRESS")
    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, log_to_driver=False)
    else:  # workers keep this process's priority (Ray's default renices them by 15: `nice -n 10` ends at 19)
        os.environ.setdefault("RAY_worker_niceness", "0")
        os.environ.setdefault("RAY_memory_monitor_refresh_ms", "0")  # a shared machine's other jobs' memory kills no trial
        ray.init(num_cpus=config.ray.num_cpus, include_dashboard=False, log_to_driver=False)


def trial_task(config: SearchConfig, number: int, params: dict[str, Any], judge: Any) -> dict[str, Any]:
    """One trial in a Ray worker; its evaluations go to the study actor `judge`."""
    import ray

    return run_trial(config, number, params, lambda n, steps, score: ray.get(judge.report.remote(n, steps, score)))


def search_ray(config: SearchConfig, log: Any = print) -> list[dict[str, Any]]:
    """Run the search's trials as Ray tasks until the gate closes; returns the table's rows."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    paths = {"output": str(config.out.resolve()), "league": str(Path(config.league).resolve())}
    config = config.model_copy(update=paths)  # the same files for the study actor and every worker
    connect(config)
    here = NodeAffinitySchedulingStrategy(node_id=ray.get_runtime_context().get_node_id(), soft=False)
    judge = ray.remote(num_cpus=0)(Coordinator).options(scheduling_strategy=here).remote(config)
    task = ray.remote(num_cpus=1, max_retries=0)(trial_task)
    gate, pending, reason = Gate(config), {}, None
    while True:
        while len(pending) < config.ray.concurrent:
            started = ray.get(judge.trials.remote())  # asked trials count; the finished ones' CPU is spent
            if (reason := gate.why_stop(ray.get(judge.spent.remote()), started)) is not None:
                break
            number, params = ray.get(judge.ask.remote())
            log(f"trial {number}: {params}")
            pending[task.remote(config, number, params, judge)] = number
        if not pending:
            break
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            number = pending.pop(ref)
            try:
                outcome = ray.get(ref)
            except ray.exceptions.RayError as error:  # the worker died (e.g. Ray's memory monitor killed it)
                error_text = f"{type(error).__name__}: {str(error).splitlines()[0]}"
                outcome = {"number": number, "state": "fail", "score": None, "steps": 0, "cpu_minutes": 0.0, "error": error_text}
            ray.get(judge.finish.remote(outcome))
            log(f"trial {outcome['number']}: {outcome['state']}, score {outcome['score']}, {outcome['cpu_minutes']} CPU-minutes")
    log(f"stopped: {reason}")
    rows: list[dict[str, Any]] = ray.get(judge.table_rows.remote())
    ray.kill(judge)
    return rows
