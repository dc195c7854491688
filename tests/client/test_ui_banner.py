"""The title's banner fits 80 columns; one cut to the room the title leaves says so.

In tmux at 80 columns the French +3 banner ended "... ou laissez-le passe": the key
it names, (p), cut off with no sign that anything was missing.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.table import TableScreen
from protocol.messages import Error

from ..support.clientkit import Table, make_app, seated_game, settled, until
from ..support.fit import overflows
from ..support.server_thread import ServerThread
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")


async def fullest_title(app: TakiApp, me: int | None) -> Table:
    """A table whose title is at its fullest: named as the new-table form suggests for
    a name of 7 letters, with hints on, seen from ``me`` (None: a spectator)."""
    name = i18n._("{name}'s table").format(name="Natalie")
    table = Table(app, position(hands=[["R7", "G3"], ["B4", "B5"]]), me=me,  # type: ignore[arg-type]
                  names=("Ann", "Natalie"), name=name)
    table.info = replace(table.info, options=replace(table.info.options, hints=True))
    table.snapshot()
    await until(lambda: isinstance(app.screen, TableScreen))
    return table


@pytest.mark.asyncio
async def test_a_banner_too_long_for_the_title_ends_with_an_ellipsis(
    server: ServerThread,
) -> None:
    app = make_app(server)
    async with app.run_test(size=(80, 24)):
        await seated_game(app, server)
        long = "Noa played +3: break it (b) or let it through (p) " * 2
        app.session.state.banner = long.strip()
        app.session.state.banner_seq += 1
        app.refresh_screen()
        title = app.screen.query_one("#title")
        await until(lambda: "Noa played +3" in str(title.render()))
        line = str(title.render())
        assert line.rstrip().endswith("…"), line
        assert cell_len(line.rstrip()) <= 80, line


BANNERS = [
    ("Discard pile shuffled into a new draw pile", {}),
    ("{who} did not say last card: draws {n}", {"n": 4}),
    ("You did not say last card: you draw {n}", {"n": 4}),
    ("Time ran out for {who}", {}),
    ("Time ran out: your turn ends", {}),
    ("Time ran out: {who} let the +3 through", {}),
    ("Time ran out: you let the +3 through", {}),
    ("{who} said last card", {}),
    ("{who} broke the +3!", {}),
    ("{who} cancelled the +{n} stack with a King", {"n": 6}),
    ("You cancelled the +{n} stack with a King", {"n": 6}),
    ("{who} cancelled the +3 with a King", {}),
    ("{who} cleared a stage: now stage {n}", {"n": 7}),
    ("You cleared a stage: now stage {n}", {"n": 7}),
    ("{who} finishes in place {n}", {"n": 2}),
    ("Direction reversed", {}),
]
"""What ``client.announce`` puts in the banner (``_BANNER_KINDS``, timeouts, the
last-card penalty), with a name of 7 letters."""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
@pytest.mark.parametrize("me", [0, None], ids=["seat", "spectator"])
async def test_every_banner_fits_the_title_at_80_columns(lang: str, me: int | None) -> None:
    """A spectator read "The discard pile was shuffled into a ne…" at 80 columns: each
    banner fits beside the table's name as the new-table form suggests it."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await fullest_title(app, me)
        cut = []
        for msgid, fields in BANNERS:
            if me is None and (msgid.startswith("You") or ": you" in msgid):
                continue  # (a spectator is told no "You ...")
            text = i18n._(msgid).format(who="Natalie", **fields)
            app.session.state.banner = text
            app.session.state.banner_seq += 1
            app.refresh_screen()
            await settled(pilot)
            title = str(app.screen.query_one("#title").render())
            if text not in title or cell_len(title.rstrip()) > 80 or overflows(app.screen):
                cut.append(title)
        assert not cut, cut


NOTES = [
    "Not connected: retrying...",
    "The server was stopped: waiting for it...",
    "Connection lost: reconnecting...",
    "Taking your seat back...",
]
"""The connection notes the session puts in the title (client/session.py)."""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
@pytest.mark.parametrize("me", [0, None], ids=["seat", "spectator"])
async def test_every_connection_note_fits_the_title_at_80_columns(
    lang: str, me: int | None
) -> None:
    """Seen in tmux: the host quit, and the spectator's title read "Ada's table
    playing  hints  (watching)   The server was stopped: waiting for", the rest cut
    with no sign. The note comes before the words a player knows already."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await fullest_title(app, me)
        cut = []
        for msgid in NOTES:
            text = i18n._(msgid)
            app.session.connection_note = text
            app.refresh_screen()
            await settled(pilot)
            title = str(app.screen.query_one("#title").render())
            if text not in title or cell_len(title.rstrip()) > 80 or overflows(app.screen):
                cut.append(title)
        assert not cut, cut


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES), indirect=True)
async def test_a_seat_played_from_another_window_keeps_its_key_in_the_title(
    lang: str,
) -> None:
    """Seen in tmux: a second window took Ada's seat and the first one's title read
    "Ada's table    Your seat is now played from another window. Press ctrl+r to ta…":
    the way back, ctrl+r, was cut (the toast that said it whole goes after 12 s)."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        name = i18n._("{name}'s table").format(name="Natalie")
        table = Table(app, position(hands=[["R7", "G3"], ["B4", "B5"]]),
                      names=("Ann", "Natalie"), name=name)
        table.info = replace(table.info, options=replace(table.info.options, hints=True))
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        app.session.deliver(Error("replaced", "another connection took this seat"))
        app.refresh_screen()
        await settled(pilot)
        title = str(app.screen.query_one("#title").render())
        assert app.session.connection_note in title, title
        assert "ctrl+r" in title and "…" not in title, title
        assert not overflows(app.screen), overflows(app.screen)
