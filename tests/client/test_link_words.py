"""Why the connection ended, in the player's language: client/net.py gives each reason
a code (``Why``), client/link_words.py words it; what the system said is kept only as a
short suffix, without control characters."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from rich.cells import cell_len
from textual.message import Message as UIMessage
from textual.widgets import Static

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.link_words import (
    DETAIL_MAX,
    address_words,
    lost_words,
    reach_words,
    start_words,
    technical,
)
from client.local import LocalServerError
from client.net import AddressError, BadAddress, LinkClosed, Why, parse_address
from client.screens.cannot_join import CannotJoinScreen
from client.screens.lobby import LobbyScreen
from client.session import Session
from protocol.messages import ListTables

from ..support.clientkit import until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")

ENGLISH_REASONS = ("the server closed the connection", "connection lost",
                   "the server stopped answering", "cannot send", "cannot reach",
                   "protocol error")
LONG_DETAIL = "[Errno 104] Connection reset by peer " + "W" * 60
ADDRESS = ("192.168.100.200", 65535)


def every_closing() -> list[LinkClosed]:
    """A LinkClosed for every code, with and without a (long) technical detail."""
    closings = []
    for why in Why:
        for detail in ("", LONG_DETAIL):
            closings.append(LinkClosed(f"english {why}", why, detail=detail, seconds=600))
    return closings


def toasts(app: TakiApp) -> str:
    return "\n".join(str(t.render()) for t in app.screen.query("Toast"))


@pytest.mark.parametrize("lang", ["fr", "bg", "is", "kn"], indirect=True)
def test_every_reason_is_worded_in_the_players_language(lang: str) -> None:
    """No code falls back to the English sentence (nor to net.py's English reason)."""
    for closed in every_closing():
        said = [lost_words(closed), reach_words(closed, *ADDRESS)]
        i18n.set_language("en")
        english = [lost_words(closed), reach_words(closed, *ADDRESS)]
        i18n.set_language(lang)
        for mine, theirs in zip(said, english, strict=True):
            assert mine != theirs, (closed.why, mine)
            assert not any(r in mine.casefold() for r in ENGLISH_REASONS), mine


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
def test_every_connection_message_fits_80_columns(lang: str) -> None:
    wide = [(c.why, text) for c in every_closing()
            for text in (lost_words(c), reach_words(c, *ADDRESS)) if cell_len(text) > 80]
    assert not wide, (lang, wide)


def test_the_system_detail_is_a_short_suffix_without_control_characters() -> None:
    lost = LinkClosed("connection lost", Why.LOST,
                      detail="[Errno 104]\x1b]0;owned\x07 reset\n\tby peer" + "x" * 200)
    said = lost_words(lost)
    assert said.startswith("The connection was lost (")
    assert "\x1b" not in said and "\x07" not in said and "\n" not in said
    assert cell_len(technical(lost.detail)) <= DETAIL_MAX
    assert technical(lost.detail).endswith("…")
    assert lost_words(LinkClosed("", Why.LOST, detail=ConnectionResetError(
        104, "Connection reset by peer"))) == (
        "The connection was lost ([Errno 104] Connection reset by peer).")
    assert lost_words(LinkClosed("", Why.LOST)) == "The connection was lost."


@pytest.mark.parametrize("lang", ["fr"], indirect=True)
def test_an_address_that_cannot_be_reached_is_worded_with_the_errors_suffix(
        lang: str) -> None:
    """It read "Impossible de joindre h:1 : cannot reach h:1 ([Errno 101] ...)"; a
    silent server, "the server stopped answering (nothing for 6 s)"."""
    closed = LinkClosed("cannot reach h:1 ([Errno 101] Network is unreachable)",
                        Why.UNREACHABLE, detail=OSError(101, "Network is unreachable"))
    assert reach_words(closed, "h", 1) == (
        "h:1 est injoignable ([Errno 101] Network is unreachable).")
    silent = LinkClosed("the server stopped answering (nothing for 6 s)", Why.SILENT,
                        seconds=6)
    assert lost_words(silent) == "Le serveur ne répond plus : rien reçu depuis 6 s."


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["fr"], indirect=True)
async def test_a_server_that_goes_away_is_told_in_the_players_language(lang: str) -> None:
    """A French player read "Connexion / the server closed the connection"."""
    server = ServerThread()
    server.start()
    app = TakiApp(f"127.0.0.1:{server.port}", name="Zoé", settings=Settings())
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen)
                        and app.session.link is not None)
            server.stop()
            await until(lambda: "Le serveur a fermé la connexion." in toasts(app))
            await pilot.pause()
            shown = toasts(app)
            app.session.quitting = True
    finally:
        server.stop()
    assert "Connexion" in shown, shown
    assert "the server closed" not in shown, shown


class _Unsendable:
    """A link whose messages cannot be put on the wire (the protocol refuses them)."""

    closing = False

    def send(self, message: Any) -> None:
        raise LinkClosed("cannot send: frame too large", Why.CANNOT_SEND,
                         detail="frame too large\x1b[2J")


@pytest.mark.parametrize("lang", ["fr"], indirect=True)
def test_a_message_that_cannot_be_sent_is_told_in_the_players_language(lang: str) -> None:
    """"cannot send: ..." came from session.py in English."""
    posted: list[UIMessage] = []
    session = Session(posted.append)
    session.link = _Unsendable()  # type: ignore[assignment]
    session.request(ListTables)
    notices = [m.text for m in posted if isinstance(m, Session.Notice)]
    assert notices == ["Ce message ne peut pas être envoyé (frame too large\ufffd[2J)."]


BAD_ADDRESSES = ("", "[::1", "[::1]x", ":8254", "a b:1", "\x1b[2Jevil:1", "h:abc",
                 "h:" + "9" * 300, "h:²", "h:0", "h:65536")


def address_problem(text: str) -> AddressError:
    with pytest.raises(AddressError) as caught:
        parse_address(text)
    return caught.value


def test_every_bad_address_says_what_is_wrong() -> None:
    problems = {address_problem(text).problem for text in BAD_ADDRESSES}
    assert problems == set(BadAddress)
    assert address_words(address_problem("h:abc")) == "The port is not a number: abc."
    assert "\x1b" not in address_words(address_problem("\x1b[2Jevil:1"))


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
def test_every_address_problem_is_worded_and_fits_80_columns(lang: str) -> None:
    for text in BAD_ADDRESSES:
        error = address_problem(text)
        said = address_words(error)
        assert cell_len(said) <= 80, (lang, said)
        assert said != str(error), (lang, said)
        if lang != "en":
            i18n.set_language("en")
            english = address_words(error)
            i18n.set_language(lang)
            assert said != english, (lang, said)


def screen_text(app: TakiApp) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["fr"], indirect=True)
async def test_an_address_nobody_answers_and_a_wrong_one_are_told_in_french(
        lang: str) -> None:
    """The "cannot join" screen said "Rien ne répond à ..." but, for an address typed
    wrong in its field, "the port in 'h:abc' is not a number: 'abc'"."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    app = TakiApp(f"127.0.0.1:{port}", name="Zoé", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, CannotJoinScreen))
        await pilot.pause()
        title = str(app.screen.query_one("#cj-title", Static).render())
        what = str(app.screen.query_one("#cj-what", Static).render())
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+u", *"h:abc", "enter")
        await pilot.pause()
        wrong = str(app.screen.query_one("#cj-error", Static).render())
        await pilot.press("ctrl+u", *"h:²", "enter")
        await pilot.pause()
        digit = str(app.screen.query_one("#cj-error", Static).render())
        shown = screen_text(app)
        app.session.quitting = True
    assert title == f"Impossible de rejoindre 127.0.0.1:{port}", title
    assert what == f"Rien ne répond à 127.0.0.1:{port}.", what
    assert wrong == "Le port n'est pas un nombre : abc.", wrong
    assert digit == "Le port n'est pas un nombre : ².", digit
    assert "not a number" not in shown, shown


SERVER_REASON = "cannot listen on 127.0.0.1:0: [Errno 98] Address already in use"


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
def test_a_local_server_that_did_not_start_is_worded_and_fits_80_columns(lang: str) -> None:
    for error in (LocalServerError(SERVER_REASON), LocalServerError("late", late=True),
                  PermissionError(13, "Permission denied"), LocalServerError("")):
        said = start_words(error)
        assert cell_len(said) <= 80, (lang, said)
        assert "did not start" not in said or lang == "en", (lang, said)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["fr"], indirect=True)
async def test_play_now_and_hosting_that_fail_are_told_in_french(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toast was the server's or the system's English ("cannot listen on ...")."""
    async def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise LocalServerError(SERVER_REASON)

    monkeypatch.setattr("client.app.LocalServer.start", refuse)
    monkeypatch.setattr("client.app.start_lan_server", refuse)
    app = TakiApp(None, name="Zoé", settings=Settings())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.play_now()
        await until(lambda: "démarré" in toasts(app))
        app.host_lan()
        await until(lambda: "Impossible d'héberger" in toasts(app))
        await pilot.pause()
        shown = toasts(app)
    assert "Le serveur local n'a pas démarré (cannot listen on 127.0.0.1:0: [Errn…)." in (
        shown), shown
