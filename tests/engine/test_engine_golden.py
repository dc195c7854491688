"""The engine plays every recorded game exactly as it did when it was recorded.

tests/golden/engine_games.json holds one fingerprint per game (tests/engine/engine_golden.py:
legal lists, actions, events, refusals and their reasons at every step, and the final
position). Any change to what the engine does -- an optimisation must change none --
shows as the configuration and seeds whose games came out different.
"""

from __future__ import annotations

import json

import pytest

from .engine_golden import CONFIGS, GOLDEN, fingerprints


@pytest.mark.parametrize("name", list(CONFIGS))
def test_seeded_games_play_out_as_recorded(name: str) -> None:
    recorded = json.loads(GOLDEN.read_text())[name]
    got = fingerprints(name)
    changed = [seed for seed, (a, b) in enumerate(zip(recorded, got, strict=True)) if a != b]
    assert not changed, f"{name}: seeds {changed[:10]} play differently ({len(changed)} games)"
