"""A state canvass system pastes HTML into a contest title (Scotts Bluff County, NE): the board reads the
words, never the tags."""

from __future__ import annotations

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.values import clean_name
from tests.conftest import REAL_DATA


def test_tags_are_removed_and_entities_read() -> None:
    assert clean_name("<b>Referendum No. 426</b><br/>") == "Referendum No. 426"
    assert clean_name("<B>A &amp; B</B>") == "A & B"
    assert clean_name("A &amp; B") == "A &amp; B"  # no tag: the text is the county's own
    assert clean_name("(< 25)") == "(< 25)"


@pytest.mark.slow
def test_scotts_bluff_referendum_title_is_plain_text() -> None:
    imported = read_tally_file(REAL_DATA / "NE" / "Scotts Bluff NE 2016 general.xls")
    assert imported.results is not None
    names = [c.name for c in imported.results.contests]
    assert not any("<" in name for name in names)
    assert any(name.startswith("Referendum ordered by Petition of the People Referendum No. 426")
               for name in names)
