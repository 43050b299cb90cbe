#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (with LeakSanitizer). Swift 6.3 on Linux has no
# -sanitize=undefined; Swift itself traps on overflow and out-of-bounds access.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests --sanitize=address --build-path .build/asan
# Foundation leaks a little in the test helpers (Data(contentsOf:), Process.run): not ours.
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
  swift test --skip-build --disable-xctest --build-path .build/asan --sanitize=address
