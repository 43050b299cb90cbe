#!/usr/bin/env python3
"""Runs two textheight binaries over the same batch inputs and compares what they write, byte for byte.

For a change that must not change output (a faster path): every per-case key with good and bad
values, wrong JSON types, unknown, escaped and repeated keys, keys in other orders, ids of every
kind, placeholders, texts over --max-bytes, missing fonts; mixed with corpus texts and shuffled
(seeded), so that cases with the same options come back after others. Each input runs under
several command lines (no defaults, defaults a case overrides, a placeholder, --lines, CSS and
Android), with --jobs 1 and 2; stdout, stderr and the exit code must be identical.

Usage: scripts/compare-batch.py OLD_BINARY NEW_BINARY [--cases N] [--keep DIR]
Standard library only; run from anywhere (paths are the repository's).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FONTS = os.path.join(ROOT, "fixtures", "fonts")
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

# Per-case keys (the flags in camelCase) with values to try: good ones first, then bad ones. Values
# are JSON texts, written into the line as they stand.
VALUES = {
    "font": ['"%s/Inter-Regular.otf"' % FONTS, '"%s/DejaVuSans.ttf"' % FONTS, '"%s#2"' % CJK, '"%s#9"' % CJK,
             '"fixtures/fonts/none.ttf"', '"%s/README.md"' % FONTS, '""', "12", "true", "null", '["a","b"]'],
    "fontFamily": ['"DejaVu Sans"', '"Liberation Sans"', '"No Such Family"', '""'],
    "displayFont": ['"%s/Inter-Regular.otf"' % FONTS, '"%s/DejaVuSans.ttf"' % FONTS],
    "fallback": ['"%s/NotoSansArabic-Regular.ttf"' % FONTS,
                 '["%s/NotoSansThai-Regular.ttf","%s/NotoColorEmoji.subset.ttf"]' % (FONTS, FONTS),
                 '["%s/NotoSansCJKsc-Regular.subset.otf"]' % FONTS, "[]", '["missing.ttf"]', "[1]", "[true]",
                 "[[1]]"],
    "fallbackFamily": ['"DejaVu Sans"', '["Noto Sans CJK JP","DejaVu Sans"]', '"Nope"'],
    "size": ["16", "17", "12.5", "1e1", '"16"', "0", "-3", "100000", '"x"', "true", "[16]", "[16,17]", "null", "-0"],
    "strictGlyphs": ["true", "false", "null", '"yes"', "1"],
    "lang": ['"ja"', '"zh-Hans"', '"ko"', '"th"', '"de"', '"x y"', '""', '"a_b"'],
    "weight": ["400", "700", '"bold"', '"semibold"', "0", "1001", '"heavy-ish"'],
    "variation": ['"wght=650"', '"wght=650,opsz=17"', '"wg=1"', '"wght"', '""'],
    "opticalSize": ['"auto"', '"none"', "12", "0", '"big"'],
    "tracking": ["0", "0.5", "-1", "2000"],
    "kern": ["0", "1", "-0.5", "5000"],
    "textStyle": ['"body"', '"headline"', '"largeTitle"', '"huge"'],
    "contentSizeCategory": ['"large"', '"accessibilityExtraExtraExtraLarge"', '"xl"'],
    "textFile": ['"/dev/null"'],
    "placeholder": ['"Type here"', '""', '"中文 placeholder that wraps around the box"'],
    "placeholderLines": ["1", "2", "-1", '"two"'],
    "maxBytes": ["10", "100", "1000000", "0", "-5", "2000000000"],
    "width": ["300", "343", "[240,375]", '"320,375"', '["1,2"]', "[]", '""', '"nan"', "-1", "1e7", "[320,\"x\"]", "10"],
    "model": ['"textkit"', '"css"', '"android"', '"word"'],
    "measure": ['"textview"', '"boundingrect"', '"textarea"', '"div"', '"edittext"', '"staticlayout"', '"nope"'],
    "inset": ["0", "8", '"8,0,8,0"', "[8,5,8,5]", "[1,2,3,4,5]", '"a"', "[1,2]", "[1,2,3]", "500"],
    "padding": ["0", "5", "10", "-1", "400"],
    "lineHeightMultiple": ["0", "1.2", "101"],
    "lineSpacing": ["0", "4", "-2"],
    "minLineHeight": ["0", "30"],
    "maxLineHeight": ["0", "10"],
    "paragraphSpacing": ["0", "6"],
    "paragraphSpacingBefore": ["0", "6"],
    "scale": ["1", "2", "3", "0", "11"],
    "lineHeight": ['"normal"', '"1.5"', '"24px"', "1.5", '"24pt"'],
    "border": ["0", "1", "-1"],
    "whiteSpace": ['"pre-wrap"', '"break-spaces"', '"normal"'],
    "density": ["2", "2.625", "0", "11"],
    "breakStrategy": ['"simple"', '"high-quality"', '"balanced"', '"best"'],
    "fallbackLineSpacing": ['"true"', '"false"', "true", '"maybe"'],
    "includeFontPadding": ['"true"', '"false"', '"no"'],
    "lineSpacingExtra": ["0", "4", "-20000"],
    "lineSpacingMultiplier": ["1", "1.5", "101"],
    "letterSpacing": ['"1px"', '"-0.05em"', '"0"', '"normal"', '"1pt"', '"20000px"'],
    "wordSpacing": ['"2px"', '"0.1em"', '"x"'],
    "wordBreak": ['"normal"', '"keep-all"', '"break-all"', '"break-word"', '"any"'],
    "lineBreak": ['"auto"', '"loose"', '"strict"', '"anywhere"', '"never"'],
    "overflowWrap": ['"normal"', '"anywhere"', '"break-word"', '"x"'],
    "tabSize": ["4", '"8"', '"20px"', '"2em"', "-1", '"x"'],
    "textSpacingTrim": ['"normal"', '"space-all"', '"trim-start"', '"x"'],
    "minLines": ["1", "2", "5", "-1", '"x"'],
    "maxLines": ["1", "3", "8", "0", "-2"],
    "minHeight": ["0", "40", "-1"],
    "maxHeight": ["100", "30", "x"],
    "lines": ["true", "false", "null", "1"],
    # Not options: refused, or (expect) ignored by batch.
    "colour": ['"red"'],
    "expect": ["null", "{}", '{"boxHeight":1}', "[1,2]"],
    "Width": ["300"],
}
# Sets of options that go together (golden-file shapes), each tried with small changes.
SHAPES = [
    {"font": '"%s#2"' % CJK, "size": "16", "width": "300", "inset": "0", "padding": "0", "maxLines": "8"},
    {"width": "343"},
    {"width": "[320,375]", "lines": "true"},
    {"model": '"css"', "width": "300", "lineHeight": '"1.5"', "letterSpacing": '"0.5px"', "lang": '"ja"'},
    {"model": '"android"', "density": "2.625", "width": "360", "size": "16", "maxLines": "4"},
    {"model": '"css"', "measure": '"div"', "width": "200", "wordBreak": '"break-all"', "tabSize": "4"},
    {"textStyle": '"headline"', "width": "320", "contentSizeCategory": '"large"'},
    {"font": '"%s/Inter-Regular.otf"' % FONTS, "displayFont": '"%s/DejaVuSans.ttf"' % FONTS, "size": "22",
     "width": "300"},
    {"fontFamily": '"DejaVu Sans"', "fallbackFamily": '["Noto Sans CJK JP"]', "width": "280", "lang": '"zh-Hans"'},
    {"width": "300", "placeholder": '"Message"', "placeholderLines": "1"},
    {"width": "300", "strictGlyphs": "true"},
    {"width": "100", "maxBytes": "40"},
]
# Command lines the inputs run under (before --jobs and --input).
DEFAULTS = [
    [],
    ["--width", "300"],
    ["--width", "343", "--size", "15", "--fallback", os.path.join(FONTS, "NotoSansArabic-Regular.ttf"),
     "--fallback-family", "DejaVu Sans", "--max-lines", "4"],
    ["--font-family", "Liberation Sans", "--weight", "bold", "--width", "320,375"],
    ["--model", "css", "--width", "250", "--letter-spacing", "1px"],
    ["--model", "android", "--density", "2", "--width", "320", "--max-height", "200"],
    ["--width", "200", "--placeholder", "Say something", "--lines"],
    ["--width", "300", "--max-bytes", "60", "--strict-glyphs"],
    ["--font", "fixtures/fonts/none.ttf", "--width", "100"],
]


def corpus_texts():
    with open(os.path.join(ROOT, "fixtures", "corpus", "messages.jsonl"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [r["text"] for r in rows]


def case(rng, fields, text, id_):
    """One line: the id (of a random kind), the text, the fields, in a random order and spacing."""
    parts = [(json.dumps("text"), json.dumps(text, ensure_ascii=rng.random() < 0.2))]
    if rng.random() < 0.95:
        parts.insert(0, (json.dumps("id"), id_))
    # A key already in quotes is JSON text as it stands (an escaped key).
    parts += [(k if k.startswith('"') else json.dumps(k), v) for k, v in fields]
    if rng.random() < 0.3:
        rng.shuffle(parts)
    colon, comma = (": ", ", ") if rng.random() < 0.5 else (":", ",")
    return "{" + comma.join(k + colon + v for k, v in parts) + "}"


def make_ids(rng, n):
    """Ids as JSON texts: strings plain and escaped, numbers, an object, null, true; none for some."""
    kinds = ['"c%d"', "%d", "-%d.5e1", '"esc\\"%d\\u2028"', '{"n":%d}', "null", "true", '"\u00e9%d"', '"tab\\t%d"']
    ids = []
    for k in range(n):
        kind = rng.choice(kinds)
        ids.append(kind % k if "%d" in kind else kind)
    return ids


def inputs(rng, count):
    texts = corpus_texts()
    lines = []
    # Every key with every value, alone and over a shape.
    for key, values in VALUES.items():
        for value in values:
            lines.append([(key, value)])
            shape = rng.choice(SHAPES)
            lines.append([(k, v) for k, v in shape.items() if k != key] + [(key, value)])
    # Shapes, repeated with small changes (a memo must tell them apart).
    for shape in SHAPES:
        for _ in range(20):
            fields = list(shape.items())
            r = rng.random()
            if r < 0.3:
                key = rng.choice(list(VALUES))
                fields.append((key, rng.choice(VALUES[key])))
            elif r < 0.4 and fields:
                fields.pop(rng.randrange(len(fields)))
            elif r < 0.5 and fields:
                k = rng.randrange(len(fields))
                fields.append(fields[k])  # a repeated key
            elif r < 0.55 and fields:
                k, v = fields[0]
                fields[0] = ('"\\u%04x%s"' % (ord(k[0]), k[1:]), v)  # the same key, its first letter escaped
            lines.append(fields)
    # Distinct widths: more sets than a worker keeps at once.
    lines += [[("width", str(100 + k))] for k in range(4500)]
    ids = make_ids(rng, len(lines) + count)
    out = []
    for k, fields in enumerate(lines):
        text = rng.choice(texts)
        if rng.random() < 0.05:
            text = text * 40
        if rng.random() < 0.03:
            text = ""
        out.append(case(rng, fields, text, ids[k]))
    # The corpus under the first shape, to weigh the repeated path.
    for k in range(count):
        out.append(case(rng, list(SHAPES[k % 3].items()), rng.choice(texts), ids[len(lines) + k]))
    rng.shuffle(out)
    # Lines the scanner refuses or the plain reader reports.
    out += ["", "[1,2]", '{"text":"x","width":300', '{"text":"x","width":016}', '{"text":"x","width":3e}',
            '{"id":"d","text":"\\ud800","width":100}', '{"text":"no width"}', '{"width":300}',
            '{"text":"x","width":300,"text":"y"}', '{"text":"x","id":1,"id":2,"width":300}',
            '{"text":"x","size":{"a":1},"width":300}', '{"text":"x","width":[300,[1]]}',
            '{"text":"x","font":"tab\\there","width":300}', '{"text":"x","font":"%s","width":300}' % ("\u00e9" * 3)]
    return out


def run(binary, args, path):
    p = subprocess.run([binary, "batch"] + args + ["--input", path], capture_output=True, cwd=ROOT)
    return p.stdout, p.stderr, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--cases", type=int, default=3000, help="corpus cases under the common shapes")
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--keep", help="write the input and outputs here")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = inputs(rng, args.cases)
    workdir = args.keep or tempfile.mkdtemp(prefix="compare-batch-")
    os.makedirs(workdir, exist_ok=True)
    path = os.path.join(workdir, "cases.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    differing = 0
    for defaults in DEFAULTS:
        for jobs in ("1", "2"):
            argv = defaults + ["--jobs", jobs]
            old, new = run(args.old, argv, path), run(args.new, argv, path)
            errors, written = old[0].count(b'"error"'), old[0].count(b"\n")
            same = old == new
            differing += not same
            print(f"{'same' if same else 'DIFFERENT'}: {len(lines)} lines, {written} out, {errors} errors, "
                  f"exit {old[2]}: batch {' '.join(argv)}")
            if not same and args.keep:
                for name, (out, err, _) in (("old", old), ("new", new)):
                    with open(os.path.join(workdir, f"{name}-{len(defaults)}-{jobs}.out"), "wb") as f:
                        f.write(out + b"\n--- stderr\n" + err)
    print(json.dumps({"figure": "compare-batch", "lines": len(lines), "commandLines": len(DEFAULTS) * 2,
                      "differing": differing}))
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
