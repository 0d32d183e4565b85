"""When two typed names are one person: compared by a skeleton, not as typed.

"Clerk One", "clerk one.", "Clerk\u200bOne" (a zero-width space) and "Сlerk One" (a Cyrillic С) must
not pass as two clerks. The skeleton follows Unicode's confusable-detection idea (UTS #39) in a small,
fixed form: NFKC (fullwidth and compatibility forms), case folding, letters that look alike mapped
to one Latin letter, accents dropped, and everything but letters and digits removed (spaces,
punctuation, invisible format characters).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Letters of other scripts (and Latin look-alikes) that print like a Latin letter, after case folding.
_LOOK_ALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "ϲ": "c",
    # Latin and digits that stand in for one another on a printed sheet
    "ı": "i", "ℓ": "l", "1": "l", "0": "o", "|": "l",
}
_TABLE = str.maketrans(_LOOK_ALIKES)


@lru_cache(maxsize=1024)  # a station's few clerks' names, compared at every second entry
def name_skeleton(name: str) -> str:
    """The form two names share when a reader would take them for the same name."""
    text = unicodedata.normalize("NFKC", name).casefold().translate(_TABLE)
    text = unicodedata.normalize("NFKD", text)
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] in "LN")
    return kept.translate(_TABLE).replace("rn", "m")


def same_person(a: str, b: str) -> bool:
    """Two names typed for one operator."""
    return name_skeleton(a) == name_skeleton(b)
