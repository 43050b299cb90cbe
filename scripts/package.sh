#!/usr/bin/env bash
# Builds textheight for release with the Swift runtime linked in (--static-swift-stdlib) and writes a
# Debian package: /usr/bin/textheight, the man page textheight(1) and bash, zsh and fish completions, all
# printed by the binary itself. Depends names the package of every shared library the binary links, at the
# version installed here (the one it was built against). Usage: scripts/package.sh [OUTDIR]
# (default .build/package). The last line printed is the path of the .deb.
set -euo pipefail
cd "$(dirname "$0")/.."
outdir=${1:-.build/package}
command -v dpkg-deb >/dev/null || { echo "package: dpkg-deb is missing (Debian's dpkg)" >&2; exit 1; }

# No $ORIGIN run path either: /usr/bin is no place to look for libraries.
swift build -c release --product textheight --static-swift-stdlib --disable-local-rpath >&2
bin="$(swift build -c release --disable-local-rpath --show-bin-path)/textheight"

# The package of each library the binary names (NEEDED), resolved as the loader would without the toolchain.
owner() {  # a library path -> its package, trying the path, its real path and the merged-/usr twin
  local p
  for p in "$1" "$(readlink -f "$1")" "${1#/usr}" "/usr$1"; do
    dpkg-query -S "$p" 2>/dev/null | head -1 | cut -d: -f1 && return 0
  done
  return 1
}
depends=()
for lib in $(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
  # "libc.so.6 => /lib/…/libc.so.6 (0x…)", or for the loader itself "/lib64/ld-linux-x86-64.so.2 (0x…)".
  path=$(env -i /usr/bin/ldd "$bin" | awk -v l="$lib" '{ n = split($1, p, "/") } $1 == l { print $3 } n > 1 && p[n] == l { print $1 }')
  if [ -z "$path" ] || [ "$path" = "not" ]; then
    echo "package: $lib is not found without the toolchain" >&2; exit 1
  fi
  package=$(owner "$path") || { echo "package: $lib ($path) belongs to no Debian package" >&2; exit 1; }
  depends+=("$package (>= $(dpkg-query -W -f='${Version}' "$package"))")
done
depends_line=$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, | sed 's/,/, /g')

version=$("$bin" --version | sed -n '1s/^textheight \([^ ]*\).*/\1/p')
arch=$(dpkg --print-architecture)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
install -D -m 0755 "$bin" "$root/usr/bin/textheight"
strip --strip-unneeded "$root/usr/bin/textheight"
mkdir -p "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
         "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" \
         "$root/usr/share/doc/textheight" "$root/DEBIAN"
"$bin" --man-page | gzip -9n > "$root/usr/share/man/man1/textheight.1.gz"
"$bin" --completions bash > "$root/usr/share/bash-completion/completions/textheight"
"$bin" --completions zsh > "$root/usr/share/zsh/vendor-completions/_textheight"
"$bin" --completions fish > "$root/usr/share/fish/vendor_completions.d/textheight.fish"
# The embedded default font is Inter (SIL Open Font License): its license travels with the binary.
{ echo "textheight embeds Inter Regular as its default font:"; echo
  cat fixtures/fonts/Inter-Regular.LICENSE.txt; } > "$root/usr/share/doc/textheight/copyright"
# The manual beside the man page: README.md and docs/ (the pages link to each other relatively).
install -m 0644 README.md "$root/usr/share/doc/textheight/README.md"
(cd docs && find . -name '*.md' -o -name '*.png' | while read -r page; do
  install -D -m 0644 "$page" "$root/usr/share/doc/textheight/docs/$page"; done)
chmod -R u=rwX,go=rX "$root"

cat > "$root/DEBIAN/control" <<EOF
Package: textheight
Version: $version
Architecture: $arch
Maintainer: textheight developers <textheight@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends_line
Section: utils
Priority: optional
Description: height of an auto-growing text box, from a real font layout
 Lays text out with FreeType, HarfBuzz and ICU line breaks as iOS TextKit or
 Chromium would, and prints the height of an auto-growing text input as JSON.
EOF

mkdir -p "$outdir"
deb="$outdir/textheight_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "$deb"
