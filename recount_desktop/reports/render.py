"""Lay the report data out as a PDF (reportlab platypus). Nothing here decides anything.

``ReportRenderer(data).generate() -> bytes``. The output is byte-for-byte reproducible: reportlab's
invariant mode, the document date taken from the data, and an embedded font.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.units import inch
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from recount_desktop.domain.rules import RecountStatus
from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.reports.fonts import REGULAR
from recount_desktop.reports.model import ContestSummary, ReportData, Signatory
from recount_desktop.reports.pages import STAMP_BOX, PageFurniture, numbered_canvas_class
from recount_desktop.reports.recount_tables import recount_section
from recount_desktop.reports.report_data import long_date
from recount_desktop.reports.styles import (
    CHANGED_FILL,
    count_text,
    difference_text,
    grid_style,
    make_styles,
    para,
)

STATUS_WORDS = {status.value: status.label for status in RecountStatus}
CONTENT_WIDTH = LETTER[0] - 1.2 * inch


CERTIFICATION_PAGES = "certification"
# The certification pages end their frame above the digital signature's visible stamp (pages.STAMP_BOX,
# drawn on the last page), so the stamp can never cover a signature line, however the text falls: a spacer
# at the end of the story was dropped by platypus whenever the page was nearly full.
STAMP_CLEAR_BOTTOM = float(STAMP_BOX[3] + 8)


def _page_template(doc: BaseDocTemplate, name: str, bottom: float) -> PageTemplate:
    frame = Frame(doc.leftMargin, bottom, doc.width, doc.pagesize[1] - doc.topMargin - bottom,
                  id=name, leftPadding=6, rightPadding=6, topPadding=6, bottomPadding=6)
    return PageTemplate(id=name, frames=[frame], pagesize=doc.pagesize)


class ReportRenderer:
    """The canvassers' report of one ``ReportData``."""

    def __init__(self, data: ReportData) -> None:
        self.data = data
        self.styles = make_styles()

    def generate(self) -> bytes:
        buffer = io.BytesIO()
        title = self.data.title
        doc = BaseDocTemplate(
            buffer, pagesize=LETTER, leftMargin=0.6 * inch, rightMargin=0.6 * inch, topMargin=0.7 * inch,
            bottomMargin=0.8 * inch, title=f"{title.title}: {title.election_name}",
            author=f"{title.jurisdiction}, {title.state_name}", subject=title.statute,
            creator="Recount Desktop", invariant=1,
            keywords=f"canvassers report; fingerprint {self.data.fingerprint}",  # read by `report verify`
        )
        doc.addPageTemplates([_page_template(doc, "body", doc.bottomMargin),
                              _page_template(doc, CERTIFICATION_PAGES, STAMP_CLEAR_BOTTOM)])
        furniture = PageFurniture(
            header_left=f"{title.title} — {title.jurisdiction}, {title.state_name}",
            header_right=f"{title.election_name}, {long_date(title.election_date)}",
            footer_left=f"{title.election_name} · {self.data.election_file}",
            fingerprint=self.data.fingerprint,
        )
        with no_cyclic_gc():
            doc.build(self._get_story(), canvasmaker=numbered_canvas_class(furniture, title.prepared_on))
        return buffer.getvalue()

    def _get_story(self) -> list[Flowable]:
        story = self._title_section() + [PageBreak()] + self._summary_section()
        for section in self.data.recounts:
            story += [PageBreak(), *recount_section(section, self.styles)]
        story += [PageBreak(), *self._notes_section(), NextPageTemplate(CERTIFICATION_PAGES), PageBreak(),
                  *self._certification_section()]
        return story

    # -- title ------------------------------------------------------------------------------------
    def _title_section(self) -> list[Flowable]:
        t, s = self.data.title, self.styles
        kind = "Recount report" if t.report_kind == "recount" else "Canvass report"
        rows = [
            ("State", t.state_name), ("Jurisdiction", t.jurisdiction), ("Election", t.election_name),
            ("Election date", long_date(t.election_date)),
            ("Canvass date", long_date(t.canvass_date) if t.canvass_date else "—"),
            ("Kind of report", kind), ("Made under", t.statute),
            ("Date prepared", long_date(t.prepared_on)),
            ("Election file", self.data.election_file),
            ("Audit log", f"{self.data.audit_entries} entries; head hash (fingerprint) below"),
        ]
        table = Table([[para(k, s.cell_bold), para(v, s.cell)] for k, v in rows],
                      colWidths=[1.6 * inch, CONTENT_WIDTH - 1.6 * inch])
        table.setStyle(grid_style(header_rows=0))
        recounted = [c.contest for c in self.data.summary if c.recounted]
        lead = (f"Contests recounted: {', '.join(recounted)}." if recounted
                else "No contest was recounted; this report states the canvass.")
        return [
            para(t.title, s.title), para(f"{t.jurisdiction}, {t.state_name}", s.heading), table,
            Spacer(1, 10), para(lead, s.body),
            para(f"Fingerprint: {self.data.fingerprint}", s.small),
            para("Every page carries this fingerprint: it matches the printed page to its election file "
                 "(recount-desktop audit verify prints the same head hash).", s.small),
        ]

    # -- summary ----------------------------------------------------------------------------------
    def _summary_section(self) -> list[Flowable]:
        story: list[Flowable] = [para("Summary of contests", self.styles.heading)]
        for contest in self.data.summary:
            story.append(KeepTogether(self._contest_block(contest)))
        return story

    def _contest_block(self, contest: ContestSummary) -> list[Flowable]:
        s = self.styles
        what = "Question" if contest.kind == "question" else f"Candidates, vote for {contest.seats}"
        block: list[Flowable] = [
            para(contest.contest, s.subheading),
            para(f"{what}; {contest.total_votes:,} votes for all choices on the canvass.", s.small),
            self._totals_table(contest),
            Spacer(1, 3),
            para(self._declaration(contest), s.body),
        ]
        block += self._findings(contest)
        return block

    def _totals_table(self, contest: ContestSummary) -> Table:
        s = self.styles
        if contest.recounted:
            rows = [["Choice", "Canvass", "Amended (recount)", "Difference"]] + [
                [para(t.choice, s.cell), count_text(t.original), count_text(t.amended),
                 difference_text(t.difference)] for t in contest.totals]
            widths = [3.3 * inch, 1.2 * inch, 1.5 * inch, 1.2 * inch]
        else:
            rows = [["Choice", "Canvass"]] + [[para(t.choice, s.cell), count_text(t.original)]
                                              for t in contest.totals]
            widths = [3.3 * inch, 1.2 * inch]
        table = Table(rows, colWidths=widths, hAlign="LEFT")
        style = grid_style(numeric_from=1)
        for r, total in enumerate(contest.totals, start=1):
            if total.difference:
                style.add("BACKGROUND", (3, r), (3, r), CHANGED_FILL)
        table.setStyle(style)
        return table

    @staticmethod
    def _declaration(contest: ContestSummary) -> str:
        text = f"On the canvass: {contest.declared}."
        if contest.recounted:
            text += f" After the recount: {contest.declared_after}."
            text += " THE OUTCOME CHANGED." if contest.outcome_changed else " The outcome did not change."
            if contest.pending_sheets:
                text += f" {contest.pending_sheets} tally sheet(s) still pending."
        return text

    def _findings(self, contest: ContestSummary) -> list[Flowable]:
        s = self.styles
        if not contest.findings:
            return [para("Margin finding: none available for this contest (see Method and notes).", s.small)]
        rows: list[list[object]] = [["Behind", "Margin", "Recount", "Threshold", "Citation"]]
        for f in contest.findings:
            rows.append([para(f.choice, s.cell), count_text(f.margin), STATUS_WORDS.get(f.status, f.status),
                         f.threshold if f.threshold is not None else "—", para(f.citation, s.cell)])
        table = Table(rows, colWidths=[1.7 * inch, 0.7 * inch, 1.6 * inch, 0.9 * inch, 2.4 * inch],
                      hAlign="LEFT")
        table.setStyle(grid_style(numeric_from=None))
        return [para("Margin findings", s.small), table]

    # -- method and notes -------------------------------------------------------------------------
    def _notes_section(self) -> list[Flowable]:
        s, notes = self.styles, self.data.notes
        story: list[Flowable] = [para("Method and notes", s.heading),
                                 para("Settings in force", s.subheading)]
        if notes.settings:
            story.append(self._pairs_table([(k, v) for k, v in notes.settings]))
        else:
            story.append(para("No settings changed from the defaults (double entry of tally sheets).",
                              s.body))
        story.append(para("Readings of the statute", s.subheading))
        if notes.readings:
            for r in notes.readings:
                story.append(para(f"• {r.sentence}", s.warning))
        else:
            story.append(para("No named readings are available for this state.", s.body))
        story.append(para("Data warnings", s.subheading))
        story += [para(f"• {w}", s.warning) for w in notes.warnings] or [para("None.", s.body)]
        story.append(para("Source files", s.subheading))
        for src in notes.sources:
            imported = f"{src.name} — imported {src.imported_at} by {src.imported_by}"
            story.append(para(imported, s.body))
            story.append(para(f"SHA-256 {src.sha256 or 'not recorded'}", s.small))
            extra = src.warning_count - len(src.warnings)
            story += [para(f"• {w}", s.warning) for w in src.warnings]
            if extra > 0:
                story.append(para(f"• … and {extra} more warning(s) in the audit log.", s.warning))
        if not notes.sources:
            story.append(para("No imports are recorded in the audit log.", s.body))
        return story

    def _pairs_table(self, pairs: Sequence[tuple[str, str]]) -> Table:
        s = self.styles
        table = Table([[para(k, s.cell), para(v, s.cell)] for k, v in pairs],
                      colWidths=[3 * inch, CONTENT_WIDTH - 3 * inch], hAlign="LEFT")
        table.setStyle(grid_style(header_rows=0))
        return table

    # -- certification ----------------------------------------------------------------------------
    def _certification_section(self) -> list[Flowable]:
        s, cert = self.styles, self.data.certification
        story: list[Flowable] = [para(cert.title, s.heading), para(cert.wording, s.body), Spacer(1, 6)]
        if cert.minimum_signatures > 1:
            story.append(para(f"At least {cert.minimum_signatures} members must sign.", s.small))
        for member in cert.board or (Signatory("", "Member"),):
            story.append(KeepTogether(self._signature_block(member)))
        story.append(para("Attest:", s.subheading))
        story.append(KeepTogether(self._signature_block(cert.attesting, seal=True)))
        return story

    def _signature_block(self, who: Signatory, seal: bool = False) -> list[Flowable]:
        s = self.styles
        rows = [
            ["Signature", "", "Date", ""],
            ["Printed name", para(who.name or " ", s.cell_bold), "", ""],
            ["Title", para(who.title, s.cell), "", ""],
        ]
        table = Table(rows, colWidths=[1.1 * inch, 3.6 * inch, 0.6 * inch, 1.6 * inch],
                      rowHeights=[30, 16, 16], hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), REGULAR, 8.5), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LINEBELOW", (1, 0), (1, 0), 0.8, colors.black),
            ("LINEBELOW", (3, 0), (3, 0), 0.8, colors.black),
        ]))
        block: list[Flowable] = [Spacer(1, 8), table]
        if seal:
            block.append(para("(seal)", s.small))
        return block


def render_report(data: ReportData) -> bytes:
    return ReportRenderer(data).generate()
