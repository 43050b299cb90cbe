#!/usr/bin/env bash
# Mutation check (not in CI: about a minute per mutation). Switches off each rule listed in
# scripts/mutations.txt in turn, builds, runs the suite, and reports every mutation the tests miss.
#   scripts/mutate.sh                 all mutations
#   scripts/mutate.sh NAME…           only these     --list   names and rules     --filter X   faster, weaker
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec python3 scripts/mutate.py "$@"
