"""The one error hierarchy: raised deep, shown once by the CLI as a single line."""
from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

#: How many characters of a value an error message echoes before cutting it short.
EXCERPT = 60
#: A run of characters without a blank (a key, a path, a token) longer than this is cut.
LONG_RUN = 120
#: The whole line, at most: what is left of a message after the cuts, head and tail kept.
LONG_LINE = 600
ELLIPSIS = "\u2026"


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


class ReasonCode(enum.StrEnum):
    """Why the rules refuse a move, for tools; :class:`IllegalMoveError` carries one. The
    values are the spelling of ``--json``."""

    NOT_A_MOVE = "not-a-move"      # the text is no move of the notation
    GAME_OVER = "game-over"        # the game already has its result
    OWED = "owed"                  # the side first owes an opening or a take this turn
    COMPULSORY = "compulsory"      # a compulsory kind of move (pressing) is available
    MAY_NOT_PASS = "may-not-pass"  # the side has a legal move
    NOT_HELD = "not-held"          # a lay of a card the side cannot play now (Ass: a
    #                                card not in the hand)
    NO_SUCH_SLOT = "no-such-slot"  # a patience move naming a slot its tableau lacks
    EMPTY = "empty"                # a patience move from a slot that holds no card (a
    #                                redeal of an empty Line)
    # The patiences' own refusals, named for what the player did wrong.
    NO_SUCH_PLAY = "no-such-play"  # a kind of play this patience lacks (a pair, a redeal)
    WRONG_SLOT = "wrong-slot"      # the slots exist but do not give or take this card
    #                                (a stock card to a foundation, two Army cards paired)
    NOT_NEXT = "not-next"          # the card is not the one the foundation takes next
    #                                (another suit, not its start card, out of order)
    DOES_NOT_PACK = "does-not-pack"  # the card does not pack on the rampart's top card
    OFF_LINE = "off-line"          # the Besieged City: a Reserve card to a rampart off its
    #                                row and column (rule III)
    GAP_FIRST = "gap-first"        # the Besieged City: a rampart gap must be filled first
    NOT_A_GAP = "not-a-gap"        # La Nivernaise: a flank place that holds a card
    PAIRED = "paired"              # the Empress: a card already paired
    NOT_PAIRED = "not-paired"      # the Empress: a single card played as a couple
    PLAY_LEFT = "play-left"        # the Empress: the stock dealt out while a pair fits
    SWITCHED_OFF = "switched-off"  # a play that only a house switch allows, switched off
    STOCK_OUT = "stock-out"        # a deal from an empty stock
    STOCK_LEFT = "stock-left"      # La Nivernaise: a redeal while the stock holds cards
    NO_REDEAL_LEFT = "no-redeal-left"  # La Nivernaise: every allowed redeal is used
    ILLEGAL = "illegal"            # any other move the rules do not allow here


class ProblemCode(enum.StrEnum):
    """What is wrong with a layout under a game, for tools: each problem that
    :func:`generator.rules.validation.problems` finds carries one. The values are the
    spelling of ``rules check --json`` and the editor's ``problems``."""

    # the game, board and pack
    NO_MATERIAL = "no-material"
    WRONG_MATERIAL = "wrong-material"
    WRONG_BOARD = "wrong-board"
    WRONG_SIZE = "wrong-size"
    MIXED_PACKS = "mixed-packs"
    # the cards on the board
    PILE = "pile"
    WRONG_KIND = "wrong-kind"
    NO_ARROW = "no-arrow"
    WRONG_ARROW = "wrong-arrow"
    CARD_TWICE = "card-twice"
    REMOVED_LETTER = "removed-letter"
    LETTER_NOT_IN_SET = "letter-not-in-set"
    NOT_IN_GAME = "not-in-game"
    OFF_BOARD = "off-board"
    WRONG_COUNT = "wrong-count"
    MISSING_CARD = "missing-card"
    # the start of a game
    WRONG_HOME_ROW = "wrong-home-row"
    OWN_COLOUR_SQUARE = "own-colour-square"
    WRONG_SHADE = "wrong-shade"
    FACE_UP = "face-up"
    MISSING_TEST_CARD = "missing-test-card"
    NOT_A_TEST_CARD = "not-a-test-card"
    TEST_CARD_OFF_KING_SQUARE = "test-card-off-king-square"
    TEST_CARD_FACE_UP = "test-card-face-up"
    BEATABLE_ON_MOVE_1 = "beatable-on-move-1"
    NOT_IDENTICAL = "not-identical"
    OFF_VALUE_ROW = "off-value-row"
    # hands, stocks and piles
    MISSING_STOCK = "missing-stock"
    MISSING_PILE = "missing-pile"
    SHORT_STOCK = "short-stock"
    SHORT_PILE = "short-pile"
    # the editor: a layout whose figure cannot be drawn
    NOT_DRAWN = "not-drawn"


class Refusal(str):
    """Why the patience or the Ass engine refuses a move: the reason as people read it,
    carrying a :class:`ReasonCode` for tools (the board engine raises
    :class:`IllegalMoveError` with one). A string, so that a refusal joins the engines'
    other reasons unchanged; a plain string among them reads as ``ILLEGAL``
    (:func:`code_of`).

    >>> refusal = Refusal("T1 is empty", ReasonCode.EMPTY)
    >>> (refusal, refusal.code.value)
    ('T1 is empty', 'empty')
    """

    code: ReasonCode

    def __new__(cls, reason: str, code: ReasonCode = ReasonCode.ILLEGAL) -> Refusal:
        refusal = super().__new__(cls, reason)
        refusal.code = code
        return refusal


def code_of(reason: str) -> ReasonCode:
    """The code of a refusal's *reason*: its own, or ``ILLEGAL`` for a plain string."""
    return reason.code if isinstance(reason, Refusal) else ReasonCode.ILLEGAL


class IllegalMoveError(GeneratorError):
    """A move that the rules refuse: names its number, its text, a reason code and why,
    as ``chess.IllegalMoveError`` does.

    >>> str(IllegalMoveError(3, "e2-e5", "2R steps one square only"))
    'move 3 (e2-e5) is illegal: 2R steps one square only'
    """

    def __init__(self, number: int, text: str, reason: str,
                 code: ReasonCode = ReasonCode.ILLEGAL) -> None:
        self.number, self.text, self.reason, self.code = number, text, reason, code
        super().__init__(f"move {number} ({text}) is illegal: {reason}")


class EditorError(GeneratorError):
    """An edit the board editor (``opencards serve``) refuses: a square off the board, a
    malformed card, an edit while moves are played, nothing to undo."""


class BoardGone(EditorError):
    """A board the editor put away to make room for others (HTTP 410: its work is lost)."""


class BodyError(EditorError):
    """A request body the editor does not read (too large, too slow, too deep): the HTTP
    :attr:`status` and a one-line message."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class PositionTextError(GeneratorError, ValueError):
    """A position text that cannot be read: names the field, what was expected and what
    was found, on one line.

    >>> str(PositionTextError("turn", "s, n or a seat 1 to 4", "'x'"))
    "position text: turn: expected s, n or a seat 1 to 4, got 'x'"
    """

    def __init__(self, field_name: str, expected: str, got: str | None = None) -> None:
        self.field = field_name
        self.expected = expected
        self.got = got
        text = f"position text: {field_name}: expected {expected}"
        super().__init__(text + (f", got {got}" if got is not None else ""))


class DealError(GeneratorError, ValueError):
    """A move of a given deal of Ass that the rules refuse, with its trick, place and reason;
    :attr:`code` says why for tools (``NOT_HELD``: the card is not in the hand, ``ILLEGAL``:
    the rules forbid it here), ``None`` for a malformed deal (too many tricks or cards)."""

    def __init__(self, message: str, code: ReasonCode | None = None) -> None:
        super().__init__(message)
        self.code = code


class NotAPatienceError(GeneratorError, ValueError):
    """The game is not a patience (a game of one player), so there is nothing to solve."""


class WorkerLost(GeneratorError, RuntimeError):
    """A worker ended (killed, out of memory) before it answered the task *index*."""

    def __init__(self, index: int, exit_code: int | None) -> None:
        super().__init__(f"a worker process ended (exit code {exit_code}) before it "
                         f"answered task {index}")
        self.index, self.process_exit = index, exit_code


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

class PreflightError(GeneratorError):
    """A shop file fails the preflight run at the end of ``opencards shop``: the findings
    are listed (one line each) before this one-line error."""

    def __init__(self, message: str, findings: Sequence[object] = ()) -> None:
        super().__init__(message)
        #: Every finding of the failed files (:class:`~generator.draw.backends.preflight.Finding`).
        self.findings = list(findings)


class StdoutError(GeneratorError):
    """Standard output cannot be written (``> /dev/full``, a pipe whose reader is gone).

    Raised by the command's wrapper of ``sys.stdout`` instead of the OSError, so that it is
    told apart from a bug's OSError and reported, like any mistake, in one line."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        super().__init__(f"cannot write to standard output "
                         f"({error.strerror or type(error).__name__})")


class PatienceError(GeneratorError):
    """A patience cannot do what was asked: an unknown patience or switch, a move that is
    not written in the notation, or a move the rules refuse (with its number and reason).
    :attr:`code` says which for a move (``NOT_A_MOVE``, ``NO_SUCH_SLOT``, ``EMPTY``, or
    the patience's own reason: ``NOT_NEXT``, ``WRONG_SLOT``, ``GAP_FIRST``...), ``None``
    otherwise; :attr:`number`, :attr:`move` and :attr:`reason`
    name a refused move (number from 1) for tools, ``None`` otherwise."""

    def __init__(self, message: str, code: ReasonCode | None = None, *,
                 number: int | None = None, move: str | None = None,
                 reason: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.number, self.move, self.reason = number, move, reason


def did_you_mean(word: str, options: Iterable[str]) -> str | None:
    """The hint for a misspelt name: the closest of *options*, if any is close.

    >>> did_you_mean("pakc1", ["pack1", "pack2", "board-a"])
    "did you mean 'pack1'?"
    >>> did_you_mean("xyz", ["pack1"]) is None
    True
    """
    import difflib  # here: only a mistake needs it, and it costs every start 3 ms

    # str(): an option may be a StrEnum member, whose repr is not its spelling.
    close = difflib.get_close_matches(word, sorted(str(o) for o in options), n=1)
    return f"did you mean {close[0]!r}?" if close else None


def closest(word: str, options: Iterable[str], n: int = 3) -> str:
    """The *n* names of *options* nearest to *word*, as a clause for an error line: a user
    who mistyped one name needs those, not the whole list.

    >>> closest("game1", ["game1-demo", "game9-start", "basic-1-start", "pack1"])
    'the closest: game1-demo, game9-start, pack1'
    >>> closest("zzz", ["pack1", "pack2"])
    "see 'opencards list'"
    """
    import difflib  # here: only a mistake needs it

    near = difflib.get_close_matches(word, sorted(options), n=n, cutoff=0.3)
    return f"the closest: {', '.join(near)}" if near else "see 'opencards list'"


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """*text* quoted as Python would, cut to its first *limit* characters.

    >>> excerpt("x" * 100, 5)
    "'xxxxx\u2026'"
    """
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit])[:-1] + ELLIPSIS + repr(text[:limit])[-1]


def _escaped(text: str) -> str:
    """Control characters, line and paragraph separators and other unprintables written as
    Python escapes (``\\n``, ``\\x1b``, ``\\u2028``), so that one error stays one line and
    cannot move the terminal's cursor."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _cut_quoted(text: str, limit: int) -> str:
    """Every quoted value ('...' or "...", as repr writes them) longer than *limit*
    characters cut to its start and an ellipsis. One pass: a quote that never closes
    stops the search for that quote character."""
    out: list[str] = []
    i = 0
    closed = {"'": True, '"': True}
    while i < len(text):
        ch = text[i]
        if ch in closed and closed[ch] and (i == 0 or not text[i - 1].isalnum()):
            end = i + 1
            while True:
                end = text.find(ch, end)
                if end < 0 or text[end - 1] != "\\":
                    break
                end += 1
            if end < 0:
                closed[ch] = False
            else:
                body = text[i + 1:end]
                if len(body) > limit:
                    body = body[:limit] + ELLIPSIS
                out.append(ch + body + ch)
                i = end + 1
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def _cut_runs(text: str, limit: int) -> str:
    """Every run of more than *limit* characters without a blank cut to *limit*."""
    if len(text) <= limit:
        return text
    parts = text.split(" ")
    return " ".join(p if len(p) <= limit else p[:limit] + ELLIPSIS for p in parts)


def one_line(message: str) -> str:
    """An error message as the CLI prints it: exactly one line, of a readable length.

    Unprintable characters (a newline in a file name or a key) are escaped, echoed values
    are cut to an excerpt, and an overlong remainder keeps its head (the file and key) and
    its tail (what was expected, the hint).

    >>> one_line("x.toml: a\\nb: expected a string, got " + repr("y" * 1000))[-5:]
    "yyy\u2026'"
    >>> "\\n" in one_line("bad\\nname")
    False
    """
    if len(message) > 20 * LONG_LINE:
        # Only the head and tail survive the cuts: keep the work linear in what is shown.
        message = message[:15 * LONG_LINE] + ELLIPSIS + message[-4 * LONG_LINE:]
    text = _cut_runs(_cut_quoted(_escaped(message), EXCERPT), LONG_RUN)
    if len(text) > LONG_LINE:
        head, tail = LONG_LINE * 2 // 3, LONG_LINE // 3
        text = text[:head] + f" {ELLIPSIS} " + text[-tail:]
    return text
