"""Weather, light and temperature (WEATHER-01..17, TIME-07): the three-step ladder rolled each
shift, the storms a scenario sends (WEATHER-17), visibility by weather and light, and the
temperature band of the season."""

from __future__ import annotations

from typing import Final, cast

import numpy as np

from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.hazards.options import ColdBand

HEAVY: Final = 0  # WEATHER-06: heavy rain (or snow, WEATHER-14)
OVERCAST: Final = 1
CLEAR: Final = 2
STORM: Final = 3  # WEATHER-17 (PROPOSED): a storm or blizzard, off the D6 ladder; only a scenario sends one
WEATHER_NAMES: Final = ("heavy", "overcast", "clear", "storm")
SEASON_BANDS: Final = {
    "summer": "warm",
    "spring": "chilly",
    "autumn": "chilly",
    "winter": "cold",
}  # WEATHER-15
SNOW_BANDS: Final = ("cold", "extreme_cold")  # WEATHER-14
# WEATHER-10..12: visibility (an index of hexmap.RANGES: 1 medium, 2 long, 3 extreme) in light and dark shifts
VISIBILITY: Final = ((2, 0), (3, 1), (3, 2), (1, 0))  # WEATHER-17: a storm, Medium and Short
DRIVING_PENALTY: Final = -2  # WEATHER-07, DRIVE-03
RAIN_RANGED: Final = -1  # WEATHER-07: every ranged attack in heavy rain or snow (and a storm, WEATHER-17)
STORM_NAVIGATION: Final = -2  # WEATHER-17: navigation rolls in a storm
COLDER: Final = {"warm": "warm", "chilly": "cold", "cold": "extreme_cold", "extreme_cold": "extreme_cold"}


def next_weather(weather: int, rng: np.random.Generator, ends_without_roll: bool) -> tuple[int, int]:
    """WEATHER-05..08: the weather of the next shift and the die rolled (0: no roll). A 1 moves one
    step toward heavy rain, a 6 one step toward clear, never past either end; heavy rain lasts one
    shift and turns overcast without a roll (WEATHER-08); a storm lasts one shift and turns into
    heavy rain or snow (WEATHER-17)."""
    if weather == STORM:
        return HEAVY, 0
    if weather == HEAVY and ends_without_roll:
        return OVERCAST, 0
    die = dice.d6(rng)
    return ladder(weather, die), die


def ladder(weather: int, die: int) -> int:
    """WEATHER-06: one step wetter on a 1 (a bane), one step clearer on a 6 (a success)."""
    if die == 1:
        return max(HEAVY, weather - 1)
    if die == 6:
        return min(CLEAR, weather + 1)
    return weather


def storm_due(storms: tuple[tuple[int, int], ...], reading: str, day: int, shift: int, weather: int) -> int:
    """WEATHER-17: the weather of this shift when the scenario sends a storm on (day, shift): a storm
    (`storms: scenario_only`), or heavy rain or snow (`never`); otherwise `weather` as rolled."""
    if (day, shift) not in storms:
        return weather
    return STORM if reading == "scenario_only" else HEAVY


def wet(weather: int) -> bool:
    """Heavy rain or snow, or a storm, which has all their effects (WEATHER-07, WEATHER-17)."""
    return weather in (HEAVY, STORM)


def cold_band_in(weather: int, band: ColdBand) -> ColdBand:
    """WEATHER-17: a storm makes the cold interval of the exposed one step shorter (the band one step
    colder for the roll's interval; a warm band stays warm)."""
    return cast(ColdBand, COLDER[band]) if weather == STORM else band


def can_fly(weather: int) -> bool:
    """WEATHER-17: no aircraft flies in a storm."""
    return weather != STORM


def visibility(weather: int, dark: bool) -> int:
    """WEATHER-10..12: the visibility (an index of hexmap.RANGES) in this weather and light."""
    return VISIBILITY[weather][1 if dark else 0]


def band_of(season: str, temperature: str) -> ColdBand:
    """WEATHER-15: the scenario's temperature band, or the season's (`from_season`)."""
    return cast(ColdBand, SEASON_BANDS[season] if temperature == "from_season" else temperature)


def weather_word(weather: int, band: str) -> str:
    """The weather in words: snow rather than rain in the cold bands (WEATHER-14)."""
    if weather == HEAVY:
        return "heavy snow" if band in SNOW_BANDS else "heavy rain"
    if weather == STORM:
        return "blizzard" if band in SNOW_BANDS else "storm"
    return WEATHER_NAMES[weather]
