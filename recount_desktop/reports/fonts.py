"""The TrueType font embedded in every PDF, shipped in ``resources/fonts`` (DejaVu Sans).

Embedding our own font means names such as "Escárcega" or "LIDÓN" print the same on every machine,
and the PDF does not depend on the fonts a county PC happens to have.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from recount_desktop.paths import resource_path

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"


@cache
def register_fonts() -> tuple[str, str]:
    """Register the regular and bold faces once per process; return their names."""
    for name in (REGULAR, BOLD):
        pdfmetrics.registerFont(TTFont(name, str(resource_path("fonts", f"{name}.ttf"))))
    # <b> in a Paragraph picks the bold face; there is no italic face, so italic maps to regular.
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)
    return REGULAR, BOLD
