"""The languages the rule booklet is written in, apart from the booklet's reader: the
``build`` command offers them without loading the booklet's templates."""
from __future__ import annotations

LANGUAGES = ("en", "ru")
