"""Seats: the players of a game of more than two, numbered in playing order. Standard
library only.

A game of two is played by :class:`~generator.model.layout.Side` (the edge of the board a
player sits at, which also says whose cards are whose). Initial game 7 (seed002) is played
by four, nobody owns a card, and what matters is only the order of play and which direction
of combination each player scores: a seat is that number, 1 for the first player.
"""
from __future__ import annotations

import enum
import re


class Seat(enum.IntEnum):
    """The place of a player in the order of play, from 1 (the first to lay).

    >>> Seat.FOURTH.after(4), str(Seat.SECOND), Seat.SECOND.key
    (<Seat.FIRST: 1>, 'seat 2', 'seat2')
    >>> Seat.parse("seat3")
    <Seat.THIRD: 3>
    """

    FIRST = 1
    SECOND = 2
    THIRD = 3
    FOURTH = 4

    def __str__(self) -> str:
        return f"seat {self.value}"

    @property
    def key(self) -> str:
        """How TOML tables and JSON name the seat: ``seat1``."""
        return f"seat{self.value}"

    def after(self, players: int) -> Seat:
        """The seat that plays next in a game of *players*."""
        return Seat(self.value % players + 1)

    @classmethod
    def all(cls, players: int) -> tuple[Seat, ...]:
        """The seats of a game of *players*, in playing order.

        :raises: :exc:`ValueError` if there is no seat for that many players.
        """
        if not 1 <= players <= len(cls):
            raise ValueError(f"no seats for {players} players (1 to {len(cls)})")
        return tuple(cls(n) for n in range(1, players + 1))

    @classmethod
    def parse(cls, value: object) -> Seat:
        """A seat from itself, its number or its key (``seat2``).

        :raises: :exc:`ValueError` naming the choices.
        """
        if isinstance(value, Seat):
            return value
        if isinstance(value, int) and not isinstance(value, bool) \
                and value in cls._value2member_map_:
            return cls(value)
        if isinstance(value, str) and (match := re.fullmatch(r"seat([1-9])", value)):
            number = int(match.group(1))
            if number in cls._value2member_map_:
                return cls(number)
        raise ValueError(f"not a seat: {value!r} (expected seat1 to seat{len(cls)})")
