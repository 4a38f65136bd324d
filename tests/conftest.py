from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.io.templates import Library


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="session")
def library() -> Library:
    return Library()
