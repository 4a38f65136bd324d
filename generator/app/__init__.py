"""The jobs a user runs, as functions over typed option objects that return what they
made: the CLI parses and prints around them, and the web app calls the same ones. Each
writes all of its files or none (:func:`generator.io.output.staged`).

The layers below keep the pure work: ``sheets`` the imposition, ``docs`` the figures and
booklets, both handing up files encoded but not written
(:class:`~generator.sheets.files.OutFile`).
"""
from __future__ import annotations

from .booklet import BookletMade, BookletOptions, make_booklet
from .calibration import calibrate, next_step, read_calibration
from .export import ExportOptions, export_cards
from .figure import (FigureFormat, FigureMade, FigureOptions, Rendered, make_figure,
                     render_figure, write_figure)
from .files import Built, Progress, write_files
from .images import RenderOptions, gallery, preview, render
from .kit import (DEFAULT_BOOKLETS, KitOptions, build_kit, default_items, split_booklets)
from .shop import ShopMade, ShopOptions, make_shop_files, shop_size_name

__all__ = [
    "BookletMade", "BookletOptions", "Built", "DEFAULT_BOOKLETS", "ExportOptions",
    "FigureFormat", "FigureMade", "FigureOptions", "Rendered", "render_figure",
    "write_figure", "KitOptions", "Progress", "RenderOptions", "ShopMade",
    "ShopOptions", "build_kit", "calibrate", "default_items", "export_cards", "gallery",
    "make_booklet", "make_figure", "make_shop_files", "next_step", "preview",
    "read_calibration", "render", "shop_size_name", "split_booklets", "write_files",
]
