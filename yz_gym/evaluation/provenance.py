"""Where a report's numbers come from: the project version, the scenario (by hash), its rule
switches and who played each side, so two reports can be told apart or trusted as the same run."""

from __future__ import annotations

import hashlib
import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from yz_gym.core.registry import evaluation_of, mode_of
from yz_gym.scenario.files import read_yaml, resolve_path


def project_version() -> str:
    """The installed yz_gym version ("unknown" when it is run from a source tree not installed)."""
    try:
        return version("yz_gym")
    except PackageNotFoundError:
        return "unknown"


def scenario_hash(source: str | Path | dict[str, Any]) -> str:
    """sha256 of the canonical scenario data: the parsed file as JSON with sorted keys, so the
    same scenario gives the same hash whatever its YAML layout, comments or key order."""
    data = source if isinstance(source, dict) else read_yaml(resolve_path(source))
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def rule_options(scenario: Any) -> dict[str, Any]:
    """Every rule switch in force, as the scenario's mode lists them (yze: the zone-fight rules, a
    chase's chase rules, and the vehicle rules when there are vehicles)."""
    return evaluation_of(mode_of(scenario)).rule_options(scenario)


def agents_json(agents: dict[str, str], chosen: dict[str, str]) -> dict[str, dict[str, str]]:
    """{side: {"agent": name, "chosen_by": "--policy", "scenario" or "default"}}."""
    return {side: {"agent": a, "chosen_by": chosen.get(side, "default")} for side, a in agents.items()}


def provenance(
    source: str | Path | dict[str, Any],
    scenario: Any,
    agents: dict[str, str],
    chosen: dict[str, str],
    fight_agents: dict[str, str] | None = None,
    fight_chosen: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The report's provenance keys: project version, scenario source and hash, rules, agents."""
    out: dict[str, Any] = {
        "project": {"name": "yz_gym", "version": project_version()},
        "scenario_source": "<dict>" if isinstance(source, dict) else str(source),
        "scenario_sha256": scenario_hash(source),
        "rules": rule_options(scenario),
        "agents": agents_json(agents, chosen),
    }
    if fight_agents:
        out["fight_agents"] = agents_json(fight_agents, fight_chosen or {})
    return out
