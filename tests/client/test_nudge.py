"""Your turn (issue 23, point 4): the bell, the desktop notification and the title, told
by the bytes the client writes to its terminal.

The app runs under Pilot; a real engine game is fed to its session the way the server
feeds it (a snapshot with its log, then numbered events, the view patch and the seat's
legal moves on the last event of each action), and every byte the app hands its
terminal driver is kept. A bell is a BEL outside any escape sequence (an OSC's own
terminator is not one).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Checkbox

from client.app import TakiApp
from client.config import Settings
from client.nudge import Terminal
from client.screens.settings import SettingsScreen
from client.screens.table import TableScreen
from engine.actions import Action

from ..support.clientkit import Table, settled, until
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")

TERMINAL_VARS = ("TERM_PROGRAM", "LC_TERMINAL", "ITERM_SESSION_ID", "WEZTERM_PANE",
                 "GHOSTTY_RESOURCES_DIR", "KITTY_WINDOW_ID", "VTE_VERSION", "WT_SESSION",
                 "ConEmuPID", "TMUX", "STY")

_SEQUENCES = re.compile(r"\x1bP.*?\x1b\\|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)", re.DOTALL)


def bells(out: list[str]) -> int:
    return _SEQUENCES.sub("", "".join(out)).count("\a")


def oscs(out: list[str], number: str) -> list[str]:
    """The texts of the OSC ``number`` sequences written (tmux's wrapping undone)."""
    text = "".join(out).replace("\x1b\x1b", "\x1b")
    return re.findall(rf"\x1b\]{number};([^\x07\x1b]*)\x07", text)


def titles(out: list[str]) -> list[str]:
    return oscs(out, "2")


@pytest.fixture
def vte(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal that shows OSC 777 notifications (GNOME Terminal's VTE), outside tmux,
    whatever terminal runs the tests."""
    for var in TERMINAL_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("VTE_VERSION", "7600")


def capture(app: TakiApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the app writes to its terminal from now on."""
    out: list[str] = []
    assert app._driver is not None
    monkeypatch.setattr(app._driver, "write", out.append)
    return out


def three_players() -> dict[str, Any]:
    return position(hands=[["R1", "R3", "R7", "G7"], ["R4", "R6", "R8"], ["R9", "B4", "B5"]],
                    turn=0)


@pytest.mark.asyncio
@pytest.mark.usefixtures("vte")
async def test_one_bell_and_one_notification_per_new_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        out = capture(app, monkeypatch)
        table = Table(app, three_players())
        table.snapshot()  # dealt: Ann starts
        await until(lambda: isinstance(app.screen, TableScreen) and bells(out) == 1)
        await settled(pilot)
        assert oscs(out, "777") == ["notify;TAKI;Your turn at Friday."]
        assert titles(out)[-1] == "Your turn · TAKI"
        table.play(0, "R1")  # Ann's move: played, then Bo's turn
        table.play(1)
        await settled(pilot)
        assert bells(out) == 1 and len(oscs(out, "777")) == 1
        assert titles(out)[-1] == "TAKI"
        table.play(2)  # Cy plays: Ann's turn again
        await until(lambda: bells(out) == 2)
        await settled(pilot)
        assert bells(out) == 2 and len(oscs(out, "777")) == 2
        assert titles(out)[-1] == "Your turn · TAKI"


@pytest.mark.asyncio
@pytest.mark.usefixtures("vte")
async def test_a_plus3_window_that_asks_this_seat_rings_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        out = capture(app, monkeypatch)
        pos = position(hands=[["breaker", "G3", "R7"], ["+3", "R6", "R8"], ["R9", "B4"]],
                       turn=1)
        table = Table(app, pos)
        table.snapshot()  # Bo's turn: nothing for Ann yet
        await until(lambda: isinstance(app.screen, TableScreen))
        await settled(pilot)
        assert bells(out) == 0 and titles(out)[-1:] != ["Your turn · TAKI"]
        table.play(1, "+3")  # Cy's turn, and a window Ann may answer
        await until(lambda: bells(out) == 1)
        await settled(pilot)
        assert oscs(out, "777") == ["notify;TAKI;+3 from Bo: break it (b) or let it through (p)"]
        assert titles(out)[-1] == "Your turn · TAKI"
        table.act(Action("pass", 0))
        table.act(Action("pass", 2))  # the window closes; Cy's turn goes on
        await settled(pilot)
        assert bells(out) == 1 and titles(out)[-1] == "TAKI"
        table.play(2)  # then Ann's turn
        await until(lambda: bells(out) == 2)
        assert oscs(out, "777")[-1] == "notify;TAKI;Your turn at Friday."


@pytest.mark.asyncio
@pytest.mark.usefixtures("vte")
async def test_a_reconnect_rings_only_for_a_turn_not_rung_yet(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Back with the seat in the turn already rung for (a reconnect, a resync): no bell.
    Back to find it became your turn while away: one bell."""
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        out = capture(app, monkeypatch)
        table = Table(app, three_players())
        table.snapshot()
        await until(lambda: bells(out) == 1)
        table.snapshot()  # the same turn, at its start
        table.act(Action("declare_last_card", 0))  # a move that keeps the turn
        table.snapshot()  # the same turn, with a log
        await settled(pilot)
        assert bells(out) == 1
        table.play(0, "R1")
        for seat in (1, 2):  # away meanwhile: the others play, and it is Ann's turn
            legal = [a for a in table.game.legal_actions() if a.seat == seat]
            table.act(next(a for a in legal if a.type in ("play", "draw")), tell=False)
        table.snapshot()
        await until(lambda: bells(out) == 2)
        table.snapshot()  # and again: the same turn
        table.act(Action("declare_last_card", 0))
        table.snapshot()  # the same turn, begun by a turn event of the log
        await settled(pilot)
        assert bells(out) == 2 and len(oscs(out, "777")) == 2


@pytest.mark.asyncio
@pytest.mark.usefixtures("vte")
async def test_a_turn_after_your_own_stop_rings_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players: your Stop skips the other, and you play again at once."""
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        out = capture(app, monkeypatch)
        pos = position(hands=[["Rstop", "R1", "G4"], ["B1", "B3", "B4"]], turn=0)
        table = Table(app, pos)
        table.snapshot()
        await until(lambda: bells(out) == 1)
        await settled(pilot)
        table.play(0, "Rstop")
        await settled(pilot)
        assert table.game.turn == 0 and bells(out) == 1
        assert titles(out)[-1] == "Your turn · TAKI"
        table.play(0, "R1")
        table.play(1)  # Bo has no red: draws; Ann's turn
        await until(lambda: bells(out) == 2)


@pytest.mark.asyncio
@pytest.mark.usefixtures("vte")
@pytest.mark.parametrize(("bell", "notify"), [(False, True), (True, False), (False, False)])
async def test_the_settings_turn_each_off(monkeypatch: pytest.MonkeyPatch, bell: bool,
                                          notify: bool) -> None:
    app = TakiApp(name="Ann", settings=Settings(bell_on_turn=bell, notify_on_turn=notify))
    async with app.run_test(size=(80, 24)) as pilot:
        out = capture(app, monkeypatch)
        Table(app, three_players()).snapshot()
        await until(lambda: titles(out)[-1:] == ["Your turn · TAKI"])
        await settled(pilot)
        assert bells(out) == int(bell)
        assert len(oscs(out, "777")) == int(notify)


@pytest.mark.asyncio
async def test_an_unknown_terminal_gets_the_bell_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in TERMINAL_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        out = capture(app, monkeypatch)
        Table(app, three_players()).snapshot()
        await until(lambda: bells(out) == 1)
        await settled(pilot)
        assert oscs(out, "9") == [] and oscs(out, "777") == []


@pytest.mark.asyncio
@pytest.mark.usefixtures("vte")
async def test_names_cannot_inject_escape_codes_in_a_notification(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMUX", "/tmp/tmux-1/default,1,0")  # wrapped for tmux, too
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        out = capture(app, monkeypatch)
        pos = position(hands=[["breaker", "G3"], ["+3", "R6"], ["R9", "B4"]], turn=1)
        table = Table(app, pos, names=("Ann", "B\x1b]2;x\x07;\x9c", "Cy"),
                      name="T\x1b]0;pwned\x07;\x1b\\")
        table.snapshot()
        table.play(1, "+3")
        await until(lambda: bells(out) == 1)
        await settled(pilot)
        [written] = [s for s in out if "777" in s]
        wrapped = written[written.index("\x1bP"):]
        assert wrapped.startswith("\x1bPtmux;\x1b\x1b]777;notify;TAKI;+3 from B")
        assert wrapped.endswith("\x07\x1b\\")
        inner = wrapped[len("\x1bPtmux;\x1b\x1b]"):-len("\x07\x1b\\")]
        assert inner.count(";") == 3 and "\x1b" not in inner and "\x07" not in inner
        assert "\x9c" not in inner


def test_which_terminals_get_which_notification() -> None:
    def kind(**env: str) -> str | None:
        return Terminal.from_env({"TERM": "xterm-256color", **env}).notifies

    assert kind(TERM_PROGRAM="iTerm.app") == "osc9"
    assert kind(LC_TERMINAL="iTerm2") == "osc9"
    assert kind(TERM="xterm-kitty") == "osc9"
    assert kind(TERM_PROGRAM="WezTerm") == "osc777"
    assert kind(TERM="xterm-ghostty") == "osc777"
    assert kind(TERM="foot") == "osc777"
    assert kind(TERM="rxvt-unicode-256color") == "osc777"
    assert kind(VTE_VERSION="7600") == "osc777"
    assert kind(WT_SESSION="x") == "osc777"
    assert kind() is None  # xterm, Alacritty, Konsole...: the bell alone
    assert kind(TERM="linux") is None
    assert kind(ConEmuPID="12", WT_SESSION="x") is None  # ConEmu's OSC 9 is its own
    assert kind(STY="1.pts-0", VTE_VERSION="7600") is None  # GNU screen: the bell alone
    tmux = Terminal.from_env({"TERM": "tmux-256color", "TMUX": "/tmp/t,1,0",
                              "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "1"})
    assert tmux.notification("Hi") == "\x1bPtmux;\x1b\x1b]9;TAKI: Hi\x07\x1b\\"
    assert Terminal.from_env({"TERM": "linux"}).title(True) == ""


def test_the_bell_settings_are_saved_and_on_by_default() -> None:
    assert Settings.load().bell_on_turn and Settings.load().notify_on_turn  # no file yet
    Settings(bell_on_turn=False).save()
    saved = Settings.load()
    assert not saved.bell_on_turn and saved.notify_on_turn


@pytest.mark.asyncio
async def test_the_settings_screen_turns_the_bell_and_the_notification_off() -> None:
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen(app.session))
        await until(lambda: isinstance(app.screen, SettingsScreen))
        await settled(pilot)
        assert app.screen.query_one("#bell", Checkbox).value
        assert app.screen.query_one("#notify", Checkbox).value
        await pilot.click("#bell")
        await pilot.click("#notify")
        await pilot.click("#save")
        await until(lambda: not isinstance(app.screen, SettingsScreen))
    saved = Settings.load()
    assert not saved.bell_on_turn and not saved.notify_on_turn
