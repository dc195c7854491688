"""The host's quit question with the real commands in tmux: the host hosts with h and
goes back to the start screen, a friend's ``taki-client`` opens a table at the host's
server and sits; q on the host's start screen asks before stopping the server, n keeps
it, q and y quit and stop it.

The host's server is the one ``h`` starts (on port 8254 or the next free one, on every
interface, with its tables in the test's own ``TAKI_HOST_DATA_DIR``); everything in the
test talks to it on 127.0.0.1, and ``TAKI_DISCOVERY=loopback`` (tests/conftest.py)
keeps its announcements on this machine.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..support.harness import alive, children
from ..support.terminals import Terminals, script

pytestmark = pytest.mark.skipif(
    not Path("/proc").is_dir(), reason="needs /proc to find the client's server"
)

QUESTION = "other player is at your server"  # one friend: the singular


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[Terminals]:
    with Terminals(tmp_path) as term:
        yield term


def wait_for(test: object, what: str, term: Terminals, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not test():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within {timeout:g}s\n{term.report()}")
        time.sleep(0.05)


def test_the_host_is_asked_on_the_start_screen_while_a_friend_sits(
    terminals: Terminals, tmp_path: Path
) -> None:
    term = terminals
    client = str(script("taki-client"))
    env = {"TAKI_CONFIG_DIR": str(tmp_path / "host-config"),
           "TAKI_HOST_DATA_DIR": str(tmp_path / "host-data")}
    term.open("host", ["sh", "-c", f"{client} --lang en --name Host; echo client-ended; "
                                   "sleep 60"], env)
    term.wait_for_text("host", "How to play TAKI")  # a fresh config: the first launch
    term.press("host", "Escape")
    term.wait_for_text("host", "Play now")
    term.press("host", "h")
    shown = term.wait_for_text("host", "(this machine)", timeout=30)
    found = re.search(r"taki-client 127\.0\.0\.1:(\d+)\s+\(this machine\)", shown)
    assert found, shown
    port = int(found.group(1))
    [host_pid] = children(term.pids[-1])
    [server] = children(host_pid)
    term.press("host", "Enter")  # on to the lobby
    term.wait_for_text("host", "No tables yet: press n to open one.")
    term.press("host", "q")  # back to the start screen: the server stays
    term.wait_for_text("host", "Play now")

    # The friend opens a table of the host's server and sits at it.
    term.open("friend", [client, f"127.0.0.1:{port}", "--lang", "en", "--name", "Noa"],
              {"TAKI_CONFIG_DIR": str(tmp_path / "friend-config")})
    term.wait_for_text("friend", "How to play TAKI")  # by address, a first launch too
    term.press("friend", "Escape")
    term.wait_for_text("friend", "No tables yet: press n to open one.")
    term.press("friend", "n")
    term.wait_for_text("friend", "Seats (2-10)")
    term.press("friend", *["Tab"] * 8, "Enter")  # the defaults, then Create
    term.wait_for_text("friend", "You host this table")

    term.press("host", "q")
    term.wait_for_text("host", QUESTION)
    assert f"1 {QUESTION}" in term.screen("host")
    assert alive(host_pid) and alive(server)
    term.press("host", "n")  # stay
    term.wait_until("host", lambda s: QUESTION not in s and "Play now" in s, "the start screen")
    assert alive(host_pid) and alive(server)

    term.press("host", "q")
    term.wait_for_text("host", QUESTION)
    term.press("host", "y")  # quit, and stop the server for the friend too
    term.wait_for_text("host", "client-ended")
    wait_for(lambda: not alive(server), "end of the host's server", term)
    term.wait_for_text("friend", "The server was stopped")
