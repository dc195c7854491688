"""End to end in a real terminal: a server, two players and a spectator, all in tmux.

``taki-server`` runs as a subprocess on a port the system picks; three ``taki-client``
processes run in their own tmux sessions (a private tmux server, 100x32 each) and are
driven by keystrokes only, the way a person would: Alice opens a 2-seat table through
the ``n`` dialog, Bob takes the seat with Enter, a third client watches with
``--watch t1``, Alice starts with ``s``, and then whoever's screen says "Your move!"
draws with ``d`` for several turns. Everything is checked on the screens as
``tmux capture-pane -p`` prints them, by polling with a deadline.

Only draws are played: in a two-player game a draw always passes the turn, so the
test is deterministic whoever the server picks to start and whatever is dealt.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..support.terminals import HEIGHT, TIMEOUT, Terminals, cards_of, script

TURNS = 6
ALICE, BOB = "Alice", "Bob"
HAND_ROW = re.compile(r"^\s*" + "".join(rf"{n}(?: \S+)?\s+" for n in range(1, 8)) + r"8\b",
                      re.MULTILINE)
"""The keys (and colour initials) over the first eight cards of a hand."""

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def field(screen: str, label: str) -> str | None:
    """The text of the one-line input drawn beside ``label`` in the dialog."""
    for line in screen.splitlines():
        inner = line.strip().strip("│").strip()
        if inner.startswith(label):
            return inner[len(label) :].strip()
    return None


def whose_move(term: Terminals, sessions: dict[str, str]) -> dict[str, str]:
    """Both players' screens, once exactly one says "Your move!" and the other waits."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        views = {name: term.screen(s) for name, s in sessions.items()}
        movers = [name for name, shown in views.items() if "Your move!" in shown]
        if len(movers) == 1:
            waiting = [n for n in views if n != movers[0]]
            if all(f"Waiting for {movers[0]}" in views[n] for n in waiting):
                return views
        if time.monotonic() > deadline:
            pytest.fail(f"no single 'Your move!' (on {movers})\n{term.report()}")
        time.sleep(0.05)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A ``taki-server`` on 127.0.0.1 and a free port; (port, its stderr file)."""
    exe = script("taki-server")
    out, err = tmp_path / "server.out", tmp_path / "server.err"
    command = [str(exe), "--host", "127.0.0.1", "--port", "0", "--bot-delay", "0.2",
               "--no-advertise"]
    usage = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=30)
    if "--data-dir" in usage.stdout:  # never the user's own tables
        command += ["--data-dir", str(tmp_path / "data")]
    with out.open("w") as fout, err.open("w") as ferr:
        proc = subprocess.Popen(
            command,
            stdout=fout,
            stderr=ferr,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    try:
        deadline = time.monotonic() + 15
        while True:
            m = re.search(r"listening on [^\s:]+:(\d+)", out.read_text())
            if m:
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"taki-server did not start:\n{out.read_text()}{err.read_text()}")
            time.sleep(0.05)
        yield int(m.group(1)), err
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[Terminals]:
    with Terminals(tmp_path) as term:
        yield term


def test_two_players_and_a_spectator_in_tmux(
    server: tuple[int, Path], terminals: Terminals, tmp_path: Path
) -> None:
    port, server_err = server
    term = terminals
    term.extra_report = lambda: f"\n---- server stderr ----\n{server_err.read_text()}"
    client = str(script("taki-client"))
    address = f"127.0.0.1:{port}"

    def launch(session: str, *args: str) -> None:
        config = tmp_path / f"config-{session}"
        config.mkdir()
        term.open(
            session, [client, address, "--lang", "en", *args], {"TAKI_CONFIG_DIR": str(config)}
        )
        term.wait_for_text(session, "How to play TAKI")  # a fresh config: the first launch
        term.press(session, "Escape")

    launch("alice", "--name", ALICE)
    launch("bob", "--name", BOB)
    for who in ("alice", "bob"):
        term.wait_for_text(who, "No tables yet: press n to open one.")
        shown = term.wait_for_text(who, address)
        rows = shown.splitlines()
        assert len(rows) == HEIGHT and "n new table" in rows[-1], f"not {HEIGHT} rows:\n{shown}"

    # Alice opens a table of two seats through the dialog, keys only, at a typist's pace.
    term.keys("alice", "n")
    term.wait_for_text("alice", "Seats (2-10)")
    term.press("alice", "Tab", "End", "BSpace", "BSpace", "2")  # from Name to Seats: 2
    term.wait_until(
        "alice",
        lambda s: field(s, "Seats (2-10)") == "2" and field(s, "Name") == "Alice's table",
        "Name 'Alice's table' and Seats '2' in the dialog",
    )
    # Three checkboxes, the turn timer, the +3 window and the bots' level, then Create.
    term.keys("alice", *["Tab"] * 7, "Enter")
    shown = term.wait_for_text(
        "alice", "You host this table: a add a bot, x remove a bot, s start."
    )
    assert "Alice's table" in shown and "waiting" in shown
    assert re.search(r"Alice \(you\) ★", shown), shown

    # Bob's lobby lists it live; Enter takes the free seat.
    term.wait_until(
        "bob",
        lambda s: re.search(r"Alice's table\s+1/2\s+waiting\s+0\b", s) is not None,
        "lobby row 'Alice's table 1/2 waiting 0'",
    )
    term.keys("bob", "Enter")
    shown = term.wait_for_text("bob", "Waiting for the host to start the game.")
    assert re.search(r"Bob \(you\)", shown) and "Alice ★" in shown, shown
    term.wait_until(
        "alice",
        lambda s: re.search(r"^\s+Bob\s*$", s, re.MULTILINE) is not None,
        "Bob in Alice's players list",
    )

    # A spectator: the first table of a fresh server is t1.
    launch("watcher", "--name", "Carol", "--watch", "t1")
    shown = term.wait_for_text("watcher", "(watching)")
    assert "Alice's table" in shown and "Alice ★" in shown and "Bob" in shown, shown

    # Alice starts; both players and the spectator see the deal.
    term.keys("alice", "s")
    screens = {}
    for who in ("alice", "bob", "watcher"):
        screens[who] = term.wait_until(
            who,
            lambda s: "Leading card" in s and cards_of(s, ALICE) == 8 and cards_of(s, BOB) == 8,
            "dealt game (8 cards each)",
        )
        assert "playing" in screens[who]
    for who in ("alice", "bob"):
        assert HAND_ROW.search(screens[who]), f"{who} sees no hand\n{screens[who]}"

    # Turns: whoever sees "Your move!" draws; the turn passes to the other every time.
    sessions = {ALICE: "alice", BOB: "bob"}
    other = {ALICE: BOB, BOB: ALICE}
    draws = {ALICE: 0, BOB: 0}
    previous: str | None = None
    for _turn in range(TURNS):
        views = whose_move(term, sessions)
        mover = next(name for name, shown in views.items() if "Your move!" in shown)
        waiter = other[mover]
        assert "d draw" in views[mover], term.report()
        if previous is not None:
            assert mover != previous, f"{mover} moved twice in a row\n{term.report()}"
        before = cards_of(views[mover], mover)
        assert before is not None, views[mover]

        term.keys(sessions[mover], "d")
        draws[mover] += 1
        want = draws[mover]

        # The other player: it is now their move, and the log says what happened.
        def their_move(shown: str, m: str = mover, n: int = want) -> bool:
            return "Your move!" in shown and shown.count(f"{m} drew 1 card") == n

        term.wait_until(
            sessions[waiter], their_move, f"'Your move!' and {want}x '{mover} drew 1 card'"
        )

        # The mover: one card more, the card named in the log, and waiting.
        def drew(
            shown: str, m: str = mover, w: str = waiter, n: int = want, b: int = before
        ) -> bool:
            return (
                f"Waiting for {w}" in shown
                and "Your move!" not in shown
                and cards_of(shown, m) == b + 1
                and len(re.findall(r"You drew 1 card: \S", shown)) == n
            )

        term.wait_until(
            sessions[mover],
            drew,
            f"'Waiting for {waiter}', {before + 1} cards and {want}x 'You drew 1 card: ...'",
        )
        previous = mover

    assert draws[ALICE] + draws[BOB] == TURNS
    assert abs(draws[ALICE] - draws[BOB]) <= 1

    # The spectator followed it all: the counts and the log, but no hand and no turn.
    shown = term.wait_until(
        "watcher",
        lambda s: all(
            s.count(f"{name} drew 1 card") == n and cards_of(s, name) == 8 + n
            for name, n in draws.items()
        ),
        f"the draws {draws} in the spectator's log and counts",
    )
    assert "(watching)" in shown
    assert "Leading card" in shown and "Draw pile" in shown
    assert not HAND_ROW.search(shown), f"the spectator sees a hand\n{shown}"
    assert "Your move!" not in shown and "You drew" not in shown, shown
    assert "d draw" not in shown and "Enter play" not in shown, shown
    assert "(you)" not in shown, shown

    # Bob's client process dies (SIGKILL: no goodbye at all). The same command again
    # brings him straight back to his seat, hand and turn, with no key press.
    seats_file = tmp_path / "config-bob" / "seats.json"
    assert seats_file.stat().st_mode & 0o777 == 0o600, oct(seats_file.stat().st_mode)
    bob_cards = cards_of(term.screen("bob"), BOB)
    os.kill(term.pids[term.names.index("bob")], signal.SIGKILL)
    term.wait_for_text("alice", f"{BOB} lost the connection")
    term.open(
        "bob-again",
        [client, address, "--lang", "en", "--name", BOB],
        {"TAKI_CONFIG_DIR": str(tmp_path / "config-bob")},
    )
    shown = term.wait_until(
        "bob-again",
        lambda s: HAND_ROW.search(s) is not None and re.search(r"Bob \(you\)", s) is not None
        and "Leading card" in s,
        "Bob's table screen with his hand, after the restart",
    )
    assert bob_cards is not None and cards_of(shown, BOB) is not None
    term.wait_for_text("alice", f"{BOB} is back")
    # And the game goes on between the two of them, one more turn each way.
    views = whose_move(term, {ALICE: "alice", BOB: "bob-again"})
    mover = next(name for name, s in views.items() if "Your move!" in s)
    term.keys({ALICE: "alice", BOB: "bob-again"}[mover], "d")
    term.wait_until(
        {ALICE: "bob-again", BOB: "alice"}[mover], lambda s: "Your move!" in s,
        "the other player's move after Bob came back",
    )

def box_misalignments(screen: str) -> list[str]:
    """Rows under the first row of boxes (the log and the chat) whose side borders are
    not under the corners, measured in cells as tmux lays them out (client.cellwidth's
    measure): text measured too narrow spills over the next box's border."""
    from rich.cells import cell_len

    import client  # noqa: F401  (the terminal's measure of spacing marks)

    def offsets(row: str, chars: str) -> list[int]:
        return [cell_len(row[:i]) for i, ch in enumerate(row) if ch in chars]

    rows = screen.splitlines()
    top = next((i for i, r in enumerate(rows) if "╭" in r), None)
    if top is None:
        return ["no box on screen"]
    corners = offsets(rows[top], "╭╮")
    bad = []
    for row in rows[top + 1 :]:
        if "╰" in row:
            break
        sides = offsets(row, "│")
        if any(c not in sides for c in corners):
            bad.append(row)
    return bad


LANGS = ("en", "fr", "bg", "is", "kn")


def test_every_language_at_80x24_in_tmux(
    server: tuple[int, Path], terminals: Terminals, tmp_path: Path
) -> None:
    """One capture per language of a dealt table at 80x24: every row fits in 80 cells
    and the log's box borders stay aligned (Kannada's spacing marks included)."""
    from rich.cells import cell_len

    import client  # noqa: F401

    port, _err = server
    term = terminals
    client_exe = str(script("taki-client"))
    for lang in LANGS:
        config = tmp_path / f"config-{lang}"
        config.mkdir()
        (config / "client.json").write_text('{"intro_seen": true}')  # not a first launch
        session = f"lang-{lang}"
        term.open(session, [client_exe, f"127.0.0.1:{port}", "--lang", lang, "--name", "Ann"],
                  {"TAKI_CONFIG_DIR": str(config)}, size=(80, 24))
        term.wait_for_text(session, f"127.0.0.1:{port}")
        term.press(session, "n")
        term.wait_for_text(session, "(2-10)")
        term.press(session, "Enter")
        term.wait_until(session, lambda s: "★" in s, "the host's table")
        term.press(session, "a", "a", "a", "s")
        shown = term.wait_until(session, lambda s: HAND_ROW.search(s) is not None, "a hand")
        rows = shown.splitlines()
        assert len(rows) == 24, f"{lang}: {len(rows)} rows\n{shown}"
        wide = [r for r in rows if cell_len(r) > 80]
        assert not wide, f"{lang}: rows wider than 80 cells: {wide}\n{shown}"
        bad = box_misalignments(shown)
        assert not bad, f"{lang}: box borders out of line: {bad}\n{shown}"
