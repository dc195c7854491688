"""Seat tokens outlive the client process (issue 11): saved per server and name, 0600."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path
from typing import Any

import pytest

from client import tokens
from client.app import TakiApp
from client.config import Settings
from client.local import LocalServer, host_data_dir
from client.screens.lobby import LobbyScreen
from client.screens.table import TableScreen

from ..support.clientkit import seated_game, until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


def app_for(server: ServerThread, name: str, **kw: Any) -> TakiApp:
    return TakiApp(f"127.0.0.1:{server.port}", name=name, settings=Settings(), **kw)


def test_tokens_are_kept_per_server_and_name_readable_by_the_user_only(
    config_dir: Path,
) -> None:
    tokens.save("10.0.0.5:8254", "Dana", "t-dana")
    tokens.save("10.0.0.5:8254", "Eli", "t-eli")
    tokens.save("10.0.0.6:8254", "Dana", "t-other")
    assert tokens.load("10.0.0.5:8254", "dana") == "t-dana"  # names compare casefolded
    assert tokens.load("10.0.0.5:8254", "Eli") == "t-eli"
    assert tokens.load("10.0.0.6:8254", "Dana") == "t-other"
    assert stat.S_IMODE(tokens.tokens_path().stat().st_mode) == 0o600
    tokens.forget("10.0.0.5:8254", "Dana")
    assert tokens.load("10.0.0.5:8254", "Dana") is None
    assert tokens.load("10.0.0.5:8254", "Eli") == "t-eli"


def test_a_damaged_tokens_file_is_no_reason_to_stop(config_dir: Path) -> None:
    tokens.tokens_path().write_text("{not json", encoding="utf-8")
    assert tokens.load("h:1", "A") is None
    tokens.save("h:1", "A", "tok")
    assert tokens.load("h:1", "A") == "tok"


@pytest.mark.asyncio
async def test_a_new_client_process_goes_straight_back_to_the_seat(server: ServerThread) -> None:
    first = app_for(server, "Dana")
    async with first.run_test(size=(100, 32)):
        await seated_game(first, server)
        hand = list(first.session.state.hand)
        token = first.session.token
        assert token is not None
    # The first app is gone as a killed process would be: no leave was sent.
    assert tokens.load(f"127.0.0.1:{server.port}", "Dana") == token
    second = app_for(server, "Dana")
    async with second.run_test(size=(100, 32)):
        await until(lambda: isinstance(second.screen, TableScreen)
                    and bool(second.session.state.hand))
        assert second.session.state.seat == 0
        assert len(second.session.state.hand) >= 1 and second.session.state.info is not None
        assert second.session.state.info.state == "playing"
        assert second.session.state.hand == hand
    # --fresh: the saved token is ignored, the lobby it is.
    fresh = app_for(server, "Dana", fresh=True)
    async with fresh.run_test(size=(100, 32)):
        await until(lambda: isinstance(fresh.screen, LobbyScreen)
                    and fresh.session.link is not None)
        await asyncio.sleep(0.2)
        assert not isinstance(fresh.screen, TableScreen) and fresh.session.state.seat is None


@pytest.mark.asyncio
async def test_leaving_forgets_the_token_and_watching_never_saves_one(
    server: ServerThread,
) -> None:
    address = f"127.0.0.1:{server.port}"
    app = app_for(server, "Dana")
    async with app.run_test(size=(100, 32)):
        await seated_game(app, server)
        assert tokens.load(address, "Dana") is not None
        app.leave_table()
        await until(lambda: isinstance(app.screen, LobbyScreen))
        # (once the server has acknowledged the leave: until then the seat is still his)
        await until(lambda: tokens.load(address, "Dana") is None)
    tokens.save(address, "Watcher", "a-token-a-watcher-must-not-use")
    watcher = app_for(server, "Watcher", watch="t1")
    async with watcher.run_test(size=(100, 32)):
        await until(lambda: watcher.session.link is not None)
        assert watcher.session.token is None and watcher.session.token_home is None
    assert tokens.load(address, "Watcher") == "a-token-a-watcher-must-not-use"


@pytest.mark.asyncio
async def test_a_token_the_server_no_longer_knows_is_forgotten(server: ServerThread) -> None:
    address = f"127.0.0.1:{server.port}"
    tokens.save(address, "Dana", "0" * 32)
    app = app_for(server, "Dana")
    async with app.run_test(size=(100, 32)):
        await until(lambda: app.session.link is not None and isinstance(app.screen, LobbyScreen))
        await until(lambda: tokens.load(address, "Dana") is None)
        assert app.session.token is None


@pytest.mark.asyncio
async def test_the_host_server_keeps_its_own_data_dir_and_play_now_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAKI_HOST_DATA_DIR", str(tmp_path / "host"))
    assert host_data_dir() == tmp_path / "host"
    hosted = LocalServer("127.0.0.1", 0, keep=True)
    await hosted.start()
    try:
        assert (tmp_path / "host" / "taki.sqlite3").exists()
        assert (tmp_path / "host" / "taki.lock").exists()
        # A second Host server on the same directory is refused, in one line.
        second = LocalServer("127.0.0.1", 0, keep=True)
        with pytest.raises(OSError, match="in use"):
            await second.start()
        await second.stop()
    finally:
        await hosted.stop()
    before = {p.name: p.stat().st_mtime_ns for p in (tmp_path / "host").iterdir()}
    play_now = LocalServer("127.0.0.1", 0)
    await play_now.start()
    await play_now.stop()
    after = {p.name: p.stat().st_mtime_ns for p in (tmp_path / "host").iterdir()}
    assert after == before  # Play now keeps nothing, and nothing of the host's


def test_clients_saving_at_once_keep_every_token(config_dir: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys; from client import tokens\n"
        "for i in range(20): tokens.save('h:1', f'{sys.argv[1]}-{i}', 'tok')\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code, f"p{n}"]) for n in range(4)]
    assert all(p.wait(60) == 0 for p in procs)
    assert all(tokens.load("h:1", f"p{n}-{i}") == "tok" for n in range(4) for i in range(20))
