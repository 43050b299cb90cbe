#!/usr/bin/env bash
# Mutation check (not in CI: 20–45 s per mutation, stopping at the first failing test). Switches off each rule listed in
# scripts/mutations.txt in turn, builds, runs the suite, and reports every mutation the tests miss.
#   scripts/mutate.sh                 all mutations
#   scripts/mutate.sh NAME…           only these     --list   names and rules     --filter X   faster, weaker
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec python3 scripts/mutate.py "$@"
