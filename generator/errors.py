"""The one error hierarchy: raised deep, shown once by the CLI as a single line."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


class GeneratorError(Exception):
    """A mistake in the user's input or environment that the CLI reports in one line."""

    exit_code = 1


class TemplateError(GeneratorError):
    """A template file is malformed: names the file, the key path, what was expected and got.

    >>> str(TemplateError("packs/x.toml", "marks.arrow", expected="true or false", got="'yes'"))
    "packs/x.toml: marks.arrow: expected true or false, got 'yes'"
    """

    def __init__(self, path: object, key: str, *, expected: str, got: str | None = None,
                 hint: str | None = None, problem: str | None = None) -> None:
        self.path = str(path)
        self.key = key
        self.expected = expected
        self.got = got
        self.hint = hint
        self.problem = problem
        where = f"{self.path}: {key}: " if key else f"{self.path}: "
        text = f"{where}{problem}; expected {expected}" if problem else f"{where}expected {expected}"
        if got is not None:
            text += f", got {got}"
        if hint:
            text += f" ({hint})"
        super().__init__(text)


class NotFoundError(GeneratorError):
    """A name (pack, board, layout...) that no template defines."""


class WrongKindError(GeneratorError):
    """A template exists under the name, but it is not of the kind the job takes (a layout
    given to ``render``, a board to ``export-cards``)."""


class FontError(GeneratorError):
    """A font file is missing or lacks a glyph the art needs."""


class OutputError(GeneratorError):
    """An output file or folder cannot be written."""


class IllegalMoveError(GeneratorError):
    """A move of a game record that the rules refuse: names its number, its text and why.

    >>> str(IllegalMoveError(3, "e2-e5", "2R steps one square only"))
    'move 3 (e2-e5) is illegal: 2R steps one square only'
    """

    def __init__(self, number: int, text: str, reason: str) -> None:
        self.number, self.text, self.reason = number, text, reason
        super().__init__(f"move {number} ({text}) is illegal: {reason}")


class ImpositionError(GeneratorError):
    """A sheet cannot be laid out as asked: an unknown paper, flip or backs choice, or cards
    or a board that do not fit the paper with its margin, bleed and marks."""


class FigureError(GeneratorError):
    """A figure cannot be drawn as asked: a malformed annotation or view, an unknown colour,
    an illegal move in a sequence, or a layout the rule engine refuses."""


class InvalidLayoutError(FigureError):
    """The rule engine refuses a layout a figure was asked of; :attr:`problems` holds its
    findings, one line each, for the CLI to list before the one-line error."""

    def __init__(self, message: str, problems: Iterable[str]) -> None:
        super().__init__(message)
        self.problems = list(problems)


class ProfileError(GeneratorError):
    """A printer profile name or file that cannot be used."""


class IccProfileError(GeneratorError):
    """An ICC colour profile (``--icc FILE``) that cannot be read or is not CMYK output."""

class PatienceError(GeneratorError):
    """A patience cannot do what was asked: an unknown patience or switch, a move that is
    not written in the notation, or a move the rules refuse (with its number and reason)."""


def did_you_mean(word: str, options: Iterable[str]) -> str | None:
    """The hint for a misspelt name: the closest of *options*, if any is close.

    >>> did_you_mean("pakc1", ["pack1", "pack2", "board-a"])
    "did you mean 'pack1'?"
    >>> did_you_mean("xyz", ["pack1"]) is None
    True
    """
    close = difflib.get_close_matches(word, sorted(options), n=1)
    return f"did you mean {close[0]!r}?" if close else None
