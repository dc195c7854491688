"""Durable tables: SQLite under the data directory (stdlib sqlite3).

What is kept is what it takes to rebuild a table by replay: its options and seats
(names, tokens, bots, host), and for each game its seed, first seat and every accepted
action in order. A game is (options, seed, actions), so replaying them gives back the
exact position. Finished games stay as replays.

Every call that touches the database runs in a worker thread (``trio.to_thread``), so
the event loop never waits on the disk; one connection, guarded by a lock, keeps
writes in order. WAL journaling means a committed action survives the server process
being killed (``kill -9``).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    options TEXT NOT NULL,
    state TEXT NOT NULL,
    seats TEXT NOT NULL,
    host INTEGER,
    game INTEGER
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    first INTEGER,
    options TEXT NOT NULL,
    names TEXT NOT NULL,
    winner INTEGER,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
"""


@dataclass
class SavedGame:
    """One game as stored: enough to replay it."""

    id: int
    table_id: str
    players: int
    seed: int
    first: int | None
    options: dict[str, Any]
    names: list[str]
    winner: int | None
    finished: bool
    actions: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class SavedTable:
    """One table as stored, with its current game (if any)."""

    id: str
    options: dict[str, Any]
    state: str
    seats: list[dict[str, Any] | None]
    host: int | None
    game: SavedGame | None


class Store:
    """The server's database; see the module docstring."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ---------------------------------------------------------------- writes

    def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        with self._lock:
            cur = self._db.execute(sql, args)
            return int(cur.lastrowid or 0)

    async def _run(self, sql: str, *args: Any) -> int:
        return await trio.to_thread.run_sync(self._write, sql, args)

    async def save_table(
        self,
        table_id: str,
        options: dict[str, Any],
        state: str,
        seats: list[dict[str, Any] | None],
        host: int | None,
        game: int | None,
    ) -> None:
        await self._run(
            "INSERT INTO tables (id, options, state, seats, host, game) VALUES (?,?,?,?,?,?) "
            "ON CONFLICT(id) DO UPDATE SET options=excluded.options, state=excluded.state, "
            "seats=excluded.seats, host=excluded.host, game=excluded.game",
            table_id,
            json.dumps(options),
            state,
            json.dumps(seats),
            host,
            game,
        )

    async def drop_table(self, table_id: str) -> None:
        await self._run("DELETE FROM tables WHERE id = ?", table_id)

    async def new_game(
        self,
        table_id: str,
        players: int,
        seed: int,
        first: int | None,
        options: dict[str, Any],
        names: list[str],
    ) -> int:
        return await self._run(
            "INSERT INTO games (table_id, players, seed, first, options, names) "
            "VALUES (?,?,?,?,?,?)",
            table_id,
            players,
            seed,
            first,
            json.dumps(options),
            json.dumps(names),
        )

    async def append_action(self, game: int, n: int, action: dict[str, Any]) -> None:
        """Write one accepted action; returns once it is committed."""
        await self._run(
            "INSERT INTO actions (game, n, action) VALUES (?,?,?)", game, n, json.dumps(action)
        )

    async def finish_game(self, game: int, winner: int | None) -> None:
        await self._run("UPDATE games SET finished = 1, winner = ? WHERE id = ?", winner, game)

    # ---------------------------------------------------------------- reads

    def _game(self, row: tuple[Any, ...]) -> SavedGame:
        gid, table_id, players, seed, first, options, names, winner, finished = row
        actions = [
            json.loads(a)
            for (a,) in self._db.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY n", (gid,)
            )
        ]
        return SavedGame(
            gid,
            table_id,
            players,
            seed,
            first,
            json.loads(options),
            json.loads(names),
            winner,
            bool(finished),
            actions,
        )

    def load_tables(self) -> list[SavedTable]:
        """Every stored table with its current game (run at start-up, before serving)."""
        out: list[SavedTable] = []
        with self._lock:
            rows = self._db.execute(
                "SELECT id, options, state, seats, host, game FROM tables"
            ).fetchall()
            for tid, options, state, seats, host, game in rows:
                saved_game = None
                if game is not None:
                    grow = self._db.execute(
                        "SELECT id, table_id, players, seed, first, options, names, winner, "
                        "finished FROM games WHERE id = ?",
                        (game,),
                    ).fetchone()
                    if grow is not None:
                        saved_game = self._game(grow)
                out.append(
                    SavedTable(tid, json.loads(options), state, json.loads(seats), host, saved_game)
                )
        return out

    def load_game(self, game: int) -> SavedGame | None:
        """One stored game (a replay), finished or not."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, table_id, players, seed, first, options, names, winner, finished "
                "FROM games WHERE id = ?",
                (game,),
            ).fetchone()
            return None if row is None else self._game(row)

    def latest_game(self, table_id: str) -> SavedGame | None:
        """The latest finished game of a table."""
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM games WHERE table_id = ? AND finished = 1 ORDER BY id DESC "
                "LIMIT 1",
                (table_id,),
            ).fetchone()
        return None if row is None else self.load_game(int(row[0]))

    def list_games(self, limit: int = 50) -> list[tuple[int, str, list[str], int | None]]:
        """Recent finished games: (id, table, names, winner)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, table_id, names, winner FROM games WHERE finished = 1 "
                "ORDER BY id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [(gid, tid, json.loads(names), winner) for gid, tid, names, winner in rows]
