"""Storage faults: what a table does when its moves cannot be saved.

A full disk, a data directory removed or made read-only, a database locked by someone
else: the store raises ``StoreUnavailable`` and nothing was written. The table then
refuses what it cannot store (error code ``unavailable``, the connection stays),
pauses (no bot, stand-in or timer moves: they could not be stored either), tells its
members once in words, and retries with backoff until a write goes through; then it
resumes by itself. ``Pause`` holds that state for one table, so a fault is logged once
when it begins and once when it ends, not once per tick.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

log = logging.getLogger("taki.server")

UNAVAILABLE = "unavailable"
"""The error code of a request the server could not store (PROTOCOL.md section 10)."""



def kept_for_retries(code: str | None) -> bool:
    """Whether an answer (its error ``code``; None for an ack) is remembered for a
    resent request id: all but ``unavailable``, which nothing stored, so the same id
    sent again is carried out then. The one rule for the session's answers and the
    table's answers to the actions handed to it."""
    return code != UNAVAILABLE


PAUSED_TEXT = "the server cannot save moves right now; the table waits and goes on by itself"
"""What members are told, in words, when their table pauses."""

FIRST_RETRY = 0.5
"""Seconds before the first retry; each failed retry doubles it, up to LAST_RETRY."""
LAST_RETRY = 10.0


class StoreUnavailable(Exception):
    """The store could not write (or read); nothing of the failed call was stored."""


@dataclass
class Pause:
    """One table's storage fault: since when, why, and when to try again."""

    table_id: str
    reason: str = ""
    since: float | None = None
    retry_at: float | None = None
    delay: float = FIRST_RETRY

    @property
    def paused(self) -> bool:
        return self.since is not None

    def begin(self, reason: str, now: float) -> bool:
        """Note a fault; True if the table was not paused yet (tell everyone, log it)."""
        if self.since is not None:
            self.reason = reason
            return False
        self.since = now
        self.reason = reason
        self.delay = FIRST_RETRY
        self.retry_at = now + self.delay
        log.warning(
            "table %s paused: cannot store (%s); retrying with backoff", self.table_id, reason
        )
        return True

    def failed_again(self, now: float) -> None:
        """A retry failed: wait twice as long (quietly: the fault was logged once)."""
        self.delay = min(self.delay * 2, LAST_RETRY)
        self.retry_at = now + self.delay

    def end(self, now: float) -> None:
        if self.since is None:
            return
        log.warning(
            "table %s resumed: storing again after %.1f s", self.table_id, now - self.since
        )
        self.since = self.retry_at = None
        self.reason = ""
        self.delay = FIRST_RETRY
