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

import contextlib
import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from .faults import StoreUnavailable

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
CREATE TABLE IF NOT EXISTS answers (
    n INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL,
    token TEXT NOT NULL,
    rid INTEGER NOT NULL,
    answer TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS answers_seat ON answers (table_id, token);
CREATE TABLE IF NOT EXISTS standings (
    table_id TEXT PRIMARY KEY,
    data TEXT NOT NULL
);
"""

COLUMNS = (
    ("tables", "seq", "INTEGER NOT NULL DEFAULT 0"),
    ("actions", "seq", "INTEGER"),
    ("actions", "by", "TEXT"),
)
"""Columns added after the first schema: (table, column, type), added on open if an
older database lacks them (``seq``: the table's event number after the action, so it
continues across a restart; ``by``: ``stand_in`` for a move a bot made for a person,
``timeout`` for one the server made when the seat's turn timer ran out)."""

LOCKED_WAIT = 2.0
"""Seconds a write waits for a database another program has locked before it counts as
a storage fault (the table's lock is held meanwhile, so not long)."""

ANSWERS_KEPT = 64
"""Answers kept per seat (PROTOCOL.md promises at least the last 64 request ids)."""


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
    seqs: list[int | None] = field(default_factory=list)
    """The table's event seq after each action (None: stored before seqs were)."""
    by: list[str | None] = field(default_factory=list)
    """Who made each action: None for the seat itself, ``stand_in`` for a bot for it,
    ``timeout`` for the server when the seat's turn timer ran out."""


@dataclass
class SavedTable:
    """One table as stored, with its current game (if any)."""

    id: str
    options: dict[str, Any]
    state: str
    seats: list[dict[str, Any] | None]
    host: int | None
    game: SavedGame | None
    seq: int = 0
    """The table's last event seq when its row was last written."""
    answers: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    """Per seat token, the remembered answers (request id, message map), oldest first."""
    standings: dict[str, Any] | None = None
    """The table's standings tally (server/standings.py), None before any game ended."""


class Store:
    """The server's database; see the module docstring."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=LOCKED_WAIT
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        for table, column, kind in COLUMNS:
            have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- writes

    def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        return self._transaction([(sql, args)])

    def _transaction(self, statements: list[tuple[str, tuple[Any, ...]]]) -> int:
        """Run ``statements`` as one transaction: all are stored, or none is.

        Any failure of the disk or the database (full, gone, read-only, locked) is
        raised as ``StoreUnavailable``; the transaction is rolled back."""
        with self._lock:
            try:
                if not self.path.exists():  # SQLite would go on writing to a deleted file
                    raise StoreUnavailable(f"the database {self.path} is gone")
                if len(statements) == 1:
                    sql, args = statements[0]
                    return int(self._execute(sql, args).lastrowid or 0)
                self._execute("BEGIN IMMEDIATE", ())
                try:
                    first = 0
                    for sql, args in statements:
                        rowid = int(self._execute(sql, args).lastrowid or 0)
                        first = first or rowid
                    self._execute("COMMIT", ())
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                    raise
                return first
            except (sqlite3.Error, OSError) as exc:
                raise StoreUnavailable(str(exc)) from exc

    def _execute(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        """One statement (tests make it fail on demand, as a full disk would)."""
        return self._db.execute(sql, args)

    async def _run(self, sql: str, *args: Any) -> int:
        return await trio.to_thread.run_sync(self._write, sql, args)

    async def probe(self) -> None:
        """Prove the database takes writes again (raises ``StoreUnavailable`` if not)."""
        await trio.to_thread.run_sync(
            self._transaction,
            [("CREATE TABLE IF NOT EXISTS probe (n INTEGER)", ()), ("DELETE FROM probe", ()),
             ("INSERT INTO probe (n) VALUES (1)", ())],
        )

    @staticmethod
    def _table_row(
        table_id: str,
        options: dict[str, Any],
        state: str,
        seats: list[dict[str, Any] | None],
        host: int | None,
        game: int | None,
        seq: int,
        *,
        new_game: bool = False,
    ) -> tuple[str, tuple[Any, ...]]:
        """The statement that writes a table's row (``new_game``: its game is the one
        just inserted in the same transaction)."""
        return (
            "INSERT INTO tables (id, options, state, seats, host, game, seq) "
            f"VALUES (?,?,?,?,?,{'last_insert_rowid()' if new_game else '?'},?) "
            "ON CONFLICT(id) DO UPDATE SET options=excluded.options, state=excluded.state, "
            "seats=excluded.seats, host=excluded.host, game=excluded.game, seq=excluded.seq",
            (table_id, json.dumps(options), state, json.dumps(seats), host,
             *(() if new_game else (game,)), seq),
        )

    async def save_table(
        self,
        table_id: str,
        options: dict[str, Any],
        state: str,
        seats: list[dict[str, Any] | None],
        host: int | None,
        game: int | None,
        seq: int = 0,
    ) -> None:
        await trio.to_thread.run_sync(
            self._transaction,
            [self._table_row(table_id, options, state, seats, host, game, seq)],
        )

    async def drop_table(self, table_id: str) -> None:
        await trio.to_thread.run_sync(
            self._transaction,
            [("DELETE FROM tables WHERE id = ?", (table_id,)),
             ("DELETE FROM answers WHERE table_id = ?", (table_id,)),
             ("DELETE FROM standings WHERE table_id = ?", (table_id,))],
        )

    @staticmethod
    def _answer_row(
        table_id: str, answer: tuple[str, int, dict[str, Any]]
    ) -> tuple[str, tuple[Any, ...]]:
        token, rid, message = answer
        return (
            "INSERT INTO answers (table_id, token, rid, answer) VALUES (?,?,?,?)",
            (table_id, token, rid, json.dumps(message)),
        )

    async def remember_answer(
        self, table_id: str, token: str, rid: int, message: dict[str, Any]
    ) -> None:
        """Keep the answer to a seat's request id, so a resend after a restart gets it."""
        await trio.to_thread.run_sync(
            self._transaction, [self._answer_row(table_id, (token, rid, message))]
        )

    async def new_game(
        self,
        table_id: str,
        players: int,
        seed: int,
        first: int | None,
        options: dict[str, Any],
        names: list[str],
        *,
        table: tuple[str, list[dict[str, Any] | None], int | None, int] | None = None,
    ) -> int:
        """Insert a game; its number. With ``table`` (state, seats, host, seq), the
        table's row is written in the same transaction, naming the new game: a deal is
        stored whole (seats packed, state, game) or not at all."""
        statements: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO games (table_id, players, seed, first, options, names) "
            "VALUES (?,?,?,?,?,?)",
            (table_id, players, seed, first, json.dumps(options), json.dumps(names)),
        )]
        if table is not None:
            state, seats, host, seq = table
            statements.append(
                self._table_row(table_id, options, state, seats, host, None, seq, new_game=True)
            )
        return await trio.to_thread.run_sync(self._transaction, statements)

    async def append_action(
        self,
        game: int,
        n: int,
        action: dict[str, Any],
        *,
        seq: int | None = None,
        by: str | None = None,
        answer: tuple[str, str, int, dict[str, Any]] | None = None,
        winner: tuple[int | None] | None = None,
        standings: tuple[str, dict[str, Any]] | None = None,
    ) -> None:
        """Write one accepted action; returns once it is committed.

        In the same transaction: the table's event ``seq`` after it, who made it
        (``by``), the ``answer`` (table, seat token, request id, ack map) its request
        earned, and, for the action that ends the game, ``winner`` (a 1-tuple) and the
        table's ``standings`` (table id, tally) with that game counted. So an action is
        never stored without its answer, nor an answer without its action, and a game
        is counted in the standings exactly once."""
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO actions (game, n, action, seq, by) VALUES (?,?,?,?,?)",
             (game, n, json.dumps(action), seq, by)),
        ]
        if answer is not None:
            table_id, token, rid, message = answer
            statements.append(self._answer_row(table_id, (token, rid, message)))
        if winner is not None:
            statements.append(
                ("UPDATE games SET finished = 1, winner = ? WHERE id = ?", (winner[0], game))
            )
        if standings is not None:
            statements.append(self._standings_row(*standings))
        await trio.to_thread.run_sync(self._transaction, statements)

    @staticmethod
    def _standings_row(table_id: str, tally: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
        return (
            "INSERT INTO standings (table_id, data) VALUES (?,?) "
            "ON CONFLICT(table_id) DO UPDATE SET data=excluded.data",
            (table_id, json.dumps(tally)),
        )

    async def finish_game(self, game: int, winner: int | None) -> None:
        await self._run("UPDATE games SET finished = 1, winner = ? WHERE id = ?", winner, game)

    # ---------------------------------------------------------------- reads

    def _game(self, row: tuple[Any, ...]) -> SavedGame:
        gid, table_id, players, seed, first, options, names, winner, finished = row
        rows = self._db.execute(
            "SELECT action, seq, by FROM actions WHERE game = ? ORDER BY n", (gid,)
        ).fetchall()
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
            [json.loads(a) for a, _s, _b in rows],
            [s for _a, s, _b in rows],
            [b for _a, _s, b in rows],
        )

    def _answers(
        self, table_id: str, tokens: set[str]
    ) -> dict[str, list[tuple[int, dict[str, Any]]]]:
        """A table's remembered answers per token (the newest ANSWERS_KEPT each); older
        ones, and those of tokens no seat holds any more, are deleted on the way."""
        out: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        rows = self._db.execute(
            "SELECT n, token, rid, answer FROM answers WHERE table_id = ? ORDER BY n",
            (table_id,),
        ).fetchall()
        old: list[int] = []
        counts: dict[str, int] = {}
        for _n, token, _rid, _a in rows:
            counts[token] = counts.get(token, 0) + 1
        for n, token, rid, answer in rows:
            if token not in tokens:
                old.append(n)
                continue
            if counts[token] > ANSWERS_KEPT:
                counts[token] -= 1
                old.append(n)
                continue
            out.setdefault(token, []).append((int(rid), json.loads(answer)))
        if old:
            with contextlib.suppress(sqlite3.Error):
                self._db.executemany("DELETE FROM answers WHERE n = ?", [(n,) for n in old])
        return out

    def load_tables(self) -> list[SavedTable]:
        """Every stored table with its current game (run at start-up, before serving)."""
        out: list[SavedTable] = []
        with self._lock:
            rows = self._db.execute(
                "SELECT id, options, state, seats, host, game, seq FROM tables"
            ).fetchall()
            for tid, options, state, seats, host, game, seq in rows:
                saved_game = None
                if game is not None:
                    grow = self._db.execute(
                        "SELECT id, table_id, players, seed, first, options, names, winner, "
                        "finished FROM games WHERE id = ?",
                        (game,),
                    ).fetchone()
                    if grow is not None:
                        saved_game = self._game(grow)
                tally = self._db.execute(
                    "SELECT data FROM standings WHERE table_id = ?", (tid,)
                ).fetchone()
                out.append(
                    SavedTable(
                        tid, json.loads(options), state, json.loads(seats), host, saved_game,
                        int(seq or 0), self._answers(tid, _tokens(json.loads(seats))),
                        json.loads(tally[0]) if tally is not None else None,
                    )
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


def _tokens(seats: list[dict[str, Any] | None]) -> set[str]:
    """The tokens a table's stored seats hold (a person's, or one a bot may hand back)."""
    out: set[str] = set()
    for seat in seats:
        if seat is not None:
            out.update(str(t) for t in (seat.get("token"), seat.get("former")) if t)
    return out
