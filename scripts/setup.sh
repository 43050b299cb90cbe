#!/usr/bin/env bash
# Installs the Debian packages textheight builds against, when missing. Safe to rerun.
set -euo pipefail
# man-db (man -l), zsh and fish: the tests render the man page and load every completion script;
# locales: a test compiles de_DE.UTF-8 to show output does not depend on the locale;
# nodejs: docs/ci.md's Node co-process example runs in the tests (the Python one with python3).
# parallel: docs/ci.md's scale-out recipe (GNU parallel) runs in the tests.
packages=(pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libpng-dev libxml2-dev python3 man-db zsh fish locales nodejs parallel)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: the Swift toolchain (swift) is not on PATH" >&2; exit 1; }
