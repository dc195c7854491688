"""The title's banner, cut to the room the title leaves, says it was cut.

In tmux at 80 columns the French +3 banner ended "... ou laissez-le passe": the key
it names, (p), cut off with no sign that anything was missing.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from ..support.clientkit import make_app, seated_game, until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


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
