#!/usr/bin/env python3
"""Writes the benchmark's inputs into OUT (default .build/bench), from the committed corpus only.

- cases.jsonl         the corpus as batch cases ({"id", "text"}: batch refuses unknown fields)
- cases-100k.jsonl    100,000 cases: the corpus repeated in order (ids suffixed with the round)
- scale-100k.txt, scale-1m.txt, scale-10m.txt
                      100 KiB, 1 MiB, 10 MiB of UTF-8: corpus messages (every 7,919th, wrapping
                      round, so each text mixes all languages), repeated, joined by a space,
                      every 8th by a newline; cut at a message boundary
- fonts-inter/        Inter-Regular.otf only (a symlink), fonts-inter.conf for fontconfig
- fonts-all.conf      fontconfig listing fixtures/fonts (Pango's fallback run)
- mixed.jsonl         the mixed-language workload (issue 12): 20,000 distinct texts of 50-500
                      characters, each two or more corpus messages of different languages, every
                      6th with an emoji message, as batch cases
- fonts-mixed/, fonts-mixed.conf   its fonts for Pango: Debian's NotoSansCJK-Regular.ttc and the
                      fixture fallbacks (not the CJK subset, whose family name is the same)
- mixed-options.jsonl the same texts as cases that carry every option themselves (issue 31): font,
                      fallback chain, size, width, inset, padding, maxLines in each case, as golden files
                      hold them; every 25th says "model": "textkit" again, every 50th is measured as
                      "css" and another as "android" (those two without padding, which only TextKit has).
                      Its bare peer is mixed.jsonl with the same values on the command line
                      (OPTIONS_FLAGS): the TextKit cases give the same bytes
Standard library only.
"""
import json
import os
import sys

# Scaling texts visit the corpus (sorted by language) in this stride, a permutation since it is
# prime and does not divide 10,714: every 100 KiB mixes all languages, as the whole corpus does.
STRIDE = 7919
# The mixed workload's fonts (scripts/bench/run.sh passes the same chain to textheight).
MIXED_PRIMARY = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
MIXED_FALLBACKS = ["NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
                   "NotoSansThai-Regular.ttf", "NotoColorEmoji.subset.ttf", "DejaVuSans.ttf"]
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The values every case of mixed-options.jsonl carries, as `batch` flags for its bare peer.
OPTIONS_MAX_LINES = 8


def options_flags():
    """The command line that gives mixed.jsonl's bare cases the options mixed-options.jsonl's cases carry."""
    flags = ["--font", MIXED_PRIMARY + "#2", "--size", "16", "--width", "300", "--inset", "0", "--padding", "0",
             "--max-lines", str(OPTIONS_MAX_LINES)]
    for name in MIXED_FALLBACKS:
        flags += ["--fallback", os.path.join(ROOT, "fixtures", "fonts", name)]
    return flags


def write_options(mixed_path, path):
    """mixed.jsonl's cases with every option inside each case (issue 31); returns the model cases' ids."""
    fallbacks = [os.path.join(ROOT, "fixtures", "fonts", name) for name in MIXED_FALLBACKS]
    other = []
    tmp = path + ".tmp"
    with open(mixed_path, encoding="utf-8") as f, open(tmp, "w", encoding="utf-8") as out:
        for k, line in enumerate(f):
            case = json.loads(line)
            case.update({"font": MIXED_PRIMARY + "#2", "fallback": fallbacks, "size": 16, "width": 300, "inset": 0,
                         "padding": 0, "maxLines": OPTIONS_MAX_LINES})
            if k % 50 == 10 or k % 50 == 35:
                del case["padding"]  # lineFragmentPadding is TextKit's alone
                case["model"] = "css" if k % 50 == 10 else "android"
                other.append(case["id"])
            elif k % 25 == 0:
                case["model"] = "textkit"
            out.write(json.dumps(case, ensure_ascii=False) + "\n")
    os.replace(tmp, path)
    return other


def write_mixed(rows, path, count=20_000):
    """Distinct texts of 50-500 characters, as users type them into one box: two or more corpus
    messages of different languages joined by a space, every 6th with an emoji message added."""
    plain = [r["text"].strip() for r in rows if r["lang"] != "mul" and r["text"].strip()]
    emoji = [r["text"] for r in rows if r.get("domain") == "emoji"]
    seen = set()
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        i = 0
        while len(seen) < count:
            i += 1
            parts = [plain[(i * STRIDE) % len(plain)], plain[(i * 104_729 + 17) % len(plain)]]
            if i % 6 == 0:
                parts.insert(1, emoji[i % len(emoji)])
            k = 2
            while len(" ".join(parts)) < 50:
                parts.append(plain[(i * 1_299_709 + k) % len(plain)])
                k += 1
            text = " ".join(parts)
            if len(text) > 500 or text in seen:
                continue
            seen.add(text)
            f.write(json.dumps({"id": f"mixed-{len(seen):05d}", "text": text}, ensure_ascii=False) + "\n")
    os.replace(tmp, path)
    return len(seen)


def main():
    out = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "bench"))
    corpus = os.path.join(ROOT, "fixtures", "corpus", "messages.jsonl")
    os.makedirs(out, exist_ok=True)
    with open(corpus, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]

    def write_cases(path, count):
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for i in range(count):
                row = rows[i % len(rows)]
                round_ = i // len(rows)
                case = {"id": row["id"] if round_ == 0 else f'{row["id"]}#{round_}', "text": row["text"]}
                f.write(json.dumps(case, ensure_ascii=False) + "\n")
        os.replace(tmp, path)

    write_cases(os.path.join(out, "cases.jsonl"), len(rows))
    write_cases(os.path.join(out, "cases-100k.jsonl"), 100_000)

    for name, size in (("scale-100k.txt", 100 * 1024), ("scale-1m.txt", 1024 * 1024), ("scale-10m.txt", 10 * 1024 * 1024)):
        parts = []
        used = 0
        i = 0
        while True:
            piece = rows[(i * STRIDE) % len(rows)]["text"].encode("utf-8")
            sep = b"" if i == 0 else (b"\n" if i % 8 == 0 else b" ")
            if used + len(sep) + len(piece) > size:
                break
            parts.append(sep)
            parts.append(piece)
            used += len(sep) + len(piece)
            i += 1
        with open(os.path.join(out, name), "wb") as f:
            f.write(b"".join(parts))

    fonts_dir = os.path.join(out, "fonts-inter")
    os.makedirs(fonts_dir, exist_ok=True)
    link = os.path.join(fonts_dir, "Inter-Regular.otf")
    if not os.path.lexists(link):
        os.symlink(os.path.join(ROOT, "fixtures", "fonts", "Inter-Regular.otf"), link)
    cache = os.path.join(out, "fontconfig-cache")
    for conf, font_dir in (("fonts-inter.conf", fonts_dir), ("fonts-all.conf", os.path.join(ROOT, "fixtures", "fonts"))):
        with open(os.path.join(out, conf), "w", encoding="utf-8") as f:
            f.write(
                '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
                "<!-- generated by scripts/bench/prepare.py: only these fonts, no system fonts -->\n"
                f"<fontconfig>\n  <dir>{font_dir}</dir>\n  <cachedir>{cache}</cachedir>\n</fontconfig>\n"
            )
    mixed = write_mixed(rows, os.path.join(out, "mixed.jsonl"))
    other_models = write_options(os.path.join(out, "mixed.jsonl"), os.path.join(out, "mixed-options.jsonl"))
    mixed_dir = os.path.join(out, "fonts-mixed")
    os.makedirs(mixed_dir, exist_ok=True)
    for path in [MIXED_PRIMARY] + [os.path.join(ROOT, "fixtures", "fonts", f) for f in MIXED_FALLBACKS]:
        link = os.path.join(mixed_dir, os.path.basename(path))
        if not os.path.lexists(link):
            os.symlink(path, link)
    with open(os.path.join(out, "fonts-mixed.conf"), "w", encoding="utf-8") as f:
        f.write(
            '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
            "<!-- generated by scripts/bench/prepare.py: only these fonts, no system fonts -->\n"
            f"<fontconfig>\n  <dir>{mixed_dir}</dir>\n  <cachedir>{cache}</cachedir>\n</fontconfig>\n"
        )
    print(json.dumps({"figure": "inputs", "mixedCases": mixed, "dir": out, "cases": len(rows), "bigCases": 100_000,
                      "optionsCases": mixed, "optionsOtherModels": len(other_models)}))


if __name__ == "__main__":
    main()
