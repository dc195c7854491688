"""A LAN's own faults: a slow lossy router, and a path that goes dark (the scenarios).

The server runs in a network namespace of its own and every client in another, each on
its own path (tests/support/netns.py: the namespaces, and a wire that delays, loses or drops
packets; nothing leaves them). Two scenarios:

- ``lossy_play``: two protocol players (a basic bot's choices) play over paths of
  ``delay`` ± ``jitter`` seconds each way and ``loss`` packet loss, for ``seconds``,
  rematching as games end. An impatient player sends a request again (same id) when
  its answer is late. Checked: every event arrives once and in order (seq + 1 each
  time), and every acknowledged action shows in the event log exactly once while it
  was outstanding (``applied_once``). With ``panes`` (tmux ``Terminals``), a real
  ``taki-client`` watches the table over a path as bad, and its screen is timed: the
  echo of a key typed into its chat line, on a clean path and during the lossy play,
  and its card counts catching up with the players' views at the end.
- ``blackhole``: a real ``taki-client`` (in tmux) sits at a table with a protocol
  player; its path drops every packet for ``dark`` seconds (no FIN, no RST; the test
  lifts it as soon as both ends have noticed) and comes back. Timed: when the server
  starts the seat's grace (the other player's ``timer reconnect``), when the client's
  screen says the connection is lost, and when, after the path returns, the client is
  back at its seat (no key pressed) and the others see it back.

``python -m bench.lan_faults`` runs both (as root) and prints the figures, the last
line JSON; tests/e2e/test_lan_faults.py runs them and checks what they report.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from engine.bots import BasicBot
from protocol.messages import (
    Ack,
    Action,
    CreateTable,
    Error,
    Event,
    GameAction,
    Join,
    Message,
    Rematch,
    Snapshot,
    Start,
    TableOptions,
    Timer,
)

from .harness import CLI_PORT, Client, ServerProcess, latencies, ms, now
from .netns import Lan
from .terminals import Terminals, cards_of

BIN = Path(sys.executable).parent
RESEND_AFTER = 0.8
"""Seconds an impatient player waits for an answer before sending the request again."""
TABLE = "LAN faults"
LOST = re.compile(r"Connection lost|Not connected")
"""What the client's screen says while it has no server (client/session.py)."""
LINK_DRAW_REASONS = ("choice", "plus", "plus2")
"""A ``drew`` event with one of these reasons comes only from a ``draw`` action."""


# ---------------------------------------------------------------------------- the server


def server_command(lan: Lan, data_dir: str, *extra: str) -> list[str]:
    """``taki-server`` in the server namespace on ``lan.server_addr``, a port of its
    choice, never advertised, discovery off, logging who it drops, ending with the
    process that started it (should that one be killed before it can stop it)."""
    exe = BIN / "taki-server"
    program = [str(exe)] if exe.exists() else [sys.executable, "-m", "server.app"]
    return [
        *lan.exec_in(lan.server_ns), "env", "TAKI_DISCOVERY=off", *program,
        "--host", lan.server_addr, "--port", "0", "--no-advertise", "--ready-json",
        "--data-dir", data_dir, "--log-level", "INFO", "--exit-with-stdin", *extra,
    ]  # fmt: skip


async def start_server(lan: Lan, workdir: str, name: str = "server",
                       *extra: str) -> ServerProcess:
    """A fresh server (its data in WORKDIR/NAME-data, its log in WORKDIR/NAME.log)."""
    return await ServerProcess.start(
        server_command(lan, os.path.join(workdir, f"{name}-data"), *extra),
        os.path.join(workdir, f"{name}.log"), CLI_PORT,
    )


# ---------------------------------------------------------------------------- a terminal


@contextmanager
def panes(workdir: str) -> Iterator[Terminals]:
    """A private tmux server for the real clients (``taki-client`` run in a client
    namespace), closed after the block."""
    p = Terminals(Path(workdir))
    try:
        yield p
    finally:
        p.close()


def client_command(lan: Lan, path: int, port: int, config_dir: str, *args: str) -> list[str]:
    """``taki-client`` in client path ``path``'s namespace, its own config directory."""
    exe = BIN / "taki-client"
    program = [str(exe)] if exe.exists() else [sys.executable, "-m", "client.cli"]
    return [
        *lan.exec_in(lan.client_ns(path)), "env", "TAKI_DISCOVERY=off",
        f"TAKI_CONFIG_DIR={config_dir}", *program, f"{lan.server_addr}:{port}",
        "--lang", "en", *args,
    ]  # fmt: skip


async def on_screen(term: Terminals, name: str, ok: Callable[[str], bool], what: str,
                    timeout: float = 30, every: float = 0.05) -> float:
    """Poll ``name``'s screen (off the event loop) until ``ok``; the time (``now()``)
    it first held. AssertionError with every screen if it does not within ``timeout``."""
    deadline = trio.current_time() + timeout
    while True:
        shown = await trio.to_thread.run_sync(term.screen, name)
        if ok(shown):
            return now()
        if trio.current_time() > deadline:
            raise AssertionError(f"{name}: no {what} within {timeout:g}s\n{term.report()}")
        await trio.sleep(every)


# ---------------------------------------------------------------------------- a player


@dataclass
class Sent:
    """An action request and what came of it."""

    id: int
    action: GameAction
    at: float
    answer: str | None = None  # "ack" or the error code
    answered_at: float | None = None
    applied: int = 0  # events of it seen while it was outstanding
    resends: int = 0


@dataclass
class Record:
    """What one player saw: its requests, the event numbering, what was wrong."""

    sent: list[Sent] = field(default_factory=list)
    events: int = 0
    gaps: int = 0  # an event's seq more than one past the last
    repeats: int = 0  # an event's seq at or before the last: twice, or out of order
    unexpected: list[str] = field(default_factory=list)  # own moves nobody asked for
    server_passes: int = 0  # +3 passes the server made at the window's end
    stand_ins: int = 0  # events a stand-in made for an absent seat (any seat)
    extra_answers: int = 0  # answers to a resent id


def mark_of(event: dict[str, Any], seat: int | None) -> tuple[str, str | None] | None:
    """The action of ``seat``'s that this event shows, as (type, card of a play); None
    for an event no action of the seat's own makes (or a stand-in's, a timeout's)."""
    if seat is None or event.get("seat") != seat or event.get("stand_in") \
            or event.get("timeout"):
        return None
    kind = event.get("kind")
    if kind == "played":
        return ("play", event.get("card"))
    if kind == "drew":
        return ("draw", None) if event.get("reason") in LINK_DRAW_REASONS else None
    return {
        "declared": ("declare_last_card", None),
        "passed": ("pass", None),
        "broke": ("break", None),
        "closed_taki": ("close_taki", None),
        "left_open": ("end_turn", None),
        "declined": ("end_turn", None),
    }.get(str(kind))


def mark_of_action(action: GameAction) -> tuple[str, str | None]:
    return (action.type, action.card if action.type == "play" else None)


class Player(Client):
    """Plays a basic bot's choices while ``acting``, one action at a time; sends a
    request again (the same id) when its answer is ``RESEND_AFTER`` late; the host
    deals again when a game ends. Keeps a ``Record`` and checks each own move in the
    event log against the action outstanding (see ``applied_once``)."""

    software = "bench-lan/1"

    def __init__(self, stream: trio.abc.Stream, name: str) -> None:
        super().__init__(stream, name, keep=True)
        self.bot = BasicBot()
        self.acting = False
        self.host = False
        self.record = Record()
        self.last_seq: int | None = None
        self.pending: tuple[Sent, Action, float] | None = None  # (it, message, last sent)
        self.asked_rematch: int | None = None
        self.times: list[float] = []
        """When each message of ``received`` arrived (``now()``)."""

    # ------------------------------------------------------------ hooks

    def on_message(self, message: Message) -> None:
        self.times.append(now())
        super().on_message(message)
        rec = self.record
        if isinstance(message, Snapshot):
            if self.last_seq is not None and message.seq < self.last_seq:
                rec.repeats += 1
            self.last_seq = message.seq
        elif isinstance(message, Event):
            rec.events += 1
            if self.last_seq is not None:
                if message.seq > self.last_seq + 1:
                    rec.gaps += 1
                elif message.seq <= self.last_seq:
                    rec.repeats += 1
            self.last_seq = message.seq
            self._own_move(message.event)
        elif isinstance(message, Ack | Error) and message.id is not None:
            self._answered(message)

    def _own_move(self, event: dict[str, Any]) -> None:
        if event.get("stand_in"):
            self.record.stand_ins += 1
        mark = mark_of(event, self.seat)
        if mark is None:
            return
        out = self.pending[0] if self.pending else None
        if out is not None and out.answer is None and mark_of_action(out.action) == mark:
            out.applied += 1
        elif mark == ("pass", None):
            self.record.server_passes += 1  # the +3 window closed before our answer
        else:
            self.record.unexpected.append(f"seq {self.last_seq}: {event}")

    def _answered(self, message: Ack | Error) -> None:
        if self.asked_rematch == message.id:
            self.asked_rematch = None
            return
        pending = self.pending
        if pending is None or pending[0].id != message.id:
            if any(s.id == message.id for s in self.record.sent):
                self.record.extra_answers += 1
            return
        out = pending[0]
        out.answer = "ack" if isinstance(message, Ack) else message.code
        out.answered_at = now()
        self.pending = None

    def wake_at(self) -> float:
        if self.pending is not None:
            return self.pending[2] + RESEND_AFTER
        # A move may be due with nothing to read (acting just began, a rematch): look.
        return trio.current_time() + 0.2 if self.acting else float("inf")

    def step(self) -> None:
        clock = trio.current_time()
        if self.pending is not None:
            out, message, last = self.pending
            if clock - last >= RESEND_AFTER:
                self.queue(message)
                out.resends += 1
                self.pending = (out, message, clock)
            return
        if not self.acting or self.view is None or self.seat is None:
            return
        if self.host and self.table is not None and self.table.state == "over":
            if self.asked_rematch is None:
                self.asked_rematch = self.next_id()
                self.queue(Rematch(self.asked_rematch))
            return
        if self.view.get("over") or not self.legal:
            return
        message = Action(self.next_id(), self.bot_action(self.bot))
        self.expect(message, clock)
        self.queue(message)

    def expect(self, message: Action, clock: float = 0.0) -> Sent:
        """Note ``message`` as the action outstanding (sent at ``clock``, trio's time):
        its own moves in the log count for it until its answer comes."""
        out = Sent(message.id, message.action, now())
        self.record.sent.append(out)
        self.pending = (out, message, clock)
        return out

    async def arrival(self, test: Callable[[Message], bool], start: int,
                      timeout: float) -> float:
        """When (``now()``) the first message from index ``start`` on that passes
        ``test`` arrived, waiting for it if need be."""
        found = await self.wait_for(test, timeout=timeout, start=start)
        return self.times[self.received.index(found, start)]

    async def settle(self, timeout: float = 60) -> None:
        """Stop acting and wait for the answer to the action outstanding."""
        self.acting = False
        with trio.move_on_after(timeout):
            while self.pending is not None and not self.closed:
                await trio.sleep(0.05)

    # ------------------------------------------------------------ the checks

    def applied_once(self) -> list[str]:
        """What is wrong with this player's moves (nothing, when all is well): an
        acknowledged action seen in the log other than once while it was outstanding,
        a refused one seen at all, an own move nobody asked for, an event twice or out
        of order, a gap."""
        problems = [f"{self.name}: {u}" for u in self.record.unexpected]
        for out in self.record.sent:
            if out.answer == "ack" and out.applied != 1:
                problems.append(f"{self.name}: action {out.id} {out.action} acked, "
                                f"seen {out.applied} times")
            elif out.answer not in (None, "ack") and out.applied:
                problems.append(f"{self.name}: action {out.id} refused ({out.answer}) "
                                f"but seen {out.applied} times")
        if self.record.gaps or self.record.repeats:
            problems.append(f"{self.name}: {self.record.gaps} gaps, {self.record.repeats} "
                            "events repeated or out of order")
        return problems

    def acked(self) -> list[Sent]:
        return [s for s in self.record.sent if s.answer == "ack"]


async def join_player(lan: Lan, path: int, port: int, name: str,
                      nursery: trio.Nursery, token: str | None = None) -> Player:
    """A ``Player`` from client path ``path``, pumping, welcomed."""
    stream = await lan.connect(path, port)
    player = Player(stream, name)
    await player.send(player.conn.hello(name, Player.software, token=token))
    nursery.start_soon(player.pump)
    await player.wait_for(lambda m: m.TYPE == "welcome", timeout=30)
    return player


def options(**kw: Any) -> TableOptions:
    return TableOptions(**{"name": TABLE, "seats": 2, **kw})


def view_counts(player: Player) -> list[int]:
    assert player.view is not None
    return [int(p["cards"]) for p in player.view["players"]]


# ---------------------------------------------------------------------------- scenarios


async def lossy_play(lan: Lan, port: int, seconds: float, *, delay: float = 0.15,
                     jitter: float = 0.05, loss: float = 0.02, paths: tuple[int, int] = (1, 2),
                     term: Terminals | None = None, watcher_path: int = 3,
                     workdir: str = "") -> dict[str, Any]:
    """See the module docstring; the figures, and ``problems`` (empty: all well)."""
    figures: dict[str, Any] = {"delay_ms": ms(delay), "jitter_ms": ms(jitter), "loss": loss,
                               "each_way": True}
    async with trio.open_nursery() as nursery:
        a = await join_player(lan, paths[0], port, "Ana", nursery)
        b = await join_player(lan, paths[1], port, "Ben", nursery)
        a.host = True
        await a.request(CreateTable, options=options())
        await b.request(Join, table=a.table.id if a.table else "t1")
        watcher = "watcher"
        if term is not None:
            config = os.path.join(workdir, "config-watcher")
            os.makedirs(config, exist_ok=True)
            with open(os.path.join(config, "client.json"), "w") as f:
                f.write('{"intro_seen": true}')  # not a first launch
            table_id = a.table.id if a.table else "t1"
            term.open(watcher, client_command(lan, watcher_path, port, config,
                                              "--name", "Wes", "--watch", table_id),
                      {}, size=(120, 40))
            await on_screen(term, watcher, lambda s: "(watching)" in s, "watching", 60)
            term.keys(watcher, "t")  # the chat line takes the keys
            await trio.sleep(0.5)
            clean = [t for _ in range(3) for t in await _key_answers(term, watcher)]
            figures["watcher_key_ms_clean_path"] = latencies(clean)
        for p in {*paths, *((watcher_path,) if term else ())}:
            lan.shape(p, delay, jitter, loss)
        await a.request(Start, first_seat=0)
        await a.wait_until(lambda: a.view is not None, 30)
        await b.wait_until(lambda: b.view is not None, 30)
        started = now()
        a.acting = b.acting = True
        keys: list[float] = []
        said_lost = 0  # looks at the watcher's screen that said it had lost the server
        while now() - started < seconds:
            if term is not None and now() - started < seconds - 2:
                keys.extend(await _key_answers(term, watcher))
                shown = await trio.to_thread.run_sync(term.screen, watcher)
                said_lost += LOST.search(shown) is not None
            await trio.sleep(0.5)
        await a.settle()
        await b.settle()
        played = now() - started
        problems = a.applied_once() + b.applied_once()
        acked = a.acked() + b.acked()
        answers = [s.answered_at - s.at for s in acked if s.answered_at is not None]
        figures.update({
            "seconds": round(played, 1),
            "moves": len(acked),
            "moves_per_minute": round(len(acked) / played * 60, 1),
            "refused": sum(s.answer not in (None, "ack") for s in a.record.sent + b.record.sent),
            "unanswered": sum(s.answer is None for s in a.record.sent + b.record.sent),
            "resent": sum(s.resends for s in a.record.sent + b.record.sent),
            "extra_answers": a.record.extra_answers + b.record.extra_answers,
            "server_passes": a.record.server_passes + b.record.server_passes,
            "events": a.record.events,
            "gaps": a.record.gaps + b.record.gaps,
            "repeats": a.record.repeats + b.record.repeats,
            "action_to_ack": latencies(answers),
            "players_disconnected": sum(p.closed for p in (a, b)),
            "wire": lan.stats(),
        })
        if term is not None:
            figures["watcher_key_ms"] = latencies(keys)
            figures["watcher_said_lost"] = said_lost
            mark = now()
            await on_screen(
                term, watcher,
                lambda s: [cards_of(s, "Ana"), cards_of(s, "Ben")] == view_counts(a)
                == view_counts(b),
                "the players' card counts (as their views have them) on the watcher's screen",
                60,
            )
            figures["watcher_caught_up_ms"] = ms(now() - mark)
        figures["problems"] = problems
        for p in (a, b):
            await p.close()
        nursery.cancel_scope.cancel()
    return figures


async def _key_answers(term: Terminals, name: str) -> list[float]:
    """Type Q into the chat line (focused with ``t`` beforehand) and rub it out: the
    seconds until the screen showed each (a terminal's echo, nothing sent): what a
    player feels as the screen's speed, whatever the network does."""
    t = now()
    await trio.to_thread.run_sync(term.keys, name, "Q")
    typed = await on_screen(term, name, lambda s: "Q" in s, "Q typed", 30, every=0.01)
    t2 = now()
    await trio.to_thread.run_sync(term.keys, name, "BSpace")
    gone = await on_screen(term, name, lambda s: "Q" not in s, "Q rubbed out", 30, every=0.01)
    return [typed - t, gone - t2]


async def blackhole(lan: Lan, port: int, term: Terminals, workdir: str, dark: float = 30.0, *,
                    dark_path: int = 1, host_path: int = 2,
                    lift_when_noticed: bool = False) -> dict[str, Any]:
    """See the module docstring. Times in seconds from the path going dark (``*_s``)
    and from its return (``back_*_s``); None: it did not happen. The path stays dark
    ``dark`` seconds, or with ``lift_when_noticed`` only until both ends have noticed
    (``dark`` at most): ``dark_s`` is how long it was."""
    figures: dict[str, Any] = {}
    async with trio.open_nursery() as nursery:
        host = await join_player(lan, host_path, port, "Hal", nursery)
        host.host = True
        await host.request(CreateTable, options=options())
        config = os.path.join(workdir, "config-tui")
        os.makedirs(config, exist_ok=True)
        with open(os.path.join(config, "client.json"), "w") as f:
            f.write('{"intro_seen": true}')  # not a first launch: no intro over the lobby
        term.open("tui", client_command(lan, dark_path, port, config, "--name", "Tui"), {},
                  size=(120, 40))
        await on_screen(term, "tui", lambda s: re.search(rf"{TABLE}\s+1/2", s) is not None,
                        "the table in the lobby", 60)
        term.keys("tui", "Enter")
        await host.wait_until(lambda: host.table is not None and host.table.seats[1] is not None,
                              30)
        seat = 1
        await host.request(Start, first_seat=0)
        await on_screen(term, "tui", lambda s: "Tui (you)" in s and "Leading card" in s,
                        "the dealt table", 30)
        host.acting = True
        await host.wait_until(lambda: bool(host.acked()), 30)  # a move of ordinary play

        def grace(seconds_set: bool) -> Callable[[Message], bool]:
            return lambda m: (isinstance(m, Timer) and m.kind == "reconnect" and m.seat == seat
                              and (m.seconds is not None) == seconds_set)

        dark_mark = mark = len(host.received)
        lan.dark(dark_path, True)
        t0 = now()
        server_seen: float | None = None
        client_seen: float | None = None
        stand_ins = host.record.stand_ins
        with trio.move_on_after(dark):
            async with trio.open_nursery() as watch:
                async def server_side() -> None:
                    nonlocal server_seen
                    server_seen = await host.arrival(grace(True), mark, dark + 60)

                async def client_side() -> None:
                    nonlocal client_seen
                    client_seen = await on_screen(term, "tui", lambda s: LOST.search(s) is not None,
                                                  "word of the lost server", dark + 60, 0.1)

                watch.start_soon(server_side)
                watch.start_soon(client_side)
        if not lift_when_noticed:
            await trio.sleep(max(0.0, t0 + dark - now()))
        figures["stand_in_moves_while_dark"] = host.record.stand_ins - stand_ins
        mark = len(host.received)
        lan.dark(dark_path, False)
        t1 = now()
        figures["dark_s"] = round(t1 - t0, 2)
        figures["server_noticed_s"] = None if server_seen is None else round(server_seen - t0, 2)
        figures["client_noticed_s"] = None if client_seen is None else round(client_seen - t0, 2)
        back_client = await on_screen(
            term, "tui",
            lambda s: LOST.search(s) is None and "Tui (you)" in s and "Leading card" in s,
            "Tui back at the table", 60, 0.1,
        )
        figures["back_client_s"] = round(back_client - t1, 2)
        # The others see the seat back: the grace lifted (only if it started).
        figures["back_server_s"] = None
        with trio.move_on_after(30):
            figures["back_server_s"] = round(await host.arrival(grace(False), mark, 60) - t1, 2)
        if server_seen is None:  # late, or never: when, if it did (a grace seen late)
            late = [host.times[i] for i in range(dark_mark, len(host.received))
                    if grace(True)(host.received[i])]
            figures["server_noticed_after_return_s"] = (
                round(late[0] - t1, 2) if late else None)
        await host.settle()
        figures["problems"] = host.applied_once()
        figures["host_moves"] = len(host.acked())
        figures["wire"] = lan.stats()
        await host.close()
        nursery.cancel_scope.cancel()
    return figures
