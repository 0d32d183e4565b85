"""Problems found while reading a tally file, each pinned to its file, sheet and cell.

Following beancount, problems are values collected in one pass: a clerk fixes every mistake at
once instead of meeting them one run at a time.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One warning or error. ``cell`` is ``"D14"`` in a workbook or ``"line 12"`` in a CSV file."""

    file: str
    sheet: str | None
    cell: str | None
    message: str

    def __str__(self) -> str:
        parts = [self.file]
        if self.sheet is not None:
            parts.append(f"sheet '{self.sheet}'")
        if self.cell:
            parts.append(self.cell if self.cell.startswith(("line", "row")) else f"cell {self.cell}")
        return f"{', '.join(parts)}: {self.message}"


class ImportRejected(Exception):
    """The file cannot be imported; ``problems`` lists every error found."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        super().__init__(format_problems(problems))


class ImportCancelled(Exception):
    """The user stopped the import; nothing was stored."""


def format_problems(problems: tuple[Problem, ...] | list[Problem], limit: int = 50) -> str:
    """All problems, one a line; past ``limit`` a count of the rest so a huge file stays readable."""
    lines = [str(p) for p in problems[:limit]]
    if len(problems) > limit:
        lines.append(f"... and {len(problems) - limit} more")
    return "\n".join(lines)


def column_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class ProblemLog:
    """Collects warnings and errors for one file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.warnings: list[Problem] = []
        self.errors: list[Problem] = []

    def warn(self, sheet: str | None, cell: str | None, message: str) -> None:
        self.warnings.append(Problem(self.file, sheet, cell, message))

    def error(self, sheet: str | None, cell: str | None, message: str) -> None:
        self.errors.append(Problem(self.file, sheet, cell, message))

    def reject(self, sheet: str | None, cell: str | None, message: str) -> ImportRejected:
        """An error that stops reading at once (e.g. no header): returned to be raised."""
        self.error(sheet, cell, message)
        return ImportRejected(tuple(self.errors))
