#!/usr/bin/env bash
# The Debian package runs without the Swift toolchain: scripts/package.sh builds it, it is extracted into a
# temporary root, and the binary there runs with an empty environment (env -i: no toolchain on PATH or
# LD_LIBRARY_PATH) and, where a mount namespace is allowed, with the toolchain's directory hidden. Checks the
# Depends line, the libraries the binary needs (readelf, ldd), a measurement, the man page and the completions.
# A release build: CI runs it as its own step (.ci/run), not in scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "test-package: FAIL: $*" >&2; exit 1; }

deb=$(bash scripts/package.sh "$(mktemp -d)" | tail -1)
[ -f "$deb" ] || fail "package.sh printed '$deb', not a file"
root=$(mktemp -d)
trap 'rm -rf "$root" "$(dirname "$deb")"' EXIT
dpkg-deb -x "$deb" "$root"
bin="$root/usr/bin/textheight"
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")  # /opt/swift
case "$toolchain" in /|/usr|/usr/local) separate=false ;; *) separate=true ;; esac  # a toolchain of its own?

# Files the package installs.
for f in usr/bin/textheight usr/share/man/man1/textheight.1.gz usr/share/bash-completion/completions/textheight \
         usr/share/zsh/vendor-completions/_textheight usr/share/fish/vendor_completions.d/textheight.fish \
         usr/share/doc/textheight/copyright usr/share/doc/textheight/README.md \
         usr/share/doc/textheight/docs/models/textkit.md usr/share/doc/textheight/docs/render-example.png; do
  [ -s "$root/$f" ] || fail "the package lacks /$f"
done

# Depends names the package of each system library at the version installed here (what it was built against).
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libfreetype.so.6 libharfbuzz.so.0 libfontconfig.so.1 libpng16.so.16 "libicuuc.so.[0-9]*"; do
  path=$(ls /usr/lib/*-linux-gnu/$lib 2>/dev/null | head -1)
  [ -n "$path" ] || fail "no $lib on this machine"
  package=$(dpkg-query -S "$(readlink -f "$path")" | head -1 | cut -d: -f1)
  wanted="$package (>= $(dpkg-query -W -f='${Version}' "$package"))"
  [[ ", $depends, " == *", $wanted, "* ]] || fail "Depends lacks '$wanted': $depends"
done

# apt would install it here: every Depends is satisfiable (a simulation; nothing is installed).
if [ "$(id -u)" -eq 0 ]; then
  apt-get install --simulate "$(readlink -f "$deb")" >/dev/null 2>&1 || fail "apt-get install --simulate refuses $deb"
fi

# Nothing from the toolchain: no Swift runtime library named, no run path at all, every library resolved.
needed=$(readelf -d "$bin" | grep -E '\((NEEDED|RUNPATH|RPATH)\)' || true)
if grep -Eq 'libswift|libFoundation|libdispatch|libBlocksRuntime|swift|RUNPATH|RPATH' <<<"$needed"; then
  fail "the binary needs the toolchain or carries a run path: $needed"
fi
libraries=$(env -i /usr/bin/ldd "$bin")
if grep -q "not found" <<<"$libraries" || { $separate && grep -q "$toolchain/" <<<"$libraries"; }; then
  fail "ldd: $libraries"
fi

# A measurement with an empty environment. Inter 17 pt in a default UITextView: ceil(20.5739 + 8 + 8) = 37
# (hhea 2728 + 680 over unitsPerEm 2816, read with fontTools; the README's first example).
expected='{"boxHeight":37,"contentHeight":37,"lineCount":1,"scrolls":false,"textHeight":20.573863636363637,"lineHeight":20.573863636363637,"width":343,"wrapWidth":333,"model":"textkit","measure":"textview"}'
[ "$(env -i "$bin" --width 343 Hello)" = "$expected" ] || fail "env -i measurement: $(env -i "$bin" --width 343 Hello 2>&1)"
env -i "$bin" --version | grep -q "default font: Inter Regular, embedded" || fail "--version: $(env -i "$bin" --version)"
# With the toolchain's directory hidden altogether (a private mount namespace; needs root or user namespaces).
ns=()
if unshare -m true 2>/dev/null; then ns=(unshare -m)
elif unshare -m --map-root-user true 2>/dev/null; then ns=(unshare -m --map-root-user)
fi
if $separate && [ ${#ns[@]} -gt 0 ]; then
  hidden=$("${ns[@]}" sh -c "mount -t tmpfs none '$toolchain' && env -i '$bin' --width 343 Hello" 2>&1) \
    || fail "with $toolchain hidden: $hidden"
  [ "$hidden" = "$expected" ] || fail "with $toolchain hidden: $hidden"
  echo "test-package: ran with $toolchain hidden" >&2
else
  echo "test-package: cannot hide $toolchain here; relying on env -i, readelf and ldd" >&2
fi

# The man page renders; the packaged bash completion completes --model with the values the parser accepts.
page=$(MANPAGER=cat man -l "$root/usr/share/man/man1/textheight.1.gz")
grep -q "EXIT STATUS" <<<"$page" || fail "man -l: $page"
refusal=$(env -i "$bin" --width 1 --model '?' x 2>&1 || true)  # the parser names the models it accepts
accepted=$(sed -n "s/.*one of \(.*\), got.*/\1/p" <<<"$refusal" | sed 's/, /\n/g')
offered=$(env -i bash -c "source '$root/usr/share/bash-completion/completions/textheight'
  COMP_WORDS=(textheight --model ''); COMP_CWORD=2; _textheight; printf '%s\n' \"\${COMPREPLY[@]}\"")
[ -n "$accepted" ] && [ "$offered" = "$accepted" ] || fail "bash completion offers '$offered' for --model, parser accepts '$accepted'"

echo "test-package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KB) runs without the toolchain; Depends: $depends" >&2
