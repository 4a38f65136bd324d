"""Plain-text views of templates for the terminal (``opencards show``)."""
from __future__ import annotations

from ..errors import GeneratorError
from ..io.templates import Library, Template
from ..model.board import FILE_LETTERS, Board
from ..model.cards import Pack
from ..model.layout import Layout
from ..model.position_text import PositionText
from ..model.letters import LetterSet
from ..model.traditional import Suit, TraditionalPack
from ..rules.games import Game
from ..rules.bound import Rules
from ..rules.position import Position


def template_text(template: Template, library: Library | None = None) -> str:
    """Any template as text, by its kind; a layout's position text names its game's start
    as the rule engine sees it when *library* is given to find the game and board."""
    match template:
        case Pack():
            return pack_text(template)
        case LetterSet():
            return letters_text(template)
        case Board():
            return board_text(template)
        case Layout():
            return layout_text(template, start_text(template, library))
        case Game():
            return template.describe()
        case TraditionalPack():
            return traditional_text(template)


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def _flags(**named: bool) -> str:
    return ", ".join(name.replace("_", " ") for name, on in named.items() if on) or "none"


def pack_text(pack: Pack) -> str:
    m = pack.marks
    values = [c.value for c in pack.cards if c.colour.code == "R"]
    lines = [f"{pack.name}: {pack.title}",
             f"{len(pack)} cards, values {values[0]}-{values[-1]}, {pack.version} version",
             "faces: " + _flags(dark_frame=m.face_frame, dark_circles=m.face_circles,
                                orientation_arrow=m.arrow),
             "backs: " + _flags(dark_circles=m.back_circles,
                                double_dark_circles=m.back_double_circles)
             + f"; {m.back_hatching.value} hatching",
             ("daggers: on the cards of group "
              f"{m.dagger_group} of split '{m.dagger_split}', face and back"
              if m.dagger_split else "daggers: none (no proportional groups marked)"), ""]
    splits = [s.name for s in pack.splits]
    header = ["card", "colour", "suit", *[f"split {s}" for s in splits], "dagger",
              "face marks", "back marks"]
    rows = []
    for card in pack:
        groups = pack.groups_of(card)
        rows.append([card.notation(), str(card.colour),
                     f"{card.colour.suit_sign} {card.colour.suit}",
                     *[groups.get(s, "-") for s in splits],
                     "\u2020" if pack.has_dagger(card) else "-",
                     " ".join(sorted(x.value for x in pack.face_marks(card))) or "-",
                     " ".join(sorted(x.value for x in pack.back_marks(card))) or "-"])
    return "\n".join(lines + _table(header, rows))


def letters_text(letters: LetterSet) -> str:
    m = letters.marks
    lines = [f"{letters.name}: {letters.title}",
             f"{len(letters)} cards, {letters.script} script. {letters.notes}".rstrip(),
             "backs: " + _flags(dark_rhombuses=m.back_rhombuses) +
             f"; {m.back_hatching.value} hatching; daggers on the {m.dagger_group} group",
             "groups: " + ", ".join(f"{g.colour} weighs {letters.group_weight(g)}"
                                    for g in letters.groups),
             f"frequency factors from: {letters.frequency_source}", ""]
    rows = [[c.letter, str(c.colour), str(letters.factor(c.letter)),
             str(letters.copies(c.letter)), "\u2020" if letters.has_dagger(c) else "-"]
            for c in letters]
    return "\n".join(lines + _table(["letter", "group", "factor", "copies", "dagger"], rows))


def board_text(board: Board) -> str:
    lines = [f"{board.name}: {board.title}",
             "cell: colour, value, d(ark) or l(ight); * marks a king square", ""]
    width = 5
    if board.top_labels:
        lines.append("    " + "".join(c.code.center(width) for c in board.top_labels))
    for rank in range(board.ranks - 1, -1, -1):
        cells = []
        for file in range(board.files):
            square = board.at(file, rank)
            mark = "*" if square.name in board.king_squares else " "
            cells.append((square.notation() + mark).center(width))
        left = str(board.left_digits[rank]) if board.left_digits else " "
        right = str(board.right_digits[rank]) if board.right_digits else ""
        lines.append(f" {left}  " + "".join(cells) + f" {right}".rstrip())
        if rank == board.ranks // 2 and board.top_labels:
            lines.append("    " + "-" * (width * board.files) + "  middle line")
    if board.bottom_labels:
        lines.append("    " + "".join(c.code.center(width) for c in board.bottom_labels))
    lines.append("    " + "".join(f.center(width) for f in FILE_LETTERS[:board.files]))
    if board.crosswise:
        lines.append("turned crosswise: 16 verticals of 4; each square is half dark, half "
                     "light (the shade written is its lower half's)")
        lines.append("vertical digits (provisional): "
                     + " ".join(map(str, board.crosswise_digits)))
        return "\n".join(lines)
    if board.thin_line:
        lines.append("thin line across every square: cards may also lie crosswise")
    if board.crosswise_digits:
        lines.append("crosswise digits (provisional): "
                     + " ".join(map(str, board.crosswise_digits)))
    return "\n".join(lines)


def layout_text(layout: Layout, text: str | None = None) -> str:
    lines = [f"{layout.name}: {layout.title}", f"board: {layout.board}"
             + (f"; game: {layout.game}" if layout.game else "")]
    for side, source in layout.players.items():
        lines.append(f"{side}: {source}")
    lines += ["^ / v: arrow points north / south; (card): face down; a+b: b lies on a", "",
              str(layout)]
    if text is not None:
        lines += ["", f"position text: {text}"]
    return "\n".join(lines)


def start_text(layout: Layout, library: Library | None) -> str | None:
    """The position text of *layout* as a start (docs/position-text.md): the rule
    engine's start of its game (seat 1 to move in a game of seats, what a start takes
    off taken off) when *library* has the game; else the layout as written, south to
    move; None if a name or letter cannot be written in one."""
    try:
        if library is not None and layout.game:
            game = library.game(layout.game)
            return Position(Rules(game, library.board(layout.board)), layout).text()
        return PositionText.of_layout(layout).text()
    except (GeneratorError, ValueError):
        return None


def traditional_text(pack: TraditionalPack) -> str:
    """A traditional pack: size, script, copies, and its cards suit by suit as printed."""
    lines = [f"{pack.name}: {pack.title}",
             f"{len(pack)} cards, {pack.script} indices, {pack.width:g} x {pack.height:g} mm,"
             f" {pack.copies} cop{'y' if pack.copies == 1 else 'ies'}"]
    for suit in Suit:
        printed = [f"{pack.index(c.rank)}{suit.sign}" for c in pack if c.suit is suit]
        lines.append(f"  {suit.value} {' '.join(printed)}")
    if pack.notes:
        lines.append(pack.notes)
    return "\n".join(lines)


def patience_text(name: str) -> str:
    """One of Cadogan's patiences as text: its title, packs, how the engine reads it, its
    switches with their defaults, and the commands that play it."""
    import dataclasses
    import inspect
    import sys

    from ..patience import PATIENCES
    kind = PATIENCES[name]
    reading = inspect.getdoc(sys.modules[kind.__module__]) or ""
    switches = [f"  {f.name.replace('_', '-')} = {str(getattr(kind.Switches(), f.name)).lower()}"
                for f in dataclasses.fields(kind.Switches)]
    return "\n".join([f"{name}: {kind.title} ({kind.packs} packs)", "", reading, "",
                      "switches (--switch NAME=VALUE):", *(switches or ["  none"]), "",
                      f"deal: opencards patience deal {name} --seed N",
                      f"solve: opencards patience solve {name} --seed N"])
