"""Hints end to end through the real commands: ``taki-client`` in a real terminal (tmux)
starts Play now (its own ``taki-server``), and on the player's move H shows the hint
line, from the server's strong bot, typed as a person would."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..support.terminals import Terminals, play_now

pytestmark = [
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the server"),
]


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[Terminals]:
    with Terminals(tmp_path) as term:
        yield term


def test_h_shows_a_hint_at_a_play_now_table_in_tmux(
    terminals: Terminals, tmp_path: Path
) -> None:
    play_now(terminals, tmp_path, "learner")
    assert "hints" in terminals.screen("learner")  # the title: this table gives hints
    terminals.press("learner", "H")
    terminals.wait_for_text("learner", "Hint: ", timeout=30)
