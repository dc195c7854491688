"""The Textual client (asyncio) against a real server running in a background thread."""

from __future__ import annotations

import asyncio

import pytest

from client.app import TakiApp
from client.config import Settings
from client.net import parse_address
from client.screens.lobby import LobbyScreen
from client.screens.table import TableScreen
from client.widgets.cards import CardTile
from protocol.messages import GameAction, TableOptions

from ..support.clientkit import make_app, play_to_the_end, seated_game, set_game, until
from ..support.server_thread import ServerThread
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")


def test_parse_address() -> None:
    assert parse_address("192.168.1.23:8254") == ("192.168.1.23", 8254)
    assert parse_address("host") == ("host", 8254)
    assert parse_address("[::1]:9000") == ("::1", 9000)
    for bad in ("", "a:b", "h:0", "h:70000"):
        with pytest.raises(ValueError):
            parse_address(bad)


@pytest.mark.asyncio
async def test_join_lobby_create_and_play_by_keys(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen))
        await seated_game(app, server)
        assert isinstance(app.screen, TableScreen)
        await until(lambda: bool(app.session.state.legal))  # our turn (a bot moves fast)
        before = len(app.session.state.hand)
        await pilot.press("d")
        await until(lambda: len(app.session.state.hand) != before or not app.session.state.legal)
        assert app.session.state.hand != [] and app.session.state.seq > 0
        log = "\n".join(app.session.state.log)
        assert "You drew" in log  # 1 card, or a +2 stack a bot just played


@pytest.mark.asyncio
async def test_play_a_card_by_number_and_enter(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await seated_game(app, server)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        pos = position(hands=[["R1", "G3", "R7"], ["B1", "B3", "B4"]])
        server.call(lambda: set_game(table, pos))
        await until(lambda: app.session.state.hand == ["R1", "G3", "R7"]
                    and bool(app.session.state.legal))
        await until(lambda: len(app.screen.query(CardTile)) == 3)  # recomposed
        tiles = list(app.screen.query(CardTile))
        # Sorted by colour: R1, R7, G3.
        assert [t.code for t in tiles] == ["R1", "R7", "G3"]
        assert [t.has_class("unplayable") for t in tiles] == [False, False, True]
        await pilot.press("2", "enter")
        await until(lambda: "R7" not in app.session.state.hand)
        view = app.session.state.view
        assert view is not None and view.lead in ("R7", "B1", "B3", "B4")


@pytest.mark.asyncio
async def test_refusals_say_why_and_the_card_flashes(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await seated_game(app, server)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        pos = position(hands=[["G3", "G7"], ["B1", "B3", "B4"]])
        server.call(lambda: set_game(table, pos))
        await until(lambda: sorted(app.session.state.hand) == ["G3", "G7"]
                    and bool(app.session.state.legal))
        await until(lambda: len(app.screen.query(CardTile)) == 2)
        await pilot.press("1", "enter")
        status = app.screen.query_one("#status")
        await until(lambda: "Match red or 5" in str(status.render()))
        assert any(t.has_class("refused") for t in app.screen.query(CardTile))
        await pilot.press("c")
        await until(lambda: "Nothing to close" in str(status.render()))
        assert sorted(app.session.state.hand) == ["G3", "G7"]  # nothing was sent
        # The server's own refusal of a rule is worded the same way, not in English.
        app.session.send_action(GameAction("play", app.session.state.seat or 0, "G7"))
        await until(lambda: "Match red or 5" in str(status.render())
                    and "does not match" not in str(status.render()))
        await pilot.press("s")  # a host key, but the game is on
        await until(lambda: "Only before the game starts" in str(status.render()))
        await pilot.press("v")
        await until(lambda: "when the game is over" in str(status.render()))


@pytest.mark.asyncio
async def test_plus3_window_break_and_pass_keys(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await seated_game(app, server)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        pos = position(
            hands=[["breaker", "G3", "R7"], ["+3", "B3", "B4"]],
            turn=0,
            discard=["R5", "+3"],
            plus3={"by": 1, "passed": []},
        )
        server.call(lambda: set_game(table, pos))
        await until(lambda: app.session.state.action("break") is not None)
        await until(lambda: "break" in str(app.screen.query_one("#keys").render()))  # redrawn
        keys = str(app.screen.query_one("#keys").render())
        assert "break" in keys and "pass" in keys
        await pilot.press("b")
        await until(lambda: "breaker" not in app.session.state.hand)
        assert app.session.state.view is not None and app.session.state.view.plus3 is None
        assert app.session.state.view.players[1].cards == 6  # 3 held + 3 drawn


@pytest.mark.asyncio
async def test_spectator_sees_no_hand(server: ServerThread) -> None:
    host = make_app(server, name="Host")
    async with host.run_test(size=(100, 32)):
        await seated_game(host, server)
        watcher = TakiApp(f"127.0.0.1:{server.port}", name="Watcher", watch="t1",
                          settings=Settings())
        async with watcher.run_test(size=(100, 32)):
            await until(lambda: watcher.session.state.view is not None)
            assert watcher.session.state.seat is None
            assert watcher.session.state.view.hand is None
            assert list(watcher.screen.query(CardTile)) == []
            await until(lambda: watcher.session.state.seq == host.session.state.seq)


@pytest.mark.asyncio
async def test_reconnect_after_the_socket_is_cut(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)):
        await seated_game(app, server)
        hand = list(app.session.state.hand)
        seat = app.session.state.seat
        link = app.session.link
        assert link is not None and link._writer is not None
        link._writer.transport.abort()  # the Wi-Fi drops
        await until(lambda: app.session.link is not None and app.session.link is not link,
                    timeout=15)
        await until(lambda: app.session.state.view is not None and app.session.state.seat == seat)
        assert app.session.state.seat == seat
        # the hand is the same unless the game moved on (bots may not act for us)
        assert sorted(app.session.state.hand) == sorted(hand) or app.session.state.seq > 0


@pytest.mark.asyncio
async def test_server_refusal_is_shown_not_raised(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: app.session.link is not None)
        app.session.join_table("t99")
        await pilot.pause(0.3)
        await until(lambda: not app.session.pending)
        assert isinstance(app.screen, LobbyScreen)


@pytest.mark.asyncio
async def test_names_and_chat_never_render_markup(server: ServerThread) -> None:
    app = make_app(server, name="[b]Bold[/b]")
    async with app.run_test(size=(100, 32)):
        await seated_game(app, server)
        app.session.send_chat("[red]boom[/red] \x1b[2J")
        await until(lambda: bool(app.session.chat_lines))
        await asyncio.sleep(0.1)
        chat = app.screen.query_one("#chat")
        text = "\n".join(str(line.text) for line in chat.lines)  # type: ignore[attr-defined]
        assert "[red]boom[/red]" in text and "\x1b" not in text
        players = str(app.screen.query_one("#players").render())
        assert "[b]Bold[/b]" in players


@pytest.mark.asyncio
async def test_step_through_a_finished_game(quick_server: ServerThread) -> None:
    from client.screens.replay import ReplayScreen

    server = quick_server
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await seated_game(app, server)
        await play_to_the_end(app)
        assert app.session.state.view is not None and app.session.state.view.over
        await pilot.press("v")
        await until(lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        await pilot.press("end")
        assert screen.index == len(screen.actions) > 0
        game, _lines, _told = screen._game_at(screen.index)
        assert game.over
        await pilot.press("left", "left")
        assert screen.index == len(screen.actions) - 2
        await pilot.press("q")
        await until(lambda: isinstance(app.screen, TableScreen))


@pytest.mark.asyncio
async def test_the_game_over_screen_shows_who_held_what(server: ServerThread) -> None:
    """At the end every hand left is shown (PROTOCOL.md 9.6 ``hands``): each player's
    cards beside their name, at 80x24; the winner's line shows none."""
    app = make_app(server)
    async with app.run_test(size=(80, 24)) as pilot:
        await seated_game(app, server, bots=2)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        playing = position(hands=[["R1"], ["R7", "Gstop", "B+2"], ["king", "Y9"]])
        server.call(lambda: set_game(table, playing))
        await until(lambda: app.session.state.hand == ["R1"])
        players = app.screen.query_one("#players")
        assert "R7" not in str(players.render())  # never before the end
        over = position(hands=[[], ["R7", "Gstop", "B+2"], ["king", "Y9"]], winner=0,
                        places=[1, None, None])
        server.call(lambda: set_game(table, over))
        await until(lambda: bool(app.session.state.view and app.session.state.view.over))
        await pilot.pause()
        lines = str(players.render()).splitlines()
        mine, noa, avi = lines[1:4]
        assert "R7" not in mine and "KING" not in mine
        assert noa.endswith("R 7 G STOP B +2"), noa
        assert avi.endswith("Y 9 KING"), avi


@pytest.mark.asyncio
async def test_a_table_with_every_player_away_says_it_waits_for_them(
    server: ServerThread,
) -> None:
    """TableInfo.all_away (PROTOCOL.md 5.4): whoever still watches reads why nothing
    moves."""
    import dataclasses

    app = make_app(server)
    async with app.run_test(size=(80, 24)) as pilot:
        await seated_game(app, server)
        status = app.screen.query_one("#status")
        assert "come back" not in str(status.render())
        info = app.session.state.info
        assert info is not None and not info.all_away
        app.session.state.info = dataclasses.replace(info, all_away=True)
        app.refresh_screen()
        await pilot.pause()
        assert "Waiting for the players to come back." in str(status.render())


@pytest.mark.asyncio
async def test_an_announcement_shows_in_the_title_banner(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(80, 24)):
        await seated_game(app, server)
        app.session.state.banner = "Noa said last card"
        app.session.state.banner_seq += 1
        app.refresh_screen()
        title = app.screen.query_one("#title")
        await until(lambda: "Noa said last card" in str(title.render()))


@pytest.mark.asyncio
async def test_a_late_seated_notice_after_leaving_keeps_the_lobby(server: ServerThread) -> None:
    """The table's screen is shown when a snapshot's ``Seated`` notice is handled; one
    handled after the player already left (a loaded machine: the test below once saw
    it) must not bring back the screen of a table left."""
    from client.session import Session

    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        app.session.create_table(TableOptions("Mine", 2))
        await until(lambda: isinstance(app.screen, TableScreen))
        app.leave_table()
        await until(lambda: isinstance(app.screen, LobbyScreen))
        app.post_message(Session.Seated())
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


@pytest.mark.asyncio
async def test_back_in_the_lobby_the_list_follows_the_server_again(server: ServerThread) -> None:
    """Lobby pushes stop at a table (PROTOCOL.md 5.1): after leaving, the client asks for
    the list again and sees tables made since."""
    from protocol.connection import ClientConnection
    from protocol.messages import CreateTable, Welcome

    app = make_app(server)
    async with app.run_test(size=(100, 32)):
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        app.session.create_table(TableOptions("Mine", 2))
        await until(lambda: app.session.state.info is not None)
        app.leave_table()
        await until(lambda: "t1" not in app.session.tables and isinstance(app.screen, LobbyScreen))
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        conn = ClientConnection()
        writer.write(conn.hello("Other", "test/1"))
        while not isinstance(conn.next_message(), Welcome):
            conn.receive_data(await reader.read(65536))
        writer.write(conn.send(CreateTable(1, TableOptions("Theirs", 2))))
        await until(lambda: "t2" in app.session.tables)
        writer.close()
