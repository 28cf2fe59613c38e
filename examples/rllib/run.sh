#!/usr/bin/env bash
# RLlib PPO with action masking on a yz_gym PettingZoo env, in a virtualenv of its own: ray[rllib]
# pins gymnasium==1.2.2, older than the main environment's. The venv sees the main environment's
# packages (torch, pettingzoo, yz_gym's dependencies) and shadows only what requirements.txt pins,
# so the main environment's Gymnasium is never touched.
#   bash examples/rllib/run.sh --scenario duel --iterations 1
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${YZ_GYM_RLLIB_VENV:-${TMPDIR:-/tmp}/yz_gym-rllib-venv}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv --system-site-packages "$venv"
  "$venv/bin/python" -m pip install --quiet -r "$here/requirements.txt"
fi
PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" exec "$venv/bin/python" "$here/masked_ppo.py" "$@"
