"""Every screen fits 80x24 in every language: nothing cut, nothing wrapped.

A real server and client; each screen is put in a telling state (a host waiting, a
game with a +2 stack, a +3 window, a run) and every Static line is measured in cells.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.help import HelpScreen
from client.screens.intro import IntroScreen
from client.screens.lobby import CreateTable, LobbyScreen
from client.screens.replays import ReplayListScreen
from client.screens.settings import SettingsScreen
from client.screens.table import ColorPicker, TableScreen
from client.widgets.cards import CardTile
from protocol.messages import TableOptions

from ..support.clientkit import set_game, until
from ..support.fit import overflows, visible_text
from ..support.server_thread import ServerThread
from ..support.util import position

LANGS = list(i18n.LANGUAGES)


pytestmark = pytest.mark.usefixtures("config_dir")


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


def english_words() -> set[str]:
    """The words of the English msgids (three letters and more): the words a screen in
    another language must not show unless its own catalog uses them too ('Table',
    'Options', 'Stop' in French)."""
    from ..support.ui_strings import PLURAL_STRINGS, UI_STRINGS

    texts = [*UI_STRINGS, *PLURAL_STRINGS, *(p for p, _w in PLURAL_STRINGS.values())]
    return {w.casefold() for t in texts for w in WORD.findall(_PLACEHOLDER.sub(" ", t))}


WORD = re.compile(r"[A-Za-z][A-Za-z']{2,}")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
BRAND = {"taki", "taki_discovery", "lan", "tester", "test", "friday", "home", "end",
         "enter", "esc", "pgup", "pgdn"}
"""Words any language shows: the game and program name, names the test types, and key
names as keyboards print them (a catalog's KEYS replaces them where its keyboards
differ)."""


def english_left(lang: str, texts: list[str]) -> list[str]:
    """English words in ``texts`` that ``lang``'s own catalog never uses."""
    if lang == "en":
        return []
    from ..support.ui_strings import catalog

    module = catalog(lang)
    own = [*module.MESSAGES.values(), module.RULES, *module.KEYS.values(),
           *(f for forms in module.PLURALS.values() for f in forms.values())]
    allowed = BRAND | {w.casefold() for t in own for w in WORD.findall(_PLACEHOLDER.sub(" ", t))}
    english = english_words()
    return sorted({w for t in texts for w in WORD.findall(t)
                   if w.casefold() in english and w.casefold() not in allowed})


def dealt(app: TakiApp, pos: dict[str, Any]) -> bool:
    """Whether the client's view shows the position ``pos`` (its owed follow-up, stack,
    +3 and run): the hand alone is the same size in each position checked."""
    view = app.session.state.view
    return (view is not None and view.follow == pos["follow"] and view.plus2 == pos["plus2"]
            and (view.plus3 is None) == (pos["plus3"] is None)
            and (view.taki is None) == (pos["taki"] is None))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_screens_fit_and_speak_the_language(server: ServerThread, lang: str,
                                                  size: tuple[int, int]) -> None:
    """Every screen at 80x24 and 120x40 (the status line after a King with the turn
    timer at its widest too): no line wider than its widget, and no English
    word left on a screen in fr, bg, is or kn (brand and card codes aside)."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ünïcødé Ñame", settings=Settings())
    problems: list[str] = []

    def check(where: str) -> None:
        problems.extend(f"{where}: {p}" for p in overflows(app.screen))
        left = english_left(lang, visible_text(app.screen))
        if left:
            problems.append(f"{where}: English left: {left}")

    async with app.run_test(size=size) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        app.session.create_table(TableOptions("Friday", 4, True, True, True, 30.0))
        await until(lambda: isinstance(app.screen, TableScreen))
        app.leave_table()
        await until(lambda: isinstance(app.screen, LobbyScreen) and bool(app.session.tables))
        await settle(pilot)
        check("lobby")
        if lang in ("en", "fr", "bg", "is") and size[0] == 80:
            keys = str(app.screen.query_one("#lobby-keys").render())
            join = i18n.key("Enter") + " " + i18n._("join")
            assert i18n._("new table") in keys and join in keys, keys
        await pilot.press("v")
        await until(lambda: isinstance(app.screen, ReplayListScreen))
        await settle(pilot)
        check("finished games")
        app.pop_screen()
        await pilot.press("s")
        await until(lambda: isinstance(app.screen, SettingsScreen))
        await settle(pilot)
        check("settings")
        await pilot.press("escape")
        await pilot.press("question_mark")
        await until(lambda: isinstance(app.screen, HelpScreen))
        await settle(pilot)
        check("help")
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, CreateTable))
        await settle(pilot)
        check("new table")
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, LobbyScreen))
        # a turn timer at its longest: the countdown takes its widest room in the status
        app.session.create_table(TableOptions("Test", 3, turn_timer=600.0))
        await until(lambda: isinstance(app.screen, TableScreen)
                    and app.session.state.info is not None
                    and app.session.state.info.options.name == "Test")
        await settle(pilot)
        check("waiting (host)")
        for _ in range(2):
            app.session.host_command("add_basic")
        await until(lambda: app.session.state.info is not None
                    and all(s is not None for s in app.session.state.info.seats))
        app.session.host_command("start")
        await until(lambda: app.session.state.view is not None)
        table = server.server.lobby.tables["t2"] if server.server else None
        assert table is not None
        hand = ["R1", "R3", "G3", "G+2", "Btaki", "color", "king", "+3", "breaker",
                "supertaki", "Ystop", "Yplus", "Ydir", "B9"]
        positions = {
            "+2 stack": position(hands=[hand, ["B1"] * 5, ["G1"] * 5], discard=["R+2"],
                                 plus2=4),
            "+3 window": position(hands=[hand, ["B1"] * 5, ["G1"] * 5],
                                  discard=["R5", "+3"], turn=0,
                                  plus3={"by": 2, "passed": []}),
            "run": position(hands=[hand, ["B1"] * 5, ["G1"] * 5], discard=["Btaki", "B5"],
                            color="B", taki={"color": "B", "by": 0, "cards": 1,
                                             "open": False}),
            "King": position(hands=[hand, ["B1"] * 5, ["G1"] * 5], discard=["R5", "king"],
                             follow="king"),
        }
        for where, pos in positions.items():
            server.call(lambda pos=pos: set_game(table, pos))
            await until(lambda pos=pos: len(app.screen.query(CardTile)) == len(hand)
                        and dealt(app, pos))
            await settle(pilot)
            check(where)
        status = str(app.screen.query_one("#status").render())
        king = i18n._("King: play any card or end the turn (e)")
        assert i18n._("Your move!") in status and king in status, status
        assert status.count("  ·  ") == 2, status  # with the countdown
        over = position(hands=[[], hand, ["G1"] * 5], winner=0, places=[1, None, None])
        server.call(lambda: set_game(table, over))
        await until(lambda: bool(app.session.state.view and app.session.state.view.over))
        await settle(pilot)
        check("game over")
        server.call(lambda: set_game(table, positions["run"]))
        await until(lambda: len(app.screen.query(CardTile)) == len(hand))
        await pilot.press("1", "enter")  # a refusal in the status line
        await settle(pilot)
        check("refusal")
        app.push_screen(ColorPicker())
        await settle(pilot)
        check("colour picker")
        app.pop_screen()
        app.push_screen(IntroScreen())
        await settle(pilot)
        check("intro")
        app.pop_screen()
        app.push_screen(IntroScreen(watching=True))
        await settle(pilot)
        check("intro, watching")
    assert not problems, "\n".join(problems)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_start_screen_fits_80x24(lang: str) -> None:
    from client.screens.start import StartScreen

    app = TakiApp(name="Ünïcødé Ñame", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        await settle(pilot)
        problems = overflows(app.screen)
    assert not problems, "\n".join(problems)


class _Found:
    """A stand-in for discovery.Browser that has found ``n`` games."""

    scope = "loopback"
    available = True

    def __init__(self, n: int) -> None:
        from client.discovery import Game

        self._games = [Game(f"Server {i}", "127.0.0.1", 8254 + i, (1,), i, "mdns")
                       for i in range(n)]

    def games(self) -> list[Any]:
        return list(self._games)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_start_screen_keys_stay_in_view_with_games_found(lang: str) -> None:
    """At 80x24, once games are found the box grows: the key line stays on screen."""
    from client.screens.start import StartScreen

    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        screen = app.screen
        assert isinstance(screen, StartScreen)
        screen.browser = _Found(6)  # type: ignore[assignment]
        screen.refresh_view()
        await settle(pilot)
        keys = screen.query_one("#start-keys")
        assert keys.display and keys.region.height == 1
        assert 0 <= keys.region.y < 24
        assert app.screen.get_widget_at(2, keys.region.y)[0] is keys
        assert not overflows(screen), overflows(screen)


@pytest.mark.asyncio
async def test_start_screen_forgets_its_note_after_a_game() -> None:
    """'Starting a table with three bots...' is over once the player is back; a help
    opened over the start screen keeps it."""
    from textual.screen import Screen
    from textual.widgets import Static

    from client.screens.help import HelpScreen
    from client.screens.start import StartScreen

    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        screen = app.screen
        assert isinstance(screen, StartScreen)
        note = screen.query_one("#note", Static)
        screen.note("Starting a table with three bots...")
        app.push_screen(HelpScreen())
        await settle(pilot)
        app.pop_screen()
        await settle(pilot)
        assert "three bots" in str(note.render())
        app.push_screen(Screen())  # a table, a lobby: a full screen
        await settle(pilot)
        app.pop_screen()
        await settle(pilot)
        assert str(note.render()).strip() == ""


@pytest.mark.asyncio
async def test_start_screen_forgets_hostings_note_behind_its_address_dialog() -> None:
    """Host shows its addresses in a dialog pushed before the lobby: back on the start
    screen, 'Starting a server for your LAN...' is over (a tester saw it stay)."""
    from textual.screen import Screen
    from textual.widgets import Static

    from client.screens.hosting import HostingScreen
    from client.screens.start import StartScreen

    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        screen = app.screen
        assert isinstance(screen, StartScreen)
        note = screen.query_one("#note", Static)
        screen.note("Starting a server for your LAN...", busy=True)
        app.push_screen(HostingScreen(["192.0.2.7"], 8254, ""))  # (never dialled)
        await settle(pilot)
        app.push_screen(Screen())  # the lobby, under it all
        await settle(pilot)
        app.pop_screen()
        app.pop_screen()
        await settle(pilot)
        assert str(note.render()).strip() == ""


def test_the_english_check_finds_what_the_review_found() -> None:
    """The words the issue found left in English: the lobby's 'turn 30s', the default
    name 'Player', Kannada's 'host:port'; a language's own use of a word is not English
    ('Table' and 'Options' are French too), nor are the brand and key names."""
    assert english_left("fr", ["stairs, turn 30s"]) == ["stairs", "turn"]
    assert english_left("bg", ["Player"]) == ["Player"]
    assert english_left("kn", ["host:port"]) == ["host", "port"]
    assert english_left("fr", ["Table", "Options", "TAKI", "Entrée", "Esc"]) == []
    assert english_left("en", ["anything at all"]) == []


def test_a_host_without_a_network_says_so_instead_of_an_empty_address_list() -> None:
    from client.app import friends_line

    assert friends_line(["192.0.2.7", "127.0.0.1"], 8254) == "Friends join with: 192.0.2.7:8254"
    line = friends_line(["127.0.0.1"], 8300)
    assert "127.0.0.1:8300" in line and "only this machine" in line
