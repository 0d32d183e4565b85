"""A finding's statute in full, with the words the rule quotes highlighted.

The statute texts ship in ``resources/statutes/`` (one file per state, named by the rule file's
``statute_file``); each rule carries the quoted text it rests on. A quote may skip words with "...":
each part is found on its own, spaces and line breaks aside, and every part found is highlighted.
"""

from __future__ import annotations

import html
import re

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from recount_desktop.domain import State
from recount_desktop.domain.rules import load_rules
from recount_desktop.paths import resource_path

MARK = "<a name='quoted'></a><span style='background:#fff176; font-weight:600'>{}</span>"
MIN_PART = 12  # shorter fragments ("or", "the") would light up half the statute


def quote_parts(quote: str) -> list[str]:
    parts = re.split(r"\.\.\.|…|\[[^\]]*\]", quote)  # "..." skips words; "[...]" is an editor's insert
    return [p.strip(" .,;:\"'") for p in parts if len(p.strip()) >= MIN_PART]


def quoted_spans(text: str, quote: str) -> list[tuple[int, int]]:
    """Where each part of the quote stands in the statute text (whitespace and case aside)."""
    spans = []
    for part in quote_parts(quote):
        pattern = r"\s+".join(re.escape(word) for word in part.split())
        found = re.search(pattern, text, re.IGNORECASE)
        if found:
            spans.append(found.span())
    return sorted(spans)


def highlighted_html(text: str, quote: str) -> tuple[str, int]:
    """The statute as HTML with the quoted words marked, and how many parts were found."""
    spans, out, at = quoted_spans(text, quote), [], 0
    for start, end in spans:
        if start < at:
            continue  # overlapping parts: the first one marks it
        out += [html.escape(text[at:start]), MARK.format(html.escape(text[start:end]))]
        at = end
    out.append(html.escape(text[at:]))
    return "<div style='white-space: pre-wrap; font-size: 11pt'>" + "".join(out) + "</div>", len(spans)


class StatuteDialog(QDialog):
    def __init__(self, state: State, rule_id: str, citation: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(citation)
        self.resize(760, 560)
        rules = load_rules(state)
        try:
            quote = rules.rule(rule_id).quote
        except KeyError:
            quote = ""
        path = resource_path("statutes", rules.statute_file)
        self.text = QTextBrowser(objectName="statuteText")
        try:
            body, self.found = highlighted_html(path.read_text(encoding="utf-8"), quote)
            note = (f"{rules.statute}. The words this finding rests on are highlighted."
                    if self.found else f"{rules.statute}. The quoted words were not found in this text:"
                    f" “{quote}”")
        except OSError as error:
            body, self.found = "", 0
            note = f"The statute's text is not available here ({error}). The rule quotes: “{quote}”"
        self.note = QLabel(note, wordWrap=True, objectName="statuteNote")
        self.text.setHtml(body)
        if self.found:
            self.text.scrollToAnchor("quoted")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
