"""A scenario whose every name is an attempt to run script in a page that shows it."""

from __future__ import annotations

from typing import Any

MARK = "PWNED"
PAYLOADS = (
    f"</script><script>document.title='{MARK}'</script>",
    f"<img src=x onerror=\"document.title='{MARK}'\">",
    f'"><svg onload="document.title=\'{MARK}\'">',
    f"';document.title='{MARK}';'",
    "{{7*7}}<!--<script>",
    f"]]><iframe src=\"javascript:document.title='{MARK}'\"></iframe>\u2028&amp;",
)


def hostile(k: int) -> str:
    """Payload k (cycling), made unique by its number."""
    return f"{PAYLOADS[k % len(PAYLOADS)]} {k}"


def hostile_scenario() -> dict[str, Any]:
    """Hostile names for the scenario, sides, zones, weapon, vehicle, combatants and a mount."""
    people = {
        "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 3},
        "skills": {"marksmanship": 2},
    }
    return {
        "name": hostile(0),
        "description": hostile(1),
        "sides": [hostile(2), hostile(3)],
        "weapons": {
            hostile(4): {
                "grip": "1H",
                "bonus": 1,
                "damage": 2,
                "range": "medium",
                "ranged": True,
                "skill": "Marksmanship",
                "firearm": True,
            },
        },
        "map": {
            "zones": [
                {"name": hostile(5), "cover": ["furniture"]},
                {"name": hostile(6)},
                {"name": hostile(7)},
            ],
            "borders": [
                {"between": [hostile(5), hostile(6)]},
                {"between": [hostile(6), hostile(7)], "kind": "door", "state": "closed"},
            ],
        },
        "vehicles": [
            {
                "name": hostile(8),
                "type": "car",
                "zone": hostile(5),
                "crew": [{"name": hostile(9), "seat": "driver"}],
            }
        ],
        "combatants": [
            {"name": hostile(9), "side": hostile(2), "weapons": [hostile(4)], "zone": hostile(5), **people},
            {
                "name": hostile(10),
                "side": hostile(2),
                "weapons": [hostile(4)],
                "zone": hostile(6),
                "mount": {"name": hostile(11), "strength": 4, "agility": 3},
                **people,
            },
            {"name": hostile(12), "side": hostile(3), "weapons": [hostile(4)], "zone": hostile(7), **people},
            {"name": hostile(13), "side": hostile(3), "weapons": [hostile(4)], "zone": hostile(6), **people},
        ],
        "victory": {"round_cap": 4, "reach_zone": {hostile(2): hostile(7)}},
    }


def hostile_chase() -> dict[str, Any]:
    """A chase whose every name is hostile: the chase, its sides, a weapon, the vehicles, the people."""
    people = {
        "attributes": {"strength": 3, "agility": 4, "wits": 3, "empathy": 3},
        "skills": {"mobility": 2, "marksmanship": 2, "observation": 1},
    }
    return {
        "mode": "chase",
        "name": hostile(0),
        "description": hostile(1),
        "sides": [hostile(2), hostile(3)],
        "pursuer": hostile(2),
        "chase_rules": {"chase_start_range": "medium", "chase_max_rounds": 6},
        "weapons": hostile_scenario()["weapons"],
        "combatants": [
            {"name": hostile(9), "side": hostile(2), "weapons": [hostile(4)], **people},
            {"name": hostile(10), "side": hostile(2), "weapons": [hostile(4)], **people},
            {"name": hostile(12), "side": hostile(3), "weapons": [hostile(4)], **people},
            {"name": hostile(13), "side": hostile(3), "weapons": [hostile(4)], **people},
        ],
        "vehicles": [
            {"name": hostile(8), "type": "car", "driver": hostile(9), "passengers": [hostile(10)]},
            {"name": hostile(7), "type": "motorcycle", "driver": hostile(12), "exposed": [hostile(12)]},
        ],
    }
