"""A canvas that writes the same text operators as reportlab's, once per distinct string.

A 1,000-page report draws about half a million table cells, most of them the same few hundred
strings ("0", "1,234", a team's name). For each cell reportlab builds a text object, splits the
string into the embedded font's subsets and formats every number again. ``CachedTextCanvas`` keeps
the formatted text of each (font, size, leading, string) and writes the very same bytes
(``BT 1 0 0 1 x y Tm <font and string> T* ET``): the PDF is byte-for-byte what reportlab would
write, only the repeated work is gone. Anything unusual (text render mode, character or word
spacing, a direction, shaping, a top-down canvas) goes through reportlab's own code.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas


class CachedTextCanvas(Canvas):
    """``drawString``, ``drawRightString`` and ``drawCentredString`` with the formatting cached."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Per canvas: the font subsets and their names belong to this document.
        self._shown_text: dict[tuple[str, float, float, str], tuple[str, float]] = {}

    def _shown(self, text: str) -> tuple[str, float]:
        """The text-showing operators and the width of ``text`` in the current font."""
        key = (self._fontname, self._fontsize, self._leading, text)
        found = self._shown_text.get(key)
        if found is None:
            # reportlab's own formatting, run once: it also assigns the characters to font subsets.
            operators = self.beginText()._formatText(text)
            found = self._shown_text[key] = (operators, stringWidth(text, self._fontname, self._fontsize))
        return found

    def _plain(self, mode: object, char_space: float, direction: object, word_space: object,
               shaping: bool) -> bool:
        return (mode is None and not char_space and direction is None and not word_space and not shaping
                and bool(self.bottomup))

    def _show_at(self, x: float, y: float, operators: str) -> None:
        # Exactly PDFTextObject's code for beginText(x, y) + textLine(text) + getCode().
        self._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {operators} T* ET")

    def drawString(self, x: float, y: float, text: str, mode: Any = None, charSpace: float = 0,
                   direction: Any = None, wordSpace: Any = None, shaping: bool = False) -> None:
        if not self._plain(mode, charSpace, direction, wordSpace, shaping):
            super().drawString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        self._show_at(x, y, self._shown(text)[0])

    def drawRightString(self, x: float, y: float, text: str, mode: Any = None,
                        charSpace: float = 0, direction: Any = None, wordSpace: Any = None,
                        shaping: bool = False) -> None:
        if not self._plain(mode, charSpace, direction, wordSpace, shaping):
            super().drawRightString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        operators, width = self._shown(text)
        self._show_at(x - width, y, operators)

    def drawCentredString(self, x: float, y: float, text: str, mode: Any = None,
                          charSpace: float = 0, direction: Any = None, wordSpace: Any = None,
                          shaping: bool = False) -> None:
        if not self._plain(mode, charSpace, direction, wordSpace, shaping):
            super().drawCentredString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        operators, width = self._shown(text)
        self._show_at(x - 0.5 * width, y, operators)
