"""Hints for learners (PROTOCOL.md 6.3): the strong bot's advice from a seat's view.

A hint is worked out in two steps so that neither the table nor the server waits for
the search. ``question`` runs in the table's task (``Table.hint_question``): it checks
that the table gives hints and that the seat has a decision to make, takes that seat's
view and legal actions, and marks the seat's standings line as hinted for this game.
``suggestion`` then runs in the asking session's own task: the search goes to the
server's pool of worker processes (server/thinking.py), as a strong bot's does, and the
reason is named from the view (engine/hint.py). The game may move on meanwhile: the
answer carries the event seq it was worked out at.
"""

from __future__ import annotations

import logging
import time
import zlib
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import trio

from engine import Action as EngineAction
from engine import view_of
from engine.bots import Bot, make_bot
from engine.hint import explain
from engine.views import View
from protocol.errors import ProtocolError
from protocol.messages import GameAction, Suggestion

from .seats import Member
from .standings import key_of
from .thinking import SEARCH_LIMIT
from .thinking import thinkers as thread_limiter

if TYPE_CHECKING:
    from .model import TableModel

log = logging.getLogger("taki.server")

OFF_TEXT = "hints are off at this table"

HINT_WAIT = 5.0
"""Seconds a hint may take in all, waiting for a free worker included: the asking
session handles its requests in order (PROTOCOL.md section 4), so it reads nothing
else meanwhile, and must answer well within its idle timeout (15 s). Past it, the
basic bot's choice is given."""


class Pool(Protocol):
    """Where searches run (server/thinking.py ``Thinkers``)."""

    async def choose(
        self, bot: Bot, view: View, legal: list[EngineAction], owner: Hashable | None = None
    ) -> tuple[EngineAction, Bot]: ...


@dataclass(frozen=True)
class Question:
    """What a hint is worked out from: the seat's view and legal actions, no more."""

    seat: int
    view: View
    legal: list[EngineAction]
    seq: int
    seed: int
    """The same question (game, event, seat) gets the same search, so the same hint."""


def question(table: TableModel, member: Member) -> Question:
    """In the table's task: the seat's question, or the refusal (PROTOCOL.md 6.3).
    A seat given a question is counted as hinted in this game's standings."""
    if not table.options.hints:
        raise ProtocolError("not_allowed", OFF_TEXT)
    watch = table.members.get(member)
    if watch is None or watch.seat is None:
        raise ProtocolError("not_seated", "only a seated player may ask for a hint")
    game = table.game
    if game is None or table.state != "playing":
        raise ProtocolError("no_game", "no game is being played here")
    seat = watch.seat
    mine = [a for a in game.legal_actions() if a.seat == seat]
    if not mine:
        raise ProtocolError("not_your_turn", "your seat has nothing to decide now")
    holder = table.seats[seat]
    if holder is not None:
        table.hinted.add(key_of(holder)[0])
    seed = zlib.crc32(f"{table.seed}:{table.seq}:{seat}".encode())
    return Question(seat, view_of(game, seat), mine, table.seq, seed)


async def suggestion(
    thinkers: Pool | None, asked: Question, wait: float = HINT_WAIT
) -> Suggestion:
    """The strong bot's choice for ``asked``, searched away from the event loop (the
    server's worker processes; a table on its own, e.g. in a test: a thread), and its
    reason. A search that fails or does not answer within ``wait`` seconds gives
    ``basic``'s choice."""
    started = time.perf_counter()
    bot = make_bot("strong", asked.seed)
    choice: EngineAction | None = None
    try:
        with trio.move_on_after(wait) as waited:
            if thinkers is not None:
                # (a queue of its own in the workers' round: a learner waits for at
                # most one search of each busy table, never behind a table's backlog)
                choice, _ = await thinkers.choose(bot, asked.view, asked.legal, ("hint", id(asked)))
            else:
                with trio.fail_after(SEARCH_LIMIT):
                    choice = await trio.to_thread.run_sync(
                        bot.choose, asked.view, asked.legal,
                        limiter=thread_limiter(), abandon_on_cancel=True,
                    )
        if waited.cancelled_caught:
            log.warning("a hint's search took over %g s; basic's choice is given", wait)
    except Exception as exc:  # (SearchTimeout and trio.TooSlowError among them)
        log.warning("a hint's search failed (%r); basic's choice is given", exc)
    if choice is None:
        choice = make_bot("basic").choose(asked.view, asked.legal)
    found = explain(asked.view, choice, asked.legal)
    log.debug("hint for seat %d in %.3f s: %s", asked.seat, time.perf_counter() - started,
              found.reason)
    data = choice.to_json()
    action = GameAction(
        data["type"], card=data.get("card"), color=data.get("color"),
        last_card=data.get("last_card", False),
    )
    return Suggestion(asked.seq, action, found.reason, found.args or None)
