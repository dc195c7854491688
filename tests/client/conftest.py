"""Fixtures of the client tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from client import i18n


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language a test runs in (parametrized ``indirect``); English again after."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")
