"""The lobby: every table of the server, and who is watching the list.

The lobby creates tables (each runs as its own task in the lobby's nursery), finds the
table a seat token belongs to, closes tables nobody is at any more, pushes every change
of a table to the connections that asked for the table list, and on start-up rebuilds
the tables a store kept.
"""

from __future__ import annotations

import itertools
import logging
import random
from typing import Any

import trio

from protocol.errors import ProtocolError
from protocol.messages import Message, TableOptions, TableRemoved, TableUpdate

from .faults import StoreUnavailable
from .seats import Member
from .store import Store
from .table import RETURN_TIME, Table
from .text import TABLE_NAME_MAX, BadText, clean_name
from .thinking import Thinkers

log = logging.getLogger("taki.server")


class Lobby:
    """All tables; see the module docstring."""

    def __init__(
        self,
        nursery: trio.Nursery,
        *,
        max_tables: int = 200,
        bot_delay: float = 0.8,
        stand_in_delay: float = 3.0,
        seed: int | None = None,
        store: Store | None = None,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.nursery = nursery
        self.tables: dict[str, Table] = {}
        self.watchers: set[Member] = set()
        self.max_tables = max_tables
        self.bot_delay = bot_delay
        self.stand_in_delay = stand_in_delay
        self.store = store
        self.thinkers = thinkers
        self._ids = itertools.count(1)
        self._seeds = random.Random(seed)

    def _table_kwargs(self) -> dict[str, Any]:
        return {
            "bot_delay": self.bot_delay,
            "stand_in_delay": self.stand_in_delay,
            "seed_source": random.Random(self._seeds.randrange(2**63)),
            "store": self.store,
            "on_change": self._table_changed,
            "thinkers": self.thinkers,
        }

    def restore(self, return_time: float = RETURN_TIME) -> int:
        """Rebuild every stored table (once listening, before serving); returns how
        many. Their people get ``return_time`` to come back before anything is played
        for them (``Table.restore``)."""
        if self.store is None:
            return 0
        highest = 0
        for saved in self.store.load_tables():
            try:
                table = Table.restore(saved, return_time, **self._table_kwargs())
            except Exception:
                log.exception("table %s could not be restored", saved.id)
                continue
            self.tables[table.id] = table
            self.nursery.start_soon(table.run, name=f"table {table.id}")
            if saved.id[1:].isdigit():
                highest = max(highest, int(saved.id[1:]))
        self._ids = itertools.count(highest + 1)
        if self.tables:
            log.info("restored %d tables", len(self.tables))
        return len(self.tables)

    def create(self, options: TableOptions) -> Table:
        """A new table with ``options`` (its name cleaned), running in the nursery."""
        if len(self.tables) >= self.max_tables:
            limit = self.max_tables
            raise ProtocolError("table_limit", f"this server holds at most {limit} tables")
        try:
            name = clean_name(options.name, "options.name", TABLE_NAME_MAX)
        except BadText as exc:
            raise ProtocolError("bad_message", str(exc)) from None
        if name != options.name:
            options = TableOptions.from_dict(options.to_dict() | {"name": name})
        table_id = f"t{next(self._ids)}"
        table = Table(table_id, options, **self._table_kwargs())
        self.tables[table_id] = table
        self.nursery.start_soon(table.run, name=f"table {table_id}")
        log.info("table %s created: %r, %d seats", table_id, name, options.seats)
        return table

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("no_such_table", f"there is no table {table_id!r}")
        return table

    def find_token(self, token: str) -> tuple[Table, int] | None:
        """The table and seat a seat token holds, if any."""
        for table in self.tables.values():
            seat = table.seat_of_token(token)
            if seat is not None:
                return table, seat
        return None

    def find_former(self, token: str) -> list[Table]:
        """The tables where a bot keeps a seat that ``token`` held (its person may
        watch there until the host hands it back)."""
        return [t for t in self.tables.values() if t.seat_of_former(token) is not None]

    def infos(self) -> list[Message]:
        return [TableUpdate(t.info()) for t in self.tables.values()]

    def watch(self, member: Member) -> None:
        self.watchers.add(member)

    def unwatch(self, member: Member) -> None:
        self.watchers.discard(member)

    async def left(self, table: Table) -> None:
        """Someone left ``table``: close it if nobody but bots is left."""
        if table.empty and self.tables.get(table.id) is table:
            del self.tables[table.id]
            table.close()
            log.info("table %s closed", table.id)
            removed = TableRemoved(table.id)
            for member in list(self.watchers):
                member.send(removed)
            if self.store is not None:
                try:
                    with trio.CancelScope(shield=True):
                        await self.store.drop_table(table.id)
                except StoreUnavailable as exc:  # it comes back on restart: no harm
                    log.warning("table %s closed but not removed from the store: %s",
                                table.id, exc)

    def _table_changed(self, table: Table) -> None:
        if table.id not in self.tables:
            return
        if table.empty:  # e.g. the last person's grace ran out: only bots are left
            self.nursery.start_soon(self.left, table)
            return
        update = TableUpdate(table.info())
        for member in list(self.watchers):
            member.send(update)

    def shutdown(self, message: Message) -> None:
        """Tell everyone the server is going away."""
        told: set[int] = set()
        for member in list(self.watchers):
            told.add(id(member))
            member.send(message)
        for table in self.tables.values():
            for member in table.everyone():
                if id(member) not in told:
                    told.add(id(member))
                    member.send(message)
            table.close()
