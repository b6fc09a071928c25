"""mypy over the whole package, held to a baseline that only shrinks.

The engine is checked strictly and must be clean (``[tool.mypy]`` in pyproject.toml); every
other error must be one recorded in ``mypy-baseline.txt``. An error that is not recorded
fails (fix it); a recorded error that is gone fails too, until ``--update`` writes the
smaller baseline, so the file only ever shrinks.

Errors are compared without their line numbers (``file: message [code]``, counted), so code
that moves does not count as a new error.

    python scripts/mypy_baseline.py            # check (``make lint``)
    python scripts/mypy_baseline.py --update   # record the baseline after fixing errors
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "mypy-baseline.txt"
STRICT = "clash_widget/engine/"
ERROR = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): error: (?P<text>.*)$")
HEADER = (
    "# mypy errors outside the engine that the package still has (scripts/mypy_baseline.py).\n"
    "# Only shrinks: fix one, then `python scripts/mypy_baseline.py --update`.\n"
)


def run_mypy() -> list[tuple[str, str]]:
    """(file, "file: message [code]") of every error of one mypy run over the package."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):
        sys.exit(f"mypy failed to run:\n{done.stdout}{done.stderr}")
    out = []
    for line in done.stdout.splitlines():
        m = ERROR.match(line)
        if m:
            out.append((m["file"], f"{m['file']}: {m['text']}"))
    return out


def read_baseline() -> Counter[str]:
    if not BASELINE.exists():
        return Counter()
    lines = BASELINE.read_text(encoding="utf-8").splitlines()
    return Counter(line for line in lines if line and not line.startswith("#"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the baseline")
    args = parser.parse_args(argv)
    errors = run_mypy()
    strict = [text for file, text in errors if file.startswith(STRICT)]
    found = Counter(text for file, text in errors if not file.startswith(STRICT))
    if strict:
        print("mypy: the engine is checked strictly and must have no error:", *strict, sep="\n")
        return 1
    baseline = read_baseline()
    if args.update:
        grown = found - baseline
        if grown and baseline:
            print("mypy: not recording new errors; fix them first:", *sorted(grown), sep="\n")
            return 1
        BASELINE.write_text(HEADER + "".join(f"{e}\n" for e in sorted(found.elements())))
        print(f"mypy: baseline written ({sum(found.values())} errors outside the engine)")
        return 0
    new, gone = found - baseline, baseline - found
    if new:
        print(
            "mypy: errors not in mypy-baseline.txt (fix them):", *sorted(new.elements()), sep="\n"
        )
    if gone:
        print(
            "mypy: fixed errors still recorded; shrink the baseline with "
            "`python scripts/mypy_baseline.py --update`:",
            *sorted(gone.elements()),
            sep="\n",
        )
    if new or gone:
        return 1
    print(f"mypy: ok (engine strict and clean; {sum(found.values())} recorded errors elsewhere)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
