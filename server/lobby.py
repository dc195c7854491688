"""The lobby: every table of the server, and who is watching the list.

The lobby creates tables (each runs as its own task in the lobby's nursery), finds the
table a seat token belongs to, closes tables nobody is at any more, pushes every change
of a table to the connections that asked for the table list, and on start-up rebuilds
the tables a store kept.

The lobby never asks a table anything: each table posts its ``Notice`` (its info, the
tokens its seats hold, whether only bots are left: server/effects.py) to the lobby's
postbox (server/mailbox.py) when it changes, and the lobby answers from the notices it
filed, taking in those still in the box first (``_take_in``); a task of its own takes
them in otherwise, pushing each change to the list's watchers. So a table carrying out
its effects never runs lobby code, nor code that reads another table.
"""

from __future__ import annotations

import itertools
import logging
import random
from typing import Any

import trio

from protocol.errors import ProtocolError
from protocol.messages import Message, TableInfo, TableOptions, TableRemoved, TableUpdate

from .effects import Notice
from .faults import StoreUnavailable
from .mailbox import Postbox
from .seats import Member, holding
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
        self._notices: Postbox[Notice] = Postbox()
        """Where the tables post their notices."""
        self.notices: dict[str, Notice] = {}
        """Each table's last notice (what the lobby knows of it), by table id."""
        nursery.start_soon(self._take_in_forever, name="lobby notices")

    def _table_kwargs(self) -> dict[str, Any]:
        return {
            "bot_delay": self.bot_delay,
            "stand_in_delay": self.stand_in_delay,
            "seed_source": random.Random(self._seeds.randrange(2**63)),
            "store": self.store,
            "notices": self._notices,
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
        """The table and seat a seat token holds, if any (as the tables last said)."""
        self._take_in()
        for table_id, notice in self.notices.items():
            seat = holding(notice.tokens, token)
            if seat is not None:
                return self.tables[table_id], seat
        return None

    def find_former(self, token: str) -> list[Table]:
        """The tables where a bot keeps a seat that ``token`` held (its person may
        watch there until the host hands it back)."""
        self._take_in()
        return [self.tables[table_id] for table_id, notice in self.notices.items()
                if holding(notice.formers, token) is not None]

    def infos(self) -> list[TableInfo]:
        """Every table as its members were last told (in the order they were made)."""
        self._take_in()
        return [notice.info for notice in self.notices.values()]

    def watch(self, member: Member) -> None:
        self.watchers.add(member)

    def unwatch(self, member: Member) -> None:
        self.watchers.discard(member)

    async def left(self, table: Table) -> None:
        """Someone left ``table``: close it if nobody but bots is left."""
        self._take_in()
        notice = self.notices.get(table.id)
        if notice is not None and notice.empty and self.tables.get(table.id) is table:
            del self.tables[table.id]
            del self.notices[table.id]
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

    async def _take_in_forever(self) -> None:
        """Take in the tables' notices as they come (the lobby's own task)."""
        while True:
            await self._notices.wait()
            self._take_in()

    def _take_in(self) -> None:
        """Take in the notices waiting in the postbox (before answering from them)."""
        for notice in self._notices.take():
            self._file(notice)

    def _file(self, notice: Notice) -> None:
        """File a table's notice; tell the list's watchers of a change, or close a table
        only bots are left at (e.g. the last person's grace ran out)."""
        table = self.tables.get(notice.table)
        if table is None:
            return  # (closed meanwhile)
        self.notices[notice.table] = notice
        if notice.first:
            return
        if notice.empty:
            self.nursery.start_soon(self.left, table)
            return
        update = TableUpdate(notice.info)
        for member in list(self.watchers):
            member.send(update)

    def shutdown(self, message: Message) -> None:
        """Tell everyone the server is going away."""
        for member in list(self.watchers):
            member.send(message)
        for table in self.tables.values():
            table.close(farewell=message)  # (the table tells its own members)

