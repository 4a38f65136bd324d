"""The jobs a user runs, as functions over typed option objects that return what they
made: the CLI parses and prints around them, and the web app calls the same ones. Each
writes all of its files or none (:func:`generator.io.output.staged`).

The layers below keep the pure work: ``sheets`` the imposition, ``docs`` the figures and
booklets, both handing up files encoded but not written
(:class:`~generator.sheets.files.OutFile`).

Each name is imported from its job's module when first used: a command loads its own
job only, not the booklet's typesetter and the figure code with it (a third of the kit
build's start-up did, see docs/performance.md).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .booklet import BookletMade, BookletOptions, make_booklet, set_booklet
    from .calibration import calibrate, next_step, read_calibration
    from .export import ExportOptions, export_cards
    from .figure import (FigureFormat, FigureMade, FigureOptions, Rendered, draw_figure,
                         make_figure, render_figure, write_figure)
    from .files import Built, Progress, write_files
    from .images import RenderOptions, gallery, preview, render
    from .kit import (DEFAULT_BOOKLETS, KitOptions, build_kit, default_items,
                      split_booklets)
    from .shop import ShopMade, ShopOptions, make_shop_files, shop_size_name

#: Each public name and the job module it comes from.
_MODULES = {
    "booklet": ("BookletMade", "BookletOptions", "make_booklet", "set_booklet"),
    "calibration": ("calibrate", "next_step", "read_calibration"),
    "export": ("ExportOptions", "export_cards"),
    "figure": ("FigureFormat", "FigureMade", "FigureOptions", "Rendered", "draw_figure",
               "make_figure", "render_figure", "write_figure"),
    "files": ("Built", "Progress", "write_files"),
    "images": ("RenderOptions", "gallery", "preview", "render"),
    "kit": ("DEFAULT_BOOKLETS", "KitOptions", "build_kit", "default_items",
            "split_booklets"),
    "shop": ("ShopMade", "ShopOptions", "make_shop_files", "shop_size_name"),
}
_HOME = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "BookletMade", "BookletOptions", "Built", "DEFAULT_BOOKLETS", "ExportOptions",
    "FigureFormat", "FigureMade", "FigureOptions", "Rendered", "render_figure",
    "write_figure", "KitOptions", "Progress", "RenderOptions", "ShopMade",
    "ShopOptions", "build_kit", "calibrate", "default_items", "draw_figure", "export_cards",
    "gallery", "make_booklet", "make_figure", "make_shop_files", "next_step", "preview",
    "read_calibration", "render", "set_booklet", "shop_size_name", "split_booklets",
    "write_files",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value   # asked for once
    return value
