"""opencards from Python: ``import opencards``, then
``opencards.Position.from_layout("game1-demo")``.

The public face of the package ``generator``, under the product's name. It holds no logic,
only names handed on from the parts that own them, each loaded when first asked for (as
``generator``'s root does), so that ``import opencards`` loads no template reader and no
drawing library until one is used.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.app.kit import KitOptions as KitOptions
    from generator.app.kit import build_kit as build_kit
    from generator.app.position import Position as Position
    from generator.app.position import figure as figure
    from generator.errors import GeneratorError as GeneratorError
    from generator.errors import IllegalMoveError as IllegalMoveError
    from generator.errors import ReasonCode as ReasonCode
    from generator.io.templates import Library as Library
    from generator.rules import Move as Move
    from generator.rules import Outcome as Outcome
    from generator.rules import Termination as Termination

#: Each name handed on, and the module it lives in.
_EXPORTS: dict[str, str] = {
    "Position": "generator.app.position", "figure": "generator.app.position",
    "build_kit": "generator.app.kit", "KitOptions": "generator.app.kit",
    "IllegalMoveError": "generator.errors", "ReasonCode": "generator.errors",
    "GeneratorError": "generator.errors",
    "Library": "generator.io.templates", "Move": "generator.rules",
    "Outcome": "generator.rules", "Termination": "generator.rules",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """A public name from its module, loaded when first asked for; ``__version__`` as
    ``generator`` reads it (from the installed package's metadata)."""
    module = _EXPORTS.get(name)
    if module is not None:
        value = getattr(import_module(module), name)
        globals()[name] = value   # asked once: the next look-up finds it directly
        return value
    if name == "__version__":
        return getattr(import_module("generator"), "__version__")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS, "__version__"})
