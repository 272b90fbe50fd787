"""The one exception the core raises for input a user got wrong."""

from __future__ import annotations


class DataError(ValueError):
    """Bad input: says what was wrong and where.

    Parameters
    ----------
    message
        What is wrong, in words a user understands ("label 2 is not ±1").
    source
        The file (or other source) the input came from, if any.
    line
        The 1-based line number in `source`, if the problem has one.
    """

    def __init__(self, message: str, source: str | None = None, line: int | None = None) -> None:
        self.message = message
        self.source = source
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.source is not None:
            where = self.source
            if self.line is not None:
                where += f", line {self.line}"
            where += ": "
        elif self.line is not None:
            where = f"line {self.line}: "
        return where + self.message
