"""Calibration: the duplex test sheet, and the options read off a printed one."""
from __future__ import annotations

from pathlib import Path

from ..sheets.calibration import read_command
from ..sheets.kit import calibration_file
from ..sheets.readings import calibration_advice
from ..sheets.spec import SheetSpec
from .files import Built, write_files


def calibrate(out_dir: Path, spec: SheetSpec = SheetSpec()) -> Built:
    """Writes ``calibration-PAPER-FLIP.pdf``: one duplex sheet with vernier scales at
    five places, for *spec*'s paper, flip and present back correction."""
    (built,) = write_files(out_dir, [calibration_file(spec)])
    return built


def read_calibration(spec: SheetSpec, readings: str) -> list[str]:
    """The lines that tell the printer's correction from *readings* (``"TL=X,Y TR=X,Y
    BL=X,Y BR=X,Y [C=X,Y]"``, read off a sheet printed with *spec*), ending with the
    options to use."""
    return list(calibration_advice(spec, readings))


def next_step(spec: SheetSpec) -> str:
    """The command that reads a calibration sheet printed with *spec*."""
    return read_command(spec)
