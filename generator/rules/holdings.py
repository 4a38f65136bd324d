"""Problems of the cards off the board: hands, stocks, taken cards and the shared pile.

A card in a side's hand or stock must come from that side's pack or group; a taken card or
a card of the shared pile from either. No card may be in two places, counting the board.
Standard library only.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from ..errors import ProblemCode
from ..model.cards import Card
from ..model.hands import Item
from ..model.layout import Layout, Side
from ..model.letters import LetterCard
from ..model.seats import Seat
from .games import Game


def _off_board(layout: Layout) -> Iterator[tuple[str, Side | None, Item]]:
    """(where, owner, card) for every card off the board; the owner is None for cards that
    may come from either pack (taken cards, the shared pile)."""
    for side in Side:
        for where, item in layout.hands.of(side).items():
            label = "hand" if where == "held" else where
            yield f"{side}'s {label}", side if where != "taken" else None, item
    for item in layout.hands.pile:
        yield "the shared pile", None, item
    for number, taken in enumerate(layout.hands.seats, 1):
        for item in taken:
            yield f"{Seat(number)}'s taken", None, item


def hand_problems(layout: Layout, game: Game, supplies: Mapping[Side, Counter[Item]]
                  ) -> list[tuple[ProblemCode, str]]:
    """(code, message) for every problem off the board, in the order of the hands."""
    if not layout.hands:
        return []
    found: list[tuple[ProblemCode, str]] = []
    shared: Counter[Item] = sum(supplies.values(), Counter())
    letters = game.material == "letters"
    used: dict[Side | None, Counter[Item]] = {None: Counter()}
    for _, piece in layout.pieces():
        owner = piece.owner if game.owners else None
        used.setdefault(owner, Counter())[piece.card] += 1
        if owner is not None:
            used[None][piece.card] += 1
    for where, owner, item in _off_board(layout):
        if isinstance(item, LetterCard) != letters:
            found.append((ProblemCode.WRONG_KIND, f"{where}: {item.notation()} is a "
                          f"{'letter' if isinstance(item, LetterCard) else 'numbered'} card; "
                          f"{game.name} is played with {game.material}"))
            continue
        if not supplies:
            continue
        side = owner if game.owners else None
        pool = supplies.get(side, Counter()) if side is not None else shared
        if pool[item] == 0:
            if isinstance(item, Card) and item.rank not in game.ranks:
                why = f"{game.name} plays values {min(game.ranks)}-{max(game.ranks)} only"
            elif side is not None:
                why = f"it is not a card of {layout.players.get(side, 'its pack')}"
            else:
                why = "it is in no pack of the game"
            found.append((ProblemCode.NOT_IN_GAME, f"{where}: {item.notation()} is not used here; "
                          f"{why}"))
            continue
        counts = [used[None]] + ([used.setdefault(side, Counter())] if side else [])
        for count in counts:
            count[item] += 1
        if side is not None and used[side][item] > pool[item]:
            found.append((ProblemCode.CARD_TWICE,
                          f"{where}: {item.notation()} is already on the board "
                          f"or elsewhere off it; {side} plays {pool[item]} of it"))
        elif used[None][item] > shared[item]:
            found.append((ProblemCode.CARD_TWICE,
                          f"{where}: {item.notation()} is already on the board "
                          f"or elsewhere off it; the game has {shared[item]} of it"))
    return found


def one_pack_problems(layout: Layout, supplies: Mapping[Side, Counter[Item]]
                      ) -> list[tuple[ProblemCode, str, str]]:
    """(code, square, message) for the board cards of a game where one pack lies on the
    board and the other is played (basic 52): cards of the pack that is not the board's."""
    packs = [pool for _, pool in sorted(supplies.items())]
    if len(packs) != 2 or not layout:
        return []
    only = [Counter(item for item in pool if not other[item]) for pool, other in
            ((packs[0], packs[1]), (packs[1], packs[0]))]
    belongs = {}
    for square, piece in layout.pieces():
        belongs[square] = 0 if only[0][piece.card] else 1 if only[1][piece.card] else None
    tally = Counter(v for v in belongs.values() if v is not None)
    if len(tally) < 2:
        return []
    board_pack = tally.most_common(1)[0][0]
    return [(ProblemCode.MIXED_PACKS, square,
             f"{layout.top(square)} is a card of the played pack; "
             "only one pack lies on the board, the other is played from the pile")
            for square, pack in belongs.items() if pack is not None and pack != board_pack]
