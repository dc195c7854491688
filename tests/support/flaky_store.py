"""A ``server.store.Store`` whose writes fail on demand, as a full disk's would: the
storage-fault tests put it in place of the real store (``server.app.Store``) to check
that a failed write is answered, pauses the table and is retried."""

from __future__ import annotations

import sqlite3
from typing import Any

from server.store import Store


class FlakyStore(Store):
    """A store whose writes for some tables fail on demand, as a full disk's would."""

    failing: set[Any] = set()
    """Table ids and game numbers whose writes fail; empty: every write works."""

    def _execute(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        if self.failing and self._hits(sql, args):
            raise sqlite3.OperationalError("database or disk is full")
        return super()._execute(sql, args)

    def _hits(self, sql: str, args: tuple[Any, ...]) -> bool:
        if "probe" in sql:
            return True
        if sql.startswith("INSERT INTO actions") or sql.startswith("UPDATE games"):
            return args[0] in self.failing or args[-1] in self.failing
        return bool(args) and args[0] in self.failing
