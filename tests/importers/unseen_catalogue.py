"""Run the unseen-variant catalogue (tests/importers/test_unseen_variants.py) and count each
variant of each real base file as imported right, refused, or silently wrong (issue 11).

    .venv/bin/python -m tests.importers.unseen_catalogue [-v] [-k SUBSTRING]

"Right": a variant meant to import does, with the base file's units and totals; a variant whose
count no longer matches the file's own total is refused with its cells named. "Refused": a variant
meant to import stops with errors (clear, not wrong). "Silently wrong": results with no error that
differ from the base file's (or a bad total imported). The last must always be zero.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.test_unseen_variants import MODELS, VARIANTS, Model, _contest, _text, write


def classify(path: Path, real: Model, variant: str, refused: bool) -> tuple[str, str]:
    """(verdict, detail) of one written variant."""
    imported = read_tally_file(path)
    if imported.results is None:
        first = imported.errors[0] if imported.errors else None
        detail = f"{first.cell}: {first.message[:140]}" if first else "no error given"
        if refused:
            return ("right" if all(e.cell for e in imported.errors) else "refused"), detail
        return "refused", detail
    if refused:
        return "silently wrong", "imported, where it must be refused (a total off, a misread)"
    expected = real.bumped() if "count_changed" in variant else real
    units = sorted(p.name for p in imported.results.precincts)
    if units != sorted(real.units):
        return _wrong(imported.errors, f"units {units[:4]}...")
    names = [c.name for c in imported.results.contests]
    if len(names) != len(real.contests):
        return _wrong(imported.errors, f"{len(names)} contests, not {len(real.contests)}")
    for contest in real.checked:
        if not any(_text(n) == contest or _text(n).startswith(contest + " (") for n in names):
            return _wrong(imported.errors, f"no contest {contest!r} in {names[:3]}...")
        got = {_text(k): v for k, v in imported.results.totals(_contest(names, contest)).items()}
        if got != expected.totals(contest):
            return _wrong(imported.errors, f"{contest}: {got}")
    if imported.errors:
        return "refused", imported.errors[0].message[:140]
    return "right", imported.layout or ""


def _wrong(errors: tuple[object, ...], detail: str) -> tuple[str, str]:
    return ("refused" if errors else "silently wrong"), detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("-v", "--verbose", action="store_true", help="list every variant not right")
    parser.add_argument("-k", default="", help="only variants whose name holds this")
    args = parser.parse_args(argv)
    models = {name: read() for name, read in MODELS.items()}
    verdicts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for variant, (suffix, build, refused) in VARIANTS.items():
            if args.k not in variant:
                continue
            for name, real in models.items():
                path = write(Path(folder) / f"{name}_{variant}{suffix}", build(real))
                verdict, detail = classify(path, real, variant, refused)
                verdicts[verdict] += 1
                if args.verbose and verdict != "right":
                    print(f"{verdict:15} {name:8} {variant}: {detail}")
    print(
        f"{sum(verdicts.values())} variants: {verdicts['right']} right, {verdicts['refused']} refused, "
        f"{verdicts['silently wrong']} silently wrong"
    )
    return 1 if verdicts["silently wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
