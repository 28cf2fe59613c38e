#!/usr/bin/env bash
# RLlib PPO with action masking on a yz_gym PettingZoo env, in the virtualenv venv.sh makes (RLlib
# pins an older Gymnasium than the main environment's).
#   bash examples/rllib/run.sh --scenario duel --iterations 1
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="$(bash "$here/venv.sh")"
PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" exec "$python" "$here/masked_ppo.py" "$@"
