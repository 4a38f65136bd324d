"""Colours and line weights of the art, keyed by meaning so a template can override them.

The four suit colours were picked to stay apart in greyscale and for readers with
red-green colour blindness: their lightness steps (yellow > green > red > blue) are at
least 14 CIE L* apart, and under a simulation of deuteranopia and protanopia (Machado
2009) every pair stays at least 12 CIELAB units apart. Red and green are the closest pair
for deuteranopes, so every card face and every board square also carries its suit sign,
and card faces the colour letter. tests/test_style.py checks all of this.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model.cards import Colour


@dataclass(frozen=True)
class Style:
    #: The saturated colour of each suit: suit signs, values, dark board squares.
    suit: dict[Colour, str] = field(default_factory=lambda: {
        Colour.RED: "#c62828", Colour.YELLOW: "#f5c400",
        Colour.GREEN: "#45b04f", Colour.BLUE: "#1a3f8f"})
    #: The pale tint of each suit: card fields and light board squares.
    tint: dict[Colour, str] = field(default_factory=lambda: {
        Colour.RED: "#f7d3d1", Colour.YELLOW: "#fcf0bf",
        Colour.GREEN: "#cfead5", Colour.BLUE: "#cfdbef"})
    #: Darker tone of each suit for the dark squares of board A.
    dark: dict[Colour, str] = field(default_factory=lambda: {
        Colour.RED: "#a31f1f", Colour.YELLOW: "#d9a300",
        Colour.GREEN: "#2f8f3a", Colour.BLUE: "#12306e"})
    #: Text drawn on the saturated colour (values inside suit signs).
    on_suit: dict[Colour, str] = field(default_factory=lambda: {
        Colour.RED: "#ffffff", Colour.YELLOW: "#3a2f00",
        Colour.GREEN: "#ffffff", Colour.BLUE: "#ffffff"})
    ink: str = "#1b1b1b"           # frames, circles, arrows, daggers, rhombuses
    paper: str = "#ffffff"
    back_field: str = "#eef0f4"    # background of card backs
    back_border: str = "#3d4a66"   # the solid band around a back's hatched panel
    back_lines: str = "#6b7a99"    # back hatching
    board_dark: str = "#4a4a4a"    # dark squares of the colourless board
    board_light: str = "#f4f4f0"
    board_edge: str = "#fbfaf6"
    outline: float = 0.3           # mm: thin strokes
    hatch_width: float = 0.35
    hatch_step: float = 2.0


DEFAULT_STYLE = Style()
