"""What the Textual client tests share: waiting for the app to reach a state.

The ``server`` and ``config_dir`` fixtures live in ``conftest.py``; a client test module
opts into the private config directory with
``pytestmark = pytest.mark.usefixtures("config_dir")`` so no test reads or writes the
real user's settings and tokens.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from client.app import TakiApp


async def until(test: Callable[[], bool], timeout: float = 10) -> None:
    """Poll ``test`` until it holds; the app's state changes between event-loop turns."""
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.02)


async def play_to_the_end(app: TakiApp, timeout: float = 10) -> None:
    """Play whatever is legal until the game is over (``timeout`` for each move's echo)."""
    for _ in range(3000):
        if app.session.state.view and app.session.state.view.get("over"):
            break
        if app.session.state.legal:
            sent = app.session.state.seq
            app.session.send_action(app.session.state.legal[0])
            await until(lambda s=sent: app.session.state.seq != s
                        or not app.session.state.legal, timeout)
        else:
            await asyncio.sleep(0.02)
