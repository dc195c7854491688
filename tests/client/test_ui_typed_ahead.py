"""Keys typed before a dialog has drawn go to the fields they were meant for, in order.

A player typing fast, a paste, or a tmux script sends "n", Tab, "5" in one burst: the
Tab was spent before the new-table form had its focus, or (the form open) the "5" went
to the name field before the Tab had moved the focus: the "5" replaced the table's name
and the seats stayed 4. The same burst lost the letters typed after s (settings), t
(chat) and e (the address of a server that cannot be reached), or ran them as commands.
"""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from client.app import TakiApp
from client.config import Settings
from client.screens.cannot_join import CannotJoinScreen
from client.screens.help import HelpScreen
from client.screens.intro import IntroScreen
from client.screens.lobby import CreateTable, LobbyScreen
from client.screens.settings import SettingsScreen
from client.screens.start import StartScreen
from client.screens.table import TableScreen
from protocol.messages import TableOptions

from ..support.clientkit import burst, until
from ..support.fit import screen_lines
from ..support.harness import free_port
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


async def at_a_new_table(app: TakiApp, pilot: Pilot[None]) -> None:
    """Open a 2-seat table and wait until its screen shows it."""
    await until(lambda: app.session.link is not None)
    app.session.create_table(TableOptions("Test", 2))
    await until(lambda: isinstance(app.screen, TableScreen) and app.session.state.info is not None)
    await pilot.pause()


async def the_new_table_form(app: TakiApp, pilot: Pilot[None]) -> None:
    """Press n in the lobby and wait until the form is open, its name field focused."""
    await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
    await pilot.press("n")
    await until(lambda: isinstance(app.screen, CreateTable)
                and app.focused is not None and app.focused.id == "tname")


@pytest.mark.asyncio
async def test_keys_typed_with_n_fill_the_new_table_form_in_order(
    server: ServerThread,
) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        await burst(pilot, "n", "tab", "5")
        await until(lambda: isinstance(app.screen, CreateTable))
        await pilot.pause()
        form = app.screen
        assert form.query_one("#tname", Input).value == "Ann's table"
        assert form.query_one("#seats", Input).value == "5"


@pytest.mark.asyncio
async def test_tab_and_a_digit_in_one_burst_fill_the_seats_of_an_open_form(
    server: ServerThread,
) -> None:
    """The form open and focused, Tab and "5" in one read: the "5" was routed to the
    name field while the Tab was still on its way to the app's bindings."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await the_new_table_form(app, pilot)
        await burst(pilot, "tab", "5")
        form = app.screen
        assert form.query_one("#tname", Input).value == "Ann's table"
        assert form.query_one("#seats", Input).value == "5"


@pytest.mark.asyncio
async def test_keys_typed_with_s_fill_the_name_in_settings(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        await burst(pilot, "s", "B", "o", "b")
        await until(lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        assert app.screen.query_one("#name", Input).value == "Bob"


@pytest.mark.asyncio
async def test_keys_typed_with_t_go_to_the_chat_not_the_game(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await at_a_new_table(app, pilot)
        # d draws, o sorts, e ends a turn: each of them a word's letter here.
        await burst(pilot, "t", "d", "o", "v", "e")
        await pilot.pause()
        assert app.screen.query_one("#chat-input", Input).value == "dove"


@pytest.mark.asyncio
async def test_keys_typed_with_e_edit_the_address_that_cannot_be_reached() -> None:
    port = free_port()  # nothing listens on it: the join fails
    app = TakiApp(f"127.0.0.1:{port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, CannotJoinScreen))
        await pilot.pause()
        await burst(pilot, "e", "end", "9")
        await pilot.pause()
        assert app.screen.query_one("#cj-address", Input).value == f"127.0.0.1:{port}9"


@pytest.mark.asyncio
async def test_keys_typed_after_enter_in_the_chat_go_to_the_game(server: ServerThread) -> None:
    """"t", "hi", Enter, then at once "t", "yo": the Enter's Submitted was still on its way
    up to the table when the second "t" reached the chat box, which was still focused;
    the table then emptied the box and took the focus away, so "yo" ran as game keys."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await at_a_new_table(app, pilot)
        await burst(pilot, "t", "h", "i", "enter", "t", "y", "o")
        await until(lambda: bool(app.session.chat_lines))
        await pilot.pause()
        assert [text for _, text, _ in app.session.chat_lines] == ["hi"]
        chat = app.screen.query_one("#chat-input", Input)
        assert app.focused is chat
        assert chat.value == "yo"


@pytest.mark.asyncio
async def test_keys_typed_after_enter_on_the_new_table_form_go_to_the_new_table(
    server: ServerThread,
) -> None:
    """Enter on the form, then at once "t", "hi": the table comes with the server's
    answer, later than the keys; they went to the lobby (where q would quit)."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await the_new_table_form(app, pilot)
        await burst(pilot, "enter", "t", "h", "i")
        await until(lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        chat = app.screen.query_one("#chat-input", Input)
        assert app.focused is chat
        assert chat.value == "hi"


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_keys_typed_with_question_mark_scroll_the_help(size: tuple[int, int]) -> None:
    """"?" then at once End: the help scrolls to its last row, the key table's "?" row
    ("this help"), rather than End going to the start screen behind it."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=size) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        await burst(pilot, "question_mark", "end")
        await until(lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        await pilot.pause()
        assert any("this help (Esc closes it)" in line for line in screen_lines(app.screen))


@pytest.mark.asyncio
async def test_question_mark_and_escape_in_one_burst_close_the_help() -> None:
    """Esc typed with the "?" closes the help it opened (twice over, a PgDn between)."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        await burst(pilot, "question_mark", "escape", "question_mark", "pagedown", "escape")
        await until(lambda: not app.keys.busy and not app.keys.held)
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert not any(isinstance(screen, HelpScreen) for screen in app.screen_stack)


@pytest.mark.asyncio
async def test_keys_typed_after_enter_on_the_start_screens_address_go_to_the_lobby(
    server: ServerThread,
) -> None:
    """The address typed, Enter, then at once "n": the lobby comes with the server's
    answer, later than the keys; the "n" went to the address field (and into the
    address joined) instead of opening the new-table form in the lobby."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        await pilot.press("j")  # no address yet: j puts the cursor in its field
        await until(lambda: app.focused is not None and app.focused.id == "address")
        await burst(pilot, *f"127.0.0.1:{server.port}", "enter", "n")
        await until(lambda: isinstance(app.screen, CreateTable))
        await pilot.pause()
        assert app.screen.query_one("#tname", Input).value == "Ann's table"


@pytest.mark.asyncio
async def test_keys_typed_after_enter_on_the_name_go_to_the_buttons() -> None:
    """A name typed, Enter, then at once "l": Enter moves on to Play now, and the "l"
    is the buttons' key (the bots' level), not one more letter of the name."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        name = app.screen.query_one("#name", Input)
        name.focus()
        await until(lambda: app.focused is name)
        level = app.session.settings.bot_level
        await burst(pilot, "end", "e", "enter", "l")
        await until(lambda: app.focused is not None and app.focused.id == "play")
        await until(lambda: app.session.settings.bot_level != level)
        assert name.value == "Anne"


@pytest.mark.asyncio
async def test_a_first_launch_types_the_name_into_its_field() -> None:
    """No name given or saved: the letters typed after the intro are the name (the
    focus was on Play now, so a name beginning with p started a game); Enter keeps it
    and moves on to Play now, where the start screen's keys work again."""
    app = TakiApp(settings=Settings.load())  # nothing saved yet: a first launch
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, IntroScreen))
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, StartScreen))
        name = app.screen.query_one("#name", Input)
        await until(lambda: app.focused is name)
        await burst(pilot, "p", "i", "a", "enter")
        await until(lambda: app.focused is not None and app.focused.id == "play")
        assert name.value == "pia"
        assert isinstance(app.screen, StartScreen) and app.local is None  # no game started
        level = app.session.settings.bot_level
        await pilot.press("l")
        await until(lambda: app.session.settings.bot_level != level)


@pytest.mark.asyncio
async def test_a_name_typed_over_the_first_launchs_intro_is_the_name() -> None:
    """Seen in tmux at 80x24: a newcomer typed "Zoe" over the intro, then Esc, and found
    "Player" in the name field (the letters were dropped). The first letter now closes
    the intro and starts the name, the others follow it; Esc after them closes nothing
    else and starts no game."""
    app = TakiApp(settings=Settings.load())  # nothing saved yet: a first launch
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, IntroScreen))
        await pilot.pause()
        await burst(pilot, "Z", "o", "e", "escape")
        await until(lambda: not app.keys.busy and not app.keys.held)
        await until(lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        assert name.value == "Zoe"
        assert app.focused is name
        assert app.local is None  # no game started
        await burst(pilot, "enter")  # Enter keeps it and moves on to Play now
        await until(lambda: app.focused is not None and app.focused.id == "play")
        assert name.value == "Zoe"


@pytest.mark.asyncio
async def test_a_player_with_a_name_may_not_type_over_the_intro() -> None:
    """A saved name: the start screen's buttons have the focus, and a letter typed over
    the intro does not go to them (p would start a game): the intro stays."""
    app = TakiApp(settings=Settings(name="Ann", intro_seen=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, IntroScreen))
        await pilot.pause()
        await burst(pilot, "p")
        await until(lambda: not app.keys.busy and not app.keys.held)
        await pilot.pause()
        assert isinstance(app.screen, IntroScreen) and app.local is None


@pytest.mark.asyncio
@pytest.mark.parametrize("how", ["given", "saved"])
async def test_a_player_with_a_name_starts_on_play_now(how: str) -> None:
    """A returning player (a saved name) or ``--name``: the start screen's keys work
    at once, as before."""
    if how == "given":
        app = TakiApp(name="Ann", settings=Settings())
    else:
        app = TakiApp(settings=Settings(name="Ann"))
    async with app.run_test(size=(80, 24)):
        await until(lambda: isinstance(app.screen, StartScreen))
        await until(lambda: app.focused is not None and app.focused.id == "play")
        assert app.screen.query_one("#name", Input).value == "Ann"


@pytest.mark.asyncio
async def test_keys_typed_after_enter_on_the_cannot_join_address_go_to_the_lobby(
    server: ServerThread,
) -> None:
    """e, the address of a server that answers, Enter, then at once "n": the keys after
    the Enter are for the lobby the server's answer brings, not for the address field."""
    port = free_port()  # nothing listens on it: the join fails
    app = TakiApp(f"127.0.0.1:{port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, CannotJoinScreen))
        await pilot.pause()
        await burst(pilot, "e", "end", "ctrl+u", *f"127.0.0.1:{server.port}", "enter", "n")
        await until(lambda: isinstance(app.screen, CreateTable))
        await pilot.pause()
        assert app.screen.query_one("#tname", Input).value == "Ann's table"


@pytest.mark.asyncio
async def test_escape_typed_with_a_letter_is_both_keys(server: ServerThread) -> None:
    """Esc then t within Textual's escape delay arrive as one "alt+t" (as a terminal
    sends Alt+t): the Esc closes the help and the t opens the chat, as typed. Before,
    the pair did nothing and the help stayed open."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await at_a_new_table(app, pilot)
        table = app.screen
        await burst(pilot, "question_mark")
        await until(lambda: isinstance(app.screen, HelpScreen))
        assert app._driver is not None
        event = events.Key("alt+t", "t")  # what the parser makes of "\x1bt"
        event.set_sender(app)
        app._driver.send_message(event)
        await until(lambda: app.screen is table)
        await until(lambda: app.focused is table.query_one("#chat-input", Input))
