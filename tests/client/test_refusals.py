"""Server refusals in the player's language: the client words each error code itself
(PROTOCOL.md section 10); the server's English text is shown only for a code the
client does not know."""

from __future__ import annotations

import asyncio

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.refusals import KNOWN_CODES, refusal_words
from client.screens.cannot_join import CannotJoinScreen
from client.screens.lobby import LobbyScreen
from client.session import Session
from protocol.errors import ERROR_CODES
from protocol.limits import TABLE_NAME_MAX
from protocol.messages import GetReplay, Join, SeatInfo, Spectate, TableInfo, TableOptions

from ..support.clientkit import until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")

SERVER_TEXT = "SERVER'S OWN ENGLISH"
SESSION_WORDED = {"replaced"}
"""Worded by the session itself (with the key that takes the seat back)."""


def toasts(app: TakiApp) -> str:
    return "\n".join(str(t.render()) for t in app.screen.query("Toast"))


def test_every_code_of_the_protocol_is_worded_by_the_client() -> None:
    assert set(ERROR_CODES) - SESSION_WORDED <= KNOWN_CODES
    for code in ERROR_CODES:
        if code not in SESSION_WORDED:
            assert refusal_words(code, SERVER_TEXT) != SERVER_TEXT, code


def test_an_unknown_code_shows_the_servers_text_made_inert() -> None:
    assert refusal_words("some_later_code", SERVER_TEXT) == SERVER_TEXT
    assert "\x1b" not in refusal_words("some_later_code", "evil \x1b[2J text")


def test_a_table_or_game_is_named_only_from_the_request_refused() -> None:
    """The name comes from what this client asked for, as the lobby shows it; without
    the request the sentence names nothing (the server's text is never parsed)."""
    info = TableInfo("t9", TableOptions("Friday", 2), "waiting", (None, None))
    assert refusal_words("no_such_table", "there is no table 't9'") == "There is no such table."
    assert refusal_words("no_such_table", "", Join(id=1, table="t9"), {"t9": info}) == (
        "There is no table Friday.")
    assert refusal_words("no_such_table", "", Spectate(id=1, table="t9")) == (
        "There is no table t9.")
    assert refusal_words("no_such_game", "", GetReplay(id=1, game=12)) == (
        "There is no finished game number 12.")
    assert refusal_words("no_such_game", "", GetReplay(id=1, table="t1")) == (
        "There is no such finished game.")
    assert refusal_words("game_in_progress", "", Join(id=1, table="t9")) == (
        "The game has started: watch it instead.")


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
def test_every_refusal_fits_80_columns(lang: str) -> None:
    name = "W" * TABLE_NAME_MAX
    info = TableInfo("t9", TableOptions(name, 2), "waiting", (None, None))
    asked = [None, Join(id=1, table="t9"), Spectate(id=1, table="t9"),
             GetReplay(id=1, game=2**31)]
    wide = [(code, text) for code in KNOWN_CODES for request in asked
            if cell_len(text := refusal_words(code, "", request, {"t9": info})) > 80]
    assert not wide, (lang, wide)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["fr"], indirect=True)
async def test_a_table_that_does_not_exist_is_refused_in_the_players_language(
    server: ServerThread, lang: str
) -> None:
    """A French player read "Refusé / there is no table 't9'"."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Zoé", settings=Settings())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen)
                    and app.session.link is not None)
        app.session.join_table("t9")
        await until(lambda: "t9" in toasts(app))
        await pilot.pause()
        shown = toasts(app)
    assert "Il n'y a pas de table t9." in shown, shown
    assert "there is no table" not in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["fr"], indirect=True)
async def test_joining_a_game_under_way_is_refused_in_the_players_language(
    server: ServerThread, lang: str
) -> None:
    """"the game has started; watch it instead" was the server's English."""
    cy = Session(lambda _m: None, player_name="Cy")
    loop = asyncio.create_task(cy.run("127.0.0.1", server.port, False, lambda *_a: "?"))
    app = TakiApp(f"127.0.0.1:{server.port}", name="Zoé", settings=Settings())
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until(lambda: cy.link is not None and app.session.link is not None)
            cy.create_table(TableOptions("Cy", 2))
            await until(lambda: cy.state.info is not None)
            cy.host_command("add_basic")
            await until(lambda: cy.state.info is not None
                        and all(isinstance(s, SeatInfo) for s in cy.state.info.seats))
            cy.host_command("start")
            await until(lambda: cy.state.view is not None)
            table = cy.state.info.id if cy.state.info else ""
            app.session.join_table(table)
            want = i18n._("The game has started: watch it instead.")
            await until(lambda: want in toasts(app))
            await pilot.pause()
            shown = toasts(app)
    finally:
        cy.quitting = True
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
    assert want == "La partie a commencé : regardez-la plutôt."
    assert "watch it instead" not in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["fr"], indirect=True)
async def test_a_full_server_is_told_in_the_players_language(lang: str) -> None:
    """A refusal before ``welcome`` (server_full) carried only the server's English."""
    with ServerThread(max_connections=0) as full:
        app = TakiApp(f"127.0.0.1:{full.port}", name="Zoé", settings=Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, CannotJoinScreen))
            await pilot.pause()
            what = str(app.screen.query_one("#cj-what", Static).render())
            app.session.quitting = True
    assert what == "Le serveur n'accepte plus de connexions pour l'instant.", what
