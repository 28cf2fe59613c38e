#!/usr/bin/env bash
# Makes (once) the virtualenv RLlib runs in and prints its python: ray[rllib] pins gymnasium==1.2.2,
# older than the main environment's. The venv sees the main environment's packages (torch,
# pettingzoo, yz_gym's dependencies) and shadows only what requirements.txt pins, so the main
# environment's Gymnasium is never touched. Used by run.sh and by CI (.ci/run).
#   bash examples/rllib/venv.sh [VENV_DIR]   (default: $YZ_GYM_RLLIB_VENV or $TMPDIR/yz_gym-rllib-venv)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${1:-${YZ_GYM_RLLIB_VENV:-${TMPDIR:-/tmp}/yz_gym-rllib-venv}}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv --system-site-packages "$venv"
  # torch first, pinned as the main environment pins it, so nothing in the list pulls a CUDA build.
  "$venv/bin/python" -m pip install --quiet torch==2.13.0 >&2
  "$venv/bin/python" -m pip install --quiet -r "$here/requirements.txt" >&2
fi
echo "$venv/bin/python"
