from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.io.templates import Library


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true",
                     help="also run the tests marked slow (whole grids the default run "
                          "samples)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a whole grid; run with --slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="session")
def library() -> Library:
    return Library()
