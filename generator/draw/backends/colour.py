"""Colour management for print-shop files: the art's sRGB colours turned into the inks of a
CMYK printing condition through its ICC profile (littleCMS, by way of Pillow's ImageCms),
and the sRGB profile that shop PNGs carry.

Neutral greys do not go through the profile: a profile builds grey from all four inks,
which a shop's press cannot keep in register for thin lines and small text. They print on
the black plate alone, at the tint whose lightness (in the profile) matches theirs; greys
darker than solid black can print (the art's near-black ink among them) are K 100 %.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import cast

from PIL import Image, ImageCms

from ...errors import IccProfileError, TemplateError
from ...io.prescan import read_bounded
from ...io.reader import display_path
from ...io.resources import data_dir

#: The bundled CMYK profile and the printing condition its data describes (icc/README.md).
DEFAULT_PROFILE = "opencards-coated-fogra39l.icc"
DEFAULT_CONDITION = ("FOGRA39", "Offset printing on coated paper (ISO 12647-2:2004/Amd 1), "
                     "characterisation data FOGRA39L")
#: The ICC's registry of printing conditions, where the identifier FOGRA39 is defined.
ICC_REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class IccProfile:
    """A CMYK output profile: its bytes (embedded as the PDF's OutputIntent), its own
    description, and the printing condition it stands for."""

    data: bytes = field(repr=False)
    description: str
    identifier: str
    condition: str
    registry: str = ""


def default_profile() -> IccProfile:
    """The bundled profile: FOGRA39 coated offset, made from freely licensed data."""
    path = data_dir("icc") / DEFAULT_PROFILE
    profile = load_profile(path)
    identifier, condition = DEFAULT_CONDITION
    return IccProfile(profile.data, profile.description, identifier, condition, ICC_REGISTRY)


#: The largest ICC profile read, in bytes: press profiles with fine tables are a few MB.
MAX_ICC_BYTES = 32_000_000


def load_profile(path: Path) -> IccProfile:
    """The CMYK output profile in *path* (``--icc FILE``). Its printing condition is
    "Custom", described by the profile's own description, as PDF/X asks of a profile that
    is not a registered condition.

    The profile is read as templates are (a bounded regular file, never a FIFO or device)
    and tried here, once: the transforms the shop files need are built from it, so that a
    truncated or inconsistent profile is refused in one line before anything is drawn.

    :raises: :exc:`IccProfileError` naming the file if it cannot be read, is not an ICC
        profile, is not ICC version 2 (PDF/X-1a), or is not a CMYK output (printer)
        profile littleCMS can convert into.
    """
    shown = display_path(path)
    try:
        data = read_bounded(path, shown, MAX_ICC_BYTES)
    except TemplateError as e:
        raise IccProfileError(f"{e} (an ICC profile)") from None
    except OSError as e:
        raise IccProfileError(f"{shown}: cannot read the ICC profile "
                              f"({e.strerror or type(e).__name__})") from None
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ValueError, ImageCms.PyCMSError):
        raise IccProfileError(f"{shown}: expected an ICC colour profile (.icc/.icm), "
                              "got a file littleCMS cannot read") from None
    try:
        # littleCMS decodes the header's fields and tags when asked: a damaged one
        # raises here (a description naming a character beyond Unicode, say).
        space = profile.profile.xcolor_space.strip()
        device_class = profile.profile.device_class
        description = (profile.profile.profile_description or path.stem).strip()
    except (OSError, ValueError, ImageCms.PyCMSError):
        raise IccProfileError(f"{shown}: expected an ICC colour profile (.icc/.icm), "
                              "got one whose header or description cannot be read") from None
    if space != "CMYK" or device_class != "prtr":
        raise IccProfileError(f"{shown}: expected a CMYK output (printer) profile, got a "
                              f"{space} {_CLASSES.get(device_class, 'other')} profile")
    version = icc_version(data)
    if version != 2:
        # PDF/X-1a:2003 is PDF 1.4, whose output intents take ICC v2 profiles only
        # (v4 came with PDF 1.5); a v4 profile in a file claiming X-1a fails a preflight.
        raise IccProfileError(f"{shown}: an ICC version {version}.{data[9] >> 4} profile; "
                              "PDF/X-1a needs an ICC v2 profile (most profile makers "
                              "and shops offer a v2 version)")
    loaded = IccProfile(data, description, "Custom", description)
    try:
        ProfiledInks(loaded)
    except (OSError, ValueError, ImageCms.PyCMSError) as e:
        raise IccProfileError(f"{shown}: expected a complete CMYK output profile, got one "
                              f"littleCMS cannot convert colours with ({e})") from None
    return loaded


def icc_version(profile: bytes) -> int:
    """The major version in an ICC profile's header (byte 8); 0 for a file too short to
    be a profile."""
    return profile[8] if len(profile) >= 128 else 0


_CLASSES = {"mntr": "display", "scnr": "input", "prtr": "output", "spac": "colour space",
            "abst": "abstract", "link": "device link", "nmcl": "named colour"}


def _hex_rgb(hex_colour: str) -> tuple[int, int, int]:
    return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16))


#: Lines thinner than this (mm) print on one plate in shop files: a prepress check asks
#: for it, since four plates a little out of register blur a thin line into a coloured
#: fringe (issue 43).
THIN_LINE = 0.5


def srgb_lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB ``#rrggbb`` colour."""
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in _hex_rgb(hex_colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def srgb_lightness(value: int) -> float:
    """CIE L* of the sRGB grey (value, value, value), 0-255."""
    v = value / 255
    y = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    f = y ** (1 / 3) if y > (6 / 29) ** 3 else y / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f - 16


class ProfiledInks:
    """``#rrggbb`` -> (c, m, y, k) fractions through *profile*, relative colorimetric with
    black point compensation (the paper's white stays unprinted; the art's colours keep
    their hue where the press can print them). Results are cached: the art uses a few
    dozen colours."""

    def __init__(self, profile: IccProfile) -> None:
        self.profile = profile
        cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile.data))
        self._to_cmyk = ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), cmyk, "RGB", "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        self._black_lightness = self._k_ramp(cmyk)
        self._cache: dict[str, tuple[float, float, float, float]] = {}

    @staticmethod
    def _k_ramp(cmyk: ImageCms.ImageCmsProfile) -> list[float]:
        """L* of K 0 % ... K 100 % alone in 256 steps, relative to the paper."""
        to_lab = ImageCms.buildTransform(cmyk, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                         renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
        ramp = Image.new("CMYK", (256, 1))
        ramp.putdata([(0, 0, 0, k) for k in range(256)])
        # applyTransform returns None only when asked to work in place.
        lab = cast(Image.Image, ImageCms.applyTransform(ramp, to_lab))
        return [lab.getpixel((k, 0))[0] * 100 / 255 for k in range(256)]  # type: ignore[index]

    def __call__(self, hex_colour: str) -> tuple[float, float, float, float]:
        if hex_colour not in self._cache:
            self._cache[hex_colour] = self._convert(hex_colour)
        return self._cache[hex_colour]

    def _convert(self, hex_colour: str) -> tuple[float, float, float, float]:
        r, g, b = _hex_rgb(hex_colour)
        if r == g == b:
            return (0.0, 0.0, 0.0, self.black_tint(r))
        image = cast(Image.Image, ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)),
                                                          self._to_cmyk))
        pixel: tuple[int, int, int, int] = image.getpixel((0, 0))  # type: ignore[assignment]
        c, m, y, k = (round(v / 255, 4) for v in pixel)
        return (c, m, y, k)

    def one_plate(self, hex_colour: str) -> tuple[float, float, float, float]:
        """The inks of a line thinner than :data:`THIN_LINE`: the black plate alone, at
        the tint as light as the colour, which no misregistration can split into coloured
        fringes. A colour on one plate already keeps it. Our reading of the prepress rule
        "K only (or one plate)": a saturated line's strongest plate alone changes its hue
        more (the traditional courts' red outlines printed hot pink in magenta), and a
        spot ink is not what a four-colour shop prints."""
        inks = self(hex_colour)
        if sum(1 for v in inks if v > 0) <= 1:
            return inks
        return (0.0, 0.0, 0.0, self.tint_of_lightness(srgb_lab(hex_colour)[0]))

    def black_tint(self, value: int) -> float:
        """The K tint (0-1) as light as the sRGB grey *value*; 1 for anything darker than
        solid black prints."""
        return self.tint_of_lightness(srgb_lightness(value))

    def tint_of_lightness(self, target: float) -> float:
        """The K tint (0-1) whose L* (relative to the paper) is *target*."""
        ramp = self._black_lightness
        if target >= ramp[0]:
            return 0.0
        if target <= ramp[-1]:
            return 1.0
        for k in range(1, 256):
            if ramp[k] <= target:
                # Between two steps of the ramp: interpolate for a smooth tint.
                lighter, darker = ramp[k - 1], ramp[k]
                part = (lighter - target) / (lighter - darker) if lighter > darker else 1.0
                return round((k - 1 + part) / 255, 4)
        return 1.0  # pragma: no cover - the ramp ends at or below target


@lru_cache(maxsize=1)
def srgb_profile_bytes() -> bytes:
    """littleCMS's built-in sRGB profile, to embed in shop PNGs, with the creation date
    in its header set to a fixed day: littleCMS stamps the current time, and the same
    input must give the same bytes."""
    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    # ICC header bytes 24-35: year, month, day, hours, minutes, seconds (big-endian u16).
    data[24:36] = bytes([0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
    # Bytes 84-99 hold an MD5 profile ID when one is set; it covers the date, so clear it
    # (an ID of zeros means "not computed").
    data[84:100] = bytes(16)
    return bytes(data)
