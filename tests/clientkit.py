"""What the Textual client tests share: waiting for the app to reach a state.

The ``server`` and ``config_dir`` fixtures live in ``conftest.py``; a client test module
opts into the private config directory with
``pytestmark = pytest.mark.usefixtures("config_dir")`` so no test reads or writes the
real user's settings and tokens.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


async def until(test: Callable[[], bool], timeout: float = 10) -> None:
    """Poll ``test`` until it holds; the app's state changes between event-loop turns."""
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.02)
