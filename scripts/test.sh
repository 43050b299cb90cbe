#!/usr/bin/env bash
# The test command of the README: system packages, then the whole suite (Swift Testing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build --disable-xctest "$@"
