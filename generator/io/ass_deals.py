"""A whole deal of Ass set as a booklet table: a section's ``[section.deal]`` names the
seed, the players and who commits, and the line ``{deal}`` of its text becomes the deal as
the rule engine plays it (:func:`generator.ass.play_deal`, under the default trump option),
one row a trick, then the totals, the targets and the banks. Nothing of the table is typed by hand, so it
cannot drift from the rules (issue 39, third review r-ass, finding 2: no deal was played
from start to finish).

``[section.deal]`` holds ``seed``; ``players``, the players' names in seat order (player 1
sits on the dealer's left and holds spades as trumps, player 2 clubs, and so on);
``committed``, the names of those who commit; ``columns``, the five headings before the
players' running totals (trick, cards, taker, how, points: no leader's column, as the taker
of a trick leads the next, so a row's first card is played by the taker of the row above,
and the room it took holds the draws); ``draws``, the
heading of the last column, the cards the players draw after the trick (player 1's first,
a dash once the stock is empty: with them the deal can be replayed with a pack, fourth
review r-ass, T1); ``total``, ``target`` and ``banks``, the first cells of the last three
rows (each player's points, the target their commitment gives, and their banks before and
after the deal); and ``ways``, the word for each way a trick is taken (the keys of
:data:`WAY_KEYS`). An optional ``hands`` gives the headings of a second table, set where
the text's ``{hands}`` line stands: the trick's number, then each player's hand before
that trick (twelfth review r-ass: without the hands a reader could not check that a
player who did not follow suit held none of it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import TemplateError
from ..model.traditional import PlayingCard, Suit, rank_index
from .reader import Reader

if TYPE_CHECKING:
    from ..ass import Deal, PlayedTrick

#: The line of a section's text that the deal's table replaces, and the line the table of
#: the hands before each trick replaces.
DEAL_MARK = "{deal}"
HANDS_MARK = "{hands}"
#: Between a trick's cards: they stay on one line of their cell.
NBSP = "\u00a0"
#: The draws cell of a trick after which nobody draws (the stock is empty).
NO_DRAW = "\u2014"
#: The headings before the players' columns: trick, cards, taker, how, points.
COLUMNS = 5
#: The ``ways`` keys: how a trick's taker took it (the engine's :class:`~generator.ass.Way`
#: by value, a space written ``_``), ``led`` for a led card that stood.
WAY_KEYS = ("led", "main_suit", "trump", "equal_rank", "equal_rank_trump", "one_below",
            "eight")


def deal_table(r: Reader, lang: str) -> tuple[str, str | None]:
    """The table of the deal *r* (a ``[section.deal]``) describes, as a section's text
    writes a table (``| a | b |`` rows, the head row first), its cards in *lang*'s indices;
    and the table of the hands before each trick if *r* gives its headings (``hands``).

    :raises: :exc:`TemplateError` naming the file and key of a missing or wrong entry.
    """
    from ..ass import DealError, play_deal   # only for a booklet that shows a deal

    seed = r.integer("seed", low=0)
    names = r.strings("players")
    if not 2 <= len(names) <= 4 or len(set(names)) != len(names):
        raise r.fail("players", "two to four different names (option 1 has four suits)",
                     names)
    committed = r.strings("committed", [])
    for name in committed:
        if name not in names:
            raise r.fail("committed", f"names among the players ({', '.join(names)})", name)
    columns = r.strings("columns")
    if len(columns) != COLUMNS:
        raise r.fail("columns", f"{COLUMNS} headings: trick, cards, taker, how, points", columns)
    draws = r.string("draws")
    hands = r.strings("hands", [])
    if hands and len(hands) != len(names) + 1:
        raise r.fail("hands", f"{len(names) + 1} headings: the trick, then each player's "
                     "hand", hands)
    total, target, banks = (r.string(key) for key in ("total", "target", "banks"))
    words = r.table("ways")
    ways = {key: words.string(key) for key in WAY_KEYS}
    words.finish()
    r.finish()
    for key, given in (("players", names), ("columns", columns),
                       ("draws", [draws]), ("hands", hands),
                       ("total", [total, target, banks]),
                       ("ways", list(ways.values()))):
        if any("|" in text for text in given):
            # A | would split its cell in two and shift the row.
            raise r.fail(key, "text without '|' (it separates a table's cells)", given)
    try:
        deal = play_deal(seed, len(names), committed=[n in committed for n in names])
    except DealError as e:   # not expected of a seed alone; said plainly if it happens
        raise TemplateError(r.path, r.key("seed"), expected="a deal the engine can play",
                            got=str(e)) from None
    script = "cyrillic" if lang == "ru" else "latin"
    rows = [[*columns, *names, draws]]
    rows += _trick_rows(deal, names, ways, script)
    players = deal.score.players
    # Each last row's label stands in the "how" column, beside its numbers: in the first,
    # it widened the column of trick numbers and squeezed the others into two lines.
    blank = [""] * (COLUMNS - 2)
    rows.append([*blank, total, signed(sum(t.points for t in deal.tricks)),
                 *(signed(p.points) for p in players), ""])
    rows.append([*blank, target, "", *(str(p.target) for p in players), ""])
    rows.append([*blank, banks, "", *(f"{p.banks - p.change}{NBSP}\u2192 {p.banks}"
                                      for p in players), ""])
    held = None
    if hands:
        held = _cells([hands, *([str(t.number), *(_hand_text(h, script) for h in t.hands)]
                                for t in deal.tricks)])
    return _cells(rows), held


def _cells(rows: list[list[str]]) -> str:
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def _hand_text(hand: tuple[PlayingCard, ...], script: str) -> str:
    """A hand as a cell: by suit in the game's order, the strongest first in each."""
    from ..ass.tables import STRENGTH   # as play_deal: only for a booklet that shows a deal

    suits = list(Suit)
    ordered = sorted(hand, key=lambda c: (suits.index(c.suit), -STRENGTH[c.rank]))
    return NBSP.join(card_text(c, script) for c in ordered)


def _trick_rows(deal: Deal, names: list[str], ways: dict[str, str], script: str
                ) -> list[list[str]]:
    running = [0] * len(names)
    rows = []
    for trick in deal.tricks:
        running[trick.taker] += trick.points
        rows.append([str(trick.number),
                     NBSP.join(card_text(c, script) for c in trick.cards),
                     names[trick.taker], ways[way_key(trick)], signed(trick.points),
                     *(signed(n) for n in running),
                     NBSP.join(card_text(c, script) for c in trick.draws) or NO_DRAW])
    return rows


def way_key(trick: PlayedTrick) -> str:
    """How the taker of *trick* took it: the way of the winning card, or ``led`` when the
    led card stood (nobody beat it, or the trick went back to it)."""
    step = trick.trick.steps[trick.trick.winner - 1]
    took = step.way.value if step.took and step.way is not None else "led"
    return took.replace(" ", "_")


def card_text(card: PlayingCard, script: str) -> str:
    """A card as the booklet's text writes it: its index and its suit's sign (10♥, К♦)."""
    return f"{rank_index(card.rank, script)}{card.suit.sign}"


def signed(n: int) -> str:
    """A number with a true minus sign, as the booklet sets −1."""
    return str(n).replace("-", "\u2212")
