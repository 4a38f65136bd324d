"""Layout validation: every problem of a position under a game, each with its square.

Like python-chess's ``status()``, :func:`problems` collects all problems instead of stopping
at the first; whether to raise is the caller's choice. Standard library only.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import ProblemCode
from ..model.board import FILE_LETTERS, Board, SquareName, size_name, square_order
from ..model.cards import Card, Pack
from .games import Arrows, FaceDown, Game, Placement
from .holdings import hand_problems, one_pack_problems
from ..model.layout import Layout, OffBoard, Piece, Side, stack_notation
from ..model.letters import LetterCard, LetterSet
from .lines import geometry
from .move import MoveKind
from .moves import board_moves

if TYPE_CHECKING:
    from .bound import Rules

Source = Pack | LetterSet
Item = Card | LetterCard
_TAKES = (MoveKind.BEAT, MoveKind.PRESS, MoveKind.COVER)


@dataclass(frozen=True, slots=True)
class Violation:
    """One problem: a short code for tools, the square at fault (if any) and a sentence."""

    code: ProblemCode
    square: str | None
    message: str

    def __str__(self) -> str:
        return f"{self.square}: {self.message}" if self.square else self.message


def _order(v: Violation) -> tuple[int, int, int, str]:
    if v.square is None:
        return (0, 0, 0, v.code)
    rank, file = square_order(v.square)
    return (1, rank, file, v.code)


def supply(source: Source, group: str | None, game: Game) -> Counter[Item]:
    """The cards a side may have on the board: the pack or group, cut to the game's ranks
    and without the letters the game takes off."""
    items: Sequence[Item]
    if isinstance(source, Pack):
        cards: tuple[Card, ...] = source.cards
        if group:
            cards = next(g.cards for s in source.splits for g in s.groups if g.name == group)
        items = [c for c in cards if c.rank in game.ranks]
    else:
        letters = source.cards if not group else source.group(
            next(g.colour for g in source.groups if str(g.colour) == group)).cards
        items = [c for c in letters if c.letter not in game.setup.removed_letters]
    return Counter(items)


def _refs(layout: Layout, game: Game) -> dict[Side, str]:
    if layout.players or not game.pairs:
        return dict(layout.players)
    return dict(zip(Side, game.pairs[0]))


def _material(layout: Layout, game: Game, sources: Mapping[str, Source],
              found: list[Violation]) -> dict[Side, Counter[Item]]:
    refs = _refs(layout, game)
    pairs = [" vs ".join(p) for p in game.pairs]
    if game.owners:
        for side in Side:
            if side not in refs:
                found.append(Violation(ProblemCode.NO_MATERIAL, None,
                                       f"the layout names no pack for "
                                       f"the {side} side; expected one of {', '.join(pairs)}"))
    if game.pairs and refs:
        pair = tuple(refs[side] for side in Side if side in refs)
        if pair not in game.pairs and pair[::-1] not in game.pairs:
            found.append(Violation(ProblemCode.WRONG_MATERIAL, None,
                                   f"{game.name} is not played with "
                                   f"{' vs '.join(pair)}; expected {' or '.join(pairs)}"))
            # Every card would then look out of place; the one problem above says why.
            return {}
    supplies = {}
    for side, ref in refs.items():
        base, _, group = ref.partition(":")
        if base in sources:
            supplies[side] = supply(sources[base], group or None, game)
    return supplies


def _describe(item: Item) -> str:
    return item.notation()


def _piece_problems(layout: Layout, game: Game, supplies: Mapping[Side, Counter[Item]],
                    start: bool, found: list[Violation]) -> None:
    shared: Counter[Item] = sum(supplies.values(), Counter())
    seen: dict[tuple[Side | None, Item], list[SquareName]] = {}
    for square, stack in layout.items():
        if len(stack) > 1 and (start or not game.movement.piles):
            when = "at the start" if start else "in this game"
            found.append(Violation(ProblemCode.PILE, square,
                                   f"{len(stack)} cards lie on one square; "
                                   f"no piles {when}"))
        for piece in stack:
            item = piece.card
            letters = game.material == "letters"
            if isinstance(item, LetterCard) != letters:
                found.append(Violation(ProblemCode.WRONG_KIND, square, f"{_describe(item)} is a "
                                       f"{'letter' if isinstance(item, LetterCard) else 'numbered'} "
                                       f"card; {game.name} is played with {game.material}"))
                continue
            side = piece.owner if game.owners else None
            if game.owners and side is None:
                found.append(Violation(ProblemCode.NO_ARROW, square, f"{_describe(item)} has no "
                                       "arrow, so it belongs to nobody; expected ^ or v"))
                continue
            if not supplies:
                continue
            pool = supplies.get(side, Counter()) if side else shared
            seen.setdefault((side, item), []).append(square)
            if pool[item] == 0:
                found.append(_not_in_game(square, item, game, side, layout))
            elif len(seen[(side, item)]) > pool[item]:
                first = seen[(side, item)][0]
                found.append(Violation(ProblemCode.CARD_TWICE, square,
                                       f"{_describe(item)} is already "
                                       f"on {first}" + (f" for {side}" if side else "")
                                       + f"; the game has {pool[item]} of it"))


def _not_in_game(square: SquareName, item: Item, game: Game, side: Side | None,
                 layout: Layout) -> Violation:
    owner = f"{side}'s " if side else ""
    ref = (layout.players.get(side, "") if side else "") or "the game's packs"
    if isinstance(item, LetterCard):
        if item.letter in game.setup.removed_letters:
            return Violation(ProblemCode.REMOVED_LETTER, square,
                             f"{item.notation()}: {item.letter} is "
                             f"taken off before {game.name} starts")
        return Violation(ProblemCode.LETTER_NOT_IN_SET, square,
                         f"{item.notation()} is not a letter of "
                         f"{owner}set {ref}")
    if item.rank not in game.ranks:
        ranks = f"{min(game.ranks)}-{max(game.ranks)}"
        return Violation(ProblemCode.NOT_IN_GAME, square, f"{item.notation()} is not used in "
                         f"{game.name}, which plays values {ranks} only")
    return Violation(ProblemCode.NOT_IN_GAME, square, f"{item.notation()} is not a card of {owner}"
                     f"{ref}")


def king_square(board: Board, side: Side) -> SquareName | None:
    """The king square on *side*'s half of *board* (e1 or e8 on an 8x8 board), if any."""
    half = board.ranks // 2
    rows = range(0, half) if side is Side.SOUTH else range(half, board.ranks)
    xy = geometry(*board.size).xy
    return next((k for k in board.king_squares if xy[k][1] in rows), None)


def _start_problems(layout: Layout, rules: Rules, supplies: Mapping[Side, Counter[Item]],
                    found: list[Violation]) -> None:
    game, board = rules.game, rules.board
    setup = game.setup
    downs: Counter[Side] = Counter()
    flagged: set[Side] = set()
    xy = geometry(*layout.size).xy
    for square, piece in layout.pieces():
        side = piece.owner if game.owners else None
        cell = board.square(square)
        rows = setup.home_rows(side) if side else ()
        if rows and xy[square][1] + 1 not in rows:
            found.append(Violation(ProblemCode.WRONG_HOME_ROW, square,
                                   f"{piece} of {side} lies on rank "
                                   f"{xy[square][1] + 1}; {side} starts on ranks "
                                   f"{', '.join(map(str, rows))}"))
        card = piece.card
        if setup.off_colour and isinstance(card, Card) and cell.colour is card.colour:
            found.append(Violation(ProblemCode.OWN_COLOUR_SQUARE, square, f"{card} starts on a "
                                   f"{cell.colour} square; {game.name} starts every card on "
                                   "a square of another colour"))
        if setup.shade is not None and cell.shade is not setup.shade:
            found.append(Violation(ProblemCode.WRONG_SHADE, square,
                                   f"{piece} lies on a {cell.shade} "
                                   f"square; expected {setup.shade} squares only"))
        if setup.face_down is FaceDown.ALL:
            if piece.face_up:
                found.append(Violation(ProblemCode.FACE_UP, square,
                                       f"{piece} lies face up; every card "
                                       f"of {game.name} starts face down"))
            continue
        _test_card_problems(square, piece, side, board, game, found, downs, flagged)
    # Test cards laid first from the stocks (initial 3) are not on the board at the start.
    for side in Side if game.owners and setup.tests_per_side \
            and not setup.tests_laid_first else ():
        if downs[side] < setup.tests_per_side and side not in flagged and side in supplies:
            found.append(Violation(ProblemCode.MISSING_TEST_CARD, king_square(board, side)
                                   if setup.tests_on_king_squares else None,
                                   f"{side} has {downs[side]} face-down test card(s); "
                                   f"expected {setup.tests_per_side}"))


def _test_card_problems(square: SquareName, piece: Piece, side: Side | None, board: Board,
                        game: Game, found: list[Violation], downs: Counter[Side],
                        flagged: set[Side]) -> None:
    setup = game.setup
    king = king_square(board, side) if side else None
    if setup.test_cards:
        expected = piece.card in setup.test_cards
    else:
        expected = setup.tests_on_king_squares and square == king
    names = " or ".join(c.notation() for c in setup.test_cards) or f"the card on {king}"
    if not piece.face_up:
        if side:
            downs[side] += 1
        if not expected:
            found.append(Violation(ProblemCode.NOT_A_TEST_CARD, square,
                                   f"{piece} lies face down but "
                                   f"only {names} may be a test card in {game.name}"))
        elif setup.tests_on_king_squares and square != king:
            found.append(Violation(ProblemCode.TEST_CARD_OFF_KING_SQUARE, square,
                                   f"{side}'s test card "
                                   f"{piece} must lie on its king square {king}"))
    elif expected:
        if side:
            flagged.add(side)
        found.append(Violation(ProblemCode.TEST_CARD_FACE_UP, square,
                               f"{piece} is {side}'s test card "
                               "and must lie face down, written like (1B)^"))


def _arrow_problems(layout: Layout, game: Game, found: list[Violation]) -> None:
    if game.setup.arrows is not Arrows.ALTERNATE_ROWS:
        return
    by_parity: dict[int, Counter[str]] = {0: Counter(), 1: Counter()}
    xy = geometry(*layout.size).xy
    for square, piece in layout.pieces():
        by_parity[xy[square][1] % 2][piece.facing.value if piece.facing else "none"] += 1
    usual = {parity: count.most_common(1)[0][0] if count else None
             for parity, count in by_parity.items()}
    if usual[0] is not None and usual[0] == usual[1]:
        usual[1] = "v" if usual[0] == "^" else "^"
    for square, piece in layout.pieces():
        want = usual[xy[square][1] % 2]
        if (piece.facing.value if piece.facing else "none") != want:
            found.append(Violation(ProblemCode.WRONG_ARROW, square,
                                   f"{piece} points the same way as "
                                   "the next rank; arrows alternate from rank to rank"))


def problems(rules: Rules, layout: Layout, *, sources: Mapping[str, Source],
             start: bool = True) -> list[Violation]:
    """Every problem of *layout* under *rules* (a game bound to its board), sorted by square
    (layout-wide ones first).

    *sources* maps each pack or letter-set name the layout or game uses to its model.
    With ``start=False`` the layout is a position during play, and the checks that hold
    only for a starting position (home rows, complete packs, test cards...) are skipped.
    """
    game, board = rules.game, rules.board
    found: list[Violation] = [_off_board(piece, layout.size)
                              for piece in layout.off_board]
    if layout.board not in game.boards:
        found.append(Violation(ProblemCode.WRONG_BOARD, None, f"{game.name} is played on "
                               f"{' or '.join(game.boards)}, not {layout.board}"))
    if layout.size != board.size:
        # Squares would be read on the wrong grid: nothing else can be judged.
        found.append(Violation(ProblemCode.WRONG_SIZE, None, f"the layout is written for a "
                               f"{size_name(*layout.size)} board, but {board.name} has "
                               f"{size_name(*board.size)} squares"))
        return sorted(found, key=_order)
    supplies = _material(layout, game, sources, found)
    _piece_problems(layout, game, supplies, start, found)
    found += [Violation(code, None, message)
              for code, message in hand_problems(layout, game, supplies)]
    if game.setup.one_pack and start:
        # During play the played pack's cards are laid on the board: only a start holds
        # one pack there.
        found += [Violation(*problem) for problem in one_pack_problems(layout, supplies)]
    found += [Violation(*problem) for problem in rules.placement_problems(layout)]
    if start:
        setup = game.setup
        _start_problems(layout, rules, supplies, found)
        _stock_problems(layout, game, supplies, found)
        _arrow_problems(layout, game, found)
        if setup.cards is not None and sum(1 for _ in layout.pieces()) != setup.cards:
            found.append(Violation(ProblemCode.WRONG_COUNT, None,
                                   f"{sum(1 for _ in layout.pieces())} "
                                   f"cards on the board; {game.name} starts with "
                                   f"{setup.cards}"))
        if setup.complete:
            _missing(layout, game, supplies, found)
        if setup.safe_first_move and not found:
            _first_move_problems(layout, rules, found)
    return sorted(found, key=_order)


def _cards(items: Counter[Item], most: int = 8) -> str:
    names = [c.notation() for c in sorted(items.elements(), key=_sort_key)]
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return " ".join(names[:most]) + more


def _stock_problems(layout: Layout, game: Game, supplies: Mapping[Side, Counter[Item]],
                    found: list[Violation]) -> None:
    """A start of a game that lays cards has every card of the game that is not on the
    board waiting off it: each side's in its own stock, or, where the cards belong to
    nobody or more than two play (basic 52, initial 7), all in the shared pile."""
    if game.movement.placement is Placement.NONE or not supplies:
        return
    shared = not game.owners or game.players > 2 or game.setup.one_pack
    on_board: dict[Side | None, Counter[Item]] = {}
    for _, piece in layout.pieces():
        on_board.setdefault(None if shared else piece.owner, Counter())[piece.card] += 1
    wants: list[tuple[Side | None, Counter[Item], tuple[Item, ...], str]] = []
    if shared:
        refs = " and ".join(dict.fromkeys(_refs(layout, game).values()))
        wants.append((None, sum(supplies.values(), Counter()), layout.hands.pile, refs))
    else:
        for owner, pool in supplies.items():
            wants.append((owner, pool, layout.hands.of(owner).stock,
                          _refs(layout, game).get(owner, "its pack")))
    for side, pool, have, ref in wants:
        board = sum(on_board.get(side, Counter()).values())
        expected = pool - on_board.get(side, Counter())
        if not expected:
            continue
        count = sum(expected.values())
        where = f"{side}'s stock" if side else "the shared pile"
        less = f" less the {board} on the board" if board else ""
        if not have:
            code = ProblemCode.MISSING_STOCK if side else ProblemCode.MISSING_PILE
            found.append(Violation(code, None, f"{where} is missing; {game.name} starts with "
                                   f"{count} cards there ({ref}{less})"))
            continue
        lacking = expected - Counter(have)
        if lacking:
            code = ProblemCode.SHORT_STOCK if side else ProblemCode.SHORT_PILE
            found.append(Violation(code, None, f"{where} holds {len(have)} cards; "
                                   f"{game.name} starts with {count} there ({ref}{less}); "
                                   f"it lacks {_cards(lacking)}"))


def _off_board(piece: OffBoard, size: tuple[int, int] = (8, 8)) -> Violation:
    files, ranks = size
    last = FILE_LETTERS[files - 1]
    if not 1 <= piece.rank <= ranks:
        where = f"on rank {piece.rank}, off the board (ranks 1 to {ranks})"
    else:
        where = f"beyond file {last}, off the board (files a to {last})"
    return Violation(ProblemCode.OFF_BOARD, piece.square,
                     f"{stack_notation(piece.stack)} lies {where}")


def _missing(layout: Layout, game: Game, supplies: Mapping[Side, Counter[Item]],
             found: list[Violation]) -> None:
    on_board: dict[Side | None, Counter[Item]] = {}
    for _, piece in layout.pieces():
        on_board.setdefault(piece.owner if game.owners else None, Counter())[piece.card] += 1
    pools: dict[Side | None, Counter[Item]] = (
        {side: pool for side, pool in supplies.items()} if game.owners
        else {None: sum(supplies.values(), Counter())})
    for side, pool in pools.items():
        lacking = pool - on_board.get(side, Counter())
        if lacking:
            names = " ".join(c.notation() for c in sorted(lacking.elements(), key=_sort_key))
            whose = f"{side} lacks" if side else "missing"
            found.append(Violation(ProblemCode.MISSING_CARD, None, f"{whose} {names}; {game.name} "
                                   "starts with every card in play"))


def _sort_key(item: Item) -> tuple[int, str]:
    return (item.rank, item.notation()) if isinstance(item, Card) else (0, item.notation())


def _first_move_problems(layout: Layout, rules: Rules, found: list[Violation]) -> None:
    game = rules.game
    for side in Side:
        for move in board_moves(rules, layout, side):
            if move.kind in _TAKES:
                found.append(Violation(ProblemCode.BEATABLE_ON_MOVE_1, move.target,
                                       f"{layout.top(move.target_square)} can be taken at once by "
                                       f"{layout.top(move.square)} from {move.square} "
                                       f"({move}); {game.name} needs a start where no card "
                                       "can be taken on the first move"))
