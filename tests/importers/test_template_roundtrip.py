"""Property: a template written with any names and counts reads back as exactly what was written."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.values import is_county_total_label, is_total_label
from tests.importers.conftest import TALLY_HEADER, write_xlsx

_names = (
    st.text(
        alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters=" .-/"),
        min_size=1,
        max_size=12,
    )
    .map(lambda s: " ".join(s.split()))
    .filter(
        lambda s: (
            s
            and not s[0].isdigit()
            and "total" not in s.lower()
            and "vote" not in s.lower()
            and "ballot" not in s.lower()
            and "regist" not in s.lower()
            # a unit named as the county ("COUNTY", "X CO") is the file's own total, by design
            and not is_county_total_label(s)
            and not is_total_label(s)
        )
    )
)
_counts = st.integers(min_value=0, max_value=10**7)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.tuples(_names, _names, _names), _counts, min_size=1, max_size=15))
def test_template_round_trip(cells: dict[tuple[str, str, str], int]) -> None:
    # one contest spelled with other case or spaces ("Ē" and "ē") is read as one contest, on purpose
    contests = {c for _, c, _ in cells}
    assume(len(contests) == len({"".join(c.split()).lower() for c in contests}))
    rows = [TALLY_HEADER, *[(p, c, ch, v) for (p, c, ch), v in cells.items()]]
    with tempfile.TemporaryDirectory() as folder:
        imported = read_tally_file(write_xlsx(Path(folder) / "t.xlsx", {"Tallies": rows}))
    assert imported.errors == ()
    assert imported.results is not None
    read_back = {(t.precinct, t.contest, t.choice): t.votes for t in imported.results.tallies}
    assert read_back == cells
