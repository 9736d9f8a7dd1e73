#!/usr/bin/env python3
"""Writes docs/cli.md from `layoutlab --help` and every subcommand's `--help`, so the command reference
cannot drift from the binary.

    python3 Tools/cli-doc.py                 # rewrite docs/cli.md
    python3 Tools/cli-doc.py --check         # exit 1 (and say which command) when docs/cli.md is stale
    python3 Tools/cli-doc.py --bin PATH      # a given layoutlab binary (default: $LAYOUTLAB, else the
                                             # debug build, made with `swift build` when missing)

The help text is taken with COLUMNS=100, so its wrapping is the same on every machine. Each command gets
a heading with its own anchor (`docs/cli.md#check-ib`), its help verbatim, and the docs page that tells
the rest of its story.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "cli.md")

# The page that explains each command beyond its help (paths from the repository root).
MORE = {
    "sweep": ["docs/experiment-format.md", "docs/results-db.md", "docs/scale-out.md"],
    "merge": ["docs/scale-out.md"],
    "regress": ["docs/development.md"],
    "shrink": ["docs/reports.md"],
    "layout": ["docs/scenario-format.md", "docs/springs-and-translations.md", "docs/environments.md"],
    "explain": ["docs/springs-and-translations.md"],
    "vfl": ["docs/scenario-format.md"],
    "import": ["docs/interface-builder.md"],
    "check-ib": ["docs/interface-builder.md"],
    "log": ["docs/conflict-logs.md"],
    "solve": ["docs/scenario-format.md"],
    "query": ["docs/results-db.md", "docs/reports.md"],
    "replay": ["docs/reports.md"],
    "render": ["docs/reports.md"],
    "report": ["docs/reports.md"],
    "engine-report": ["docs/external-engines.md"],
    "serve": ["docs/serve.md"],
}


def binary(argv):
    if "--bin" in argv:
        return argv[argv.index("--bin") + 1]
    if os.environ.get("LAYOUTLAB"):
        return os.environ["LAYOUTLAB"]
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    exe = os.path.join(path, "layoutlab")
    if not os.path.exists(exe):
        subprocess.run(["swift", "build", "--product", "layoutlab"], cwd=ROOT, check=True)
    return exe


def help_text(exe, args):
    env = dict(os.environ, COLUMNS="100")
    out = subprocess.run([exe, *args, "--help"], capture_output=True, text=True, env=env, cwd=ROOT)
    if out.returncode != 0:
        sys.exit(f"cli-doc.py: `layoutlab {' '.join(args)} --help` exited {out.returncode}: {out.stderr}")
    return out.stdout.rstrip() + "\n"


def subcommands(top):
    """The names listed under SUBCOMMANDS:, in the order `--help` lists them."""
    names, inside = [], False
    for line in top.splitlines():
        if line.startswith("SUBCOMMANDS:"):
            inside = True
            continue
        if inside:
            m = re.match(r"^  ([a-z][a-z0-9-]*)(\s|$)", line)
            if m:
                names.append(m.group(1))
            elif line and not line.startswith(" "):
                break
    return names


def summary(help_body):
    """The OVERVIEW sentence, on one line."""
    first = help_body.split("\n\n", 1)[0]
    return " ".join(first.replace("OVERVIEW:", "").split())


def page(exe):
    top = help_text(exe, [])
    names = subcommands(top)
    if not names:
        sys.exit("cli-doc.py: `layoutlab --help` lists no subcommands")
    bodies = {n: help_text(exe, [n]) for n in names}
    out = [
        "# Command line reference",
        "",
        "Written by `python3 Tools/cli-doc.py` from `layoutlab --help` and each command's `--help`; do not edit",
        "by hand. `.ci/run` runs `python3 Tools/cli-doc.py --check`, which fails when this page and the",
        "binary disagree.",
        "",
        "| command | what it does |",
        "|---|---|",
    ]
    for n in names:
        out.append(f"| [`{n}`](#{n}) | {summary(bodies[n])} |")
    out += ["", "## layoutlab", "", "```text", top.rstrip(), "```", ""]
    for n in names:
        out += [f'<a id="{n}"></a>', "", f"## {n}", "", "```text", bodies[n].rstrip(), "```", ""]
        more = MORE.get(n)
        if more:
            links = ", ".join(f"[{p.removeprefix('docs/')}]({p.removeprefix('docs/')})" for p in more)
            out += [f"More: {links}.", ""]
    return "\n".join(out).rstrip() + "\n"


def main(argv):
    text = page(binary(argv))
    if "--check" in argv:
        current = open(PAGE, encoding="utf-8").read() if os.path.exists(PAGE) else ""
        if current != text:
            import difflib
            diff = difflib.unified_diff(current.splitlines(), text.splitlines(), "docs/cli.md",
                                        "layoutlab --help", lineterm="", n=1)
            print("\n".join(list(diff)[:60]))
            print("cli-doc.py: docs/cli.md is stale; run `python3 Tools/cli-doc.py` and commit it", file=sys.stderr)
            return 1
        print("cli-doc.py: docs/cli.md matches `layoutlab --help`")
        return 0
    with open(PAGE, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"cli-doc.py: wrote docs/cli.md ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
