"""Colours stay apart in greyscale and for red-green colour-blind readers."""
from __future__ import annotations

import itertools
import math

import pytest

from generator.model.cards import COLOURS
from generator.draw.style import DEFAULT_STYLE

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied in linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))


def _linear(hex_colour):
    def one(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return [one(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5)]


def _lab(rgb):
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def _simulate(hex_colour, matrix):
    v = _linear(hex_colour)
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, v)))) for row in matrix]


@pytest.mark.parametrize("tone", ["suit", "dark"])
def test_lightness_steps_survive_greyscale(tone):
    palette = getattr(DEFAULT_STYLE, tone)
    lightness = sorted(_lab(_linear(palette[c]))[0] for c in COLOURS)
    assert min(b - a for a, b in zip(lightness, lightness[1:])) >= 14


@pytest.mark.parametrize("tone", ["suit", "dark"])
@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deutan", "protan"])
def test_colours_stay_apart_for_colour_blind_readers(tone, matrix):
    palette = getattr(DEFAULT_STYLE, tone)
    for a, b in itertools.combinations(COLOURS, 2):
        distance = math.dist(_lab(_simulate(palette[a], matrix)),
                             _lab(_simulate(palette[b], matrix)))
        assert distance >= 12, (a, b, distance)


def test_dark_and_light_squares_differ_in_greyscale():
    for colour in COLOURS:
        dark = _lab(_linear(DEFAULT_STYLE.dark[colour]))[0]
        light = _lab(_linear(DEFAULT_STYLE.tint[colour]))[0]
        assert light - dark >= 20
