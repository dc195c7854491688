"""The store keeps each seat's answers with its actions, and only what is worth keeping."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.store import ANSWERS_KEPT, Store


@pytest.mark.trio
async def test_answers_are_kept_per_seat_newest_first_and_dropped_with_the_token(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "taki.sqlite3")
    seats = [{"name": "A", "token": "ta", "bot": None},
             {"name": "B", "token": None, "bot": "basic", "former": "tb"}]
    await store.save_table("t1", {"name": "T", "seats": 3}, "playing", [*seats, None], 0, None)
    for rid in range(1, ANSWERS_KEPT + 11):
        await store.remember_answer("t1", "ta", rid, {"type": "ack", "id": rid, "ok": True})
    await store.remember_answer("t1", "tb", 5, {"type": "ack", "id": 5, "ok": True})
    await store.remember_answer("t1", "gone", 7, {"type": "ack", "id": 7, "ok": True})
    game = await store.new_game("t1", 2, 1, 0, {}, ["A", "B"])
    await store.append_action(game, 1, {"type": "draw", "seat": 0}, seq=3,
                              answer=("t1", "ta", 999, {"type": "ack", "id": 999, "ok": True}))
    store.close()

    again = Store(tmp_path / "taki.sqlite3")
    (table,) = again.load_tables()
    assert set(table.answers) == {"ta", "tb"}  # "gone" holds no seat: forgotten
    ids = [rid for rid, _ in table.answers["ta"]]
    # The newest ANSWERS_KEPT, oldest first; the last is the action's ack, stored with it.
    assert ids == [*range(12, ANSWERS_KEPT + 11), 999]
    saved = again.load_game(game)
    assert saved is not None and saved.seqs == [3] and saved.by == [None]
    again.close()
