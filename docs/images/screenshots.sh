#!/usr/bin/env bash
# Regenerate the HTML replay screenshots in docs/images/ with headless Chromium
# (apt-get install chromium fonts-noto-cjk: the DX3 pages need the CJK font for 侵蝕率, 〈知覚〉 ...).
# Every side's agent is named, so the games do not follow the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
shot() {  # scenario, its two sides' agents, the step to show, the window size
  local name=$1 first=$2 second=$3 step=$4 size=$5
  python -m yz_gym.cli log "$name" --seed 7 -p "$first" -p "$second" --save "$scratch/$name.jsonl" > /dev/null
  python -m yz_gym.cli replay "$scratch/$name.jsonl" --html "$scratch/$name.html" > /dev/null
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$scratch/profile" \
    --window-size="$size" --screenshot="docs/images/replay_$name.png" "file://$scratch/$name.html#step=$step" 2> /dev/null
}
shot technical_raid raiders=tactical villagers=random 34 1900,1050
shot cavalry_skirmish dragoons=tactical militia=random 29 1900,1000
shot helicopter_extraction air_cavalry=tactical militia=random 81 1700,1050
shot chase_helicopter_pickup air_unit=cutoff smugglers=flee 12 1400,760
shot dx3_car_chase pcs=dx3_tactical riders=dx3_tactical 24 1500,900
shot dx3_stealth_infiltration pcs=dx3_tactical guards=dx3_tactical 6 1500,900  # Shino still hidden (隠密)
