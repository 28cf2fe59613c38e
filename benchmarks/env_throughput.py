"""Steps per second of yz_gym/Skirmish-v0 and yz_gym/Dx3Fight-v0 with random legal play, beside reference envs.

Measures, in one run and interleaved round by round (so machine load hits all alike):

- Gymnasium's CartPole-v1 made with `gymnasium.make` (the same wrapper stack a made
  Skirmish-v0 gets: OrderEnforcing and the passive env checker, plus CartPole's TimeLimit);
- PettingZoo's connect_four_v3 (AEC; every `step` is one move);
- Skirmish-v0 on each bundled scenario, the learner picking uniformly among the legal
  actions of `info["action_mask"]`, every other combatant played by the random agent;
- Dx3Fight-v0 on each bundled DX3 fight the same way (every other fighter played by the random
  agent too, not by its default `dx3_tactical`, so that the env is timed and not an agent's
  odds), to compare with Skirmish-v0 on scenarios of the same size.

Every env takes a uniformly random legal action the same cheap way (one `Generator.random`
per step, picking from the env's legal actions: CartPole's two, connect_four's mask, Skirmish's
`info["legal_actions"]`), so the figures compare env cost, not samplers. Prints steps/s (median
of the rounds), the ratios to CartPole-v1 and to connect_four_v3 (medians of per-round
ratios), each fight's number of combatants and its cost per step per combatant (microseconds:
growth with the fight's size shows as a rising figure), and which build of the rules core ran: interpreted, or compiled with mypyc
(`YZ_GYM_MYPYC=1 pip install .`, see setup.py). Targets (issue 17, compiled build): the default
scenario >= 0.60 x CartPole-v1, every other zone fight >= 0.30 x.

`--parts` adds, per Skirmish-v0 scenario, what two parts of a step cost, in microseconds per
call: the rules' legal-action listing and the observation encoding, each timed over the states
met in random play (so it measures either build the same way: compiled callers are not patched).

    python benchmarks/env_throughput.py [--seconds 1.0] [--rounds 5] [--scenario NAME ...] [--parts]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

if importlib.util.find_spec("yz_gym") is None:  # not installed: run from the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium as gym

import yz_gym  # noqa: F401  (registers Skirmish-v0)
from yz_gym.core import registry
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios
from yz_gym.scenario import DEFAULT_SCENARIO
from yz_gym.scenario.loading import bundled

DEFAULT_TARGET = 0.60  # x CartPole-v1, the default scenario (the duel)
ZONE_TARGET = 0.30  # x CartPole-v1, every other zone fight


def steps_per_second(batch: Callable[[], int], seconds: float) -> float:
    """Call `batch` (it returns the steps it took) until `seconds` have passed; the steps per second."""
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        n += batch()
        now = time.perf_counter()
        if now >= end:
            return n / (now - start)


def cartpole_runner() -> Callable[[float], float]:
    env = gym.make("CartPole-v1")
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def batch() -> int:
        for _ in range(100):
            _, _, terminated, truncated, _ = env.step(int(rng.random() * 2))
            if terminated or truncated:
                env.reset()
        return 100

    return lambda seconds: steps_per_second(batch, seconds)


def connect_four_runner() -> Callable[[float], float]:
    from pettingzoo.classic import connect_four_v3

    env = connect_four_v3.env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def batch() -> int:
        n = 0
        for _ in range(100):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
        return n

    return lambda seconds: steps_per_second(batch, seconds)


def skirmish_runner(
    scenario: str, env_id: str = "yz_gym/Skirmish-v0"
) -> tuple[Callable[[float], float], int]:
    """The env's runner and its number of combatants."""
    env = gym.make(env_id, scenario=scenario, opponents="random")
    state = {"info": env.reset(seed=0)[1]}
    size = len(env.unwrapped.state.combatants)
    rng = np.random.default_rng(0)

    def batch() -> int:
        info = state["info"]
        for _ in range(100):
            legal = info["legal_actions"]
            _, _, terminated, truncated, info = env.step(legal[int(rng.random() * len(legal))])
            if terminated or truncated:
                info = env.reset()[1]
        state["info"] = info
        return 100

    return (lambda seconds: steps_per_second(batch, seconds)), size


def part_costs(scenario: str, decisions: int = 200, repeats: int = 5) -> tuple[float, float]:
    """Microseconds per call of `engine.legal_actions` and of the observation encoding, over the
    states of `decisions` random-play decisions (the best of `repeats` passes)."""
    from yz_gym.rulesets.yze.zone import engine

    env = gym.make("yz_gym/Skirmish-v0", scenario=scenario)
    info = env.reset(seed=0)[1]
    rng = np.random.default_rng(0)
    inner = env.unwrapped
    states = []
    for _ in range(decisions):
        states.append((inner.state.clone(), engine.current_actor(inner.state), info["decision"]))
        legal = info["legal_actions"]
        _, _, terminated, truncated, info = env.step(legal[int(rng.random() * len(legal))])
        if terminated or truncated:
            info = env.reset()[1]
    encode = inner.encoding.observer.encode

    def best(run: Callable[[], None]) -> float:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        return 1e6 * min(times) / len(states)

    def listing() -> None:
        for state, _, _ in states:
            engine.legal_actions(state)

    def observing() -> None:
        for state, actor, decision in states:
            encode(state, actor, decision, actor)

    return best(listing), best(observing)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per env per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scenario", action="append", help="only these scenarios (repeatable)")
    parser.add_argument("--parts", action="store_true", help="also time the legal listing and the observation")
    args = parser.parse_args(argv)
    dx3 = bundled(registry.get("dx3", "skirmish"))
    scenarios = args.scenario or bundled_scenarios() + dx3
    runners: dict[str, Callable[[float], float]] = {"CartPole-v1": cartpole_runner()}
    sizes: dict[str, int] = {}  # combatants of each fight
    try:
        runners["connect_four_v3"] = connect_four_runner()
    except ImportError as err:  # connect_four needs pygame (pip install "pettingzoo[classic]")
        print(f"connect_four_v3 skipped: {err}")
    for name in scenarios:
        key, env_id = (
            (f"Dx3Fight-v0 {name}", "yz_gym/Dx3Fight-v0")
            if name in dx3
            else (f"Skirmish-v0 {name}", "yz_gym/Skirmish-v0")
        )
        runners[key], sizes[key] = skirmish_runner(name, env_id)
    for run in runners.values():  # warm up caches and imports
        run(0.05)
    rates: dict[str, list[float]] = {k: [] for k in runners}
    for _ in range(args.rounds):
        for key, run in runners.items():
            rates[key].append(run(args.seconds))
    c4 = "connect_four_v3" in runners
    print(f"rules core: {'compiled (mypyc)' if dice.COMPILED else 'interpreted (pure Python)'}")
    print(
        f"{'env':<36} {'steps/s':>10} {'x CartPole':>11} {'x connect_four':>15} {'combatants':>11} {'us/step/comb.':>14}"
    )
    for key in runners:
        mark = ""
        ratio = _median_ratio(rates[key], rates["CartPole-v1"])
        if key.startswith("Skirmish-v0 "):
            default = key == f"Skirmish-v0 {DEFAULT_SCENARIO}"
            target = DEFAULT_TARGET if default else ZONE_TARGET
            mark = f"  <- {'default scenario, ' if default else ''}target >= {target:.2f}: {'met' if ratio >= target else 'NOT met'}"
            if not dice.COMPILED:
                mark += " (interpreted build; the compiled one: YZ_GYM_MYPYC=1 pip install .)"
        vs_c4 = f"{_median_ratio(rates[key], rates['connect_four_v3']):>15.3f}" if c4 else f"{'-':>15}"
        rate = statistics.median(rates[key])
        size = sizes.get(key)
        per = f"{size:>11} {1e6 / rate / size:>14.1f}" if size else f"{'-':>11} {'-':>14}"
        print(f"{key:<36} {rate:>10.0f} {ratio:>11.3f} {vs_c4} {per}{mark}")
    if args.parts:
        print(f"{'parts of a step (us per call)':<36} {'legal list':>10} {'observation':>11}")
        for name in scenarios:
            if name not in dx3:
                listing, observing = part_costs(name)
                print(f"{'Skirmish-v0 ' + name:<36} {listing:>10.1f} {observing:>11.1f}")
    return 0


def _median_ratio(rates: list[float], base: list[float]) -> float:
    """The median of the round-by-round ratios (each round measures every env once)."""
    return statistics.median(r / b for r, b in zip(rates, base, strict=True))


if __name__ == "__main__":
    raise SystemExit(main())
