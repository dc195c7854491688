"""``taki-client HOST:PORT --standings TABLE`` against a real server process: plain text
(name, games, wins, places; then head-to-head), exit 0; an unknown table exit 1 with one
line; no address exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import trio

from protocol.messages import Ack, AddBot, CreateTable, Start

from ..support.harness import ServerProcess, cli_command
from ..support.netclient import NetClient, connect, options, play_out


def _client(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TAKI_CONFIG_DIR=str(tmp_path / "config"), TAKI_DISCOVERY="off")
    return subprocess.run(
        [sys.executable, "-m", "client.cli", *args], capture_output=True, text=True,
        env=env, timeout=60, check=False,
    )  # fmt: skip


async def _one_game_with_a_bot(port: int) -> None:
    async with trio.open_nursery() as nursery:
        dana: NetClient = await connect(nursery, port, "Dana")
        opts = options(seats=3, play_for_places=True, name="Friday")
        assert isinstance(await dana.request(CreateTable, options=opts), Ack)
        for _ in range(2):
            assert isinstance(await dana.request(AddBot, kind="basic"), Ack)
        assert isinstance(await dana.request(Start, first_seat=0), Ack)
        await dana.wait_until(lambda: bool(dana.view), timeout=30)
        await play_out([dana])
        await dana.wait_until(
            lambda: dana.table is not None and dana.table.standings is not None, timeout=30
        )
        nursery.cancel_scope.cancel()  # (Dana stays seated: the table stays open)


@pytest.mark.trio
async def test_standings_prints_the_tables_lines_and_head_to_head(tmp_path: Path) -> None:
    server = await ServerProcess.start(
        cli_command("--bot-delay", "0", data_dir=str(tmp_path / "data")),
        str(tmp_path / "server.log"),
    )
    try:
        address = f"127.0.0.1:{server.port}"
        before = await trio.to_thread.run_sync(
            lambda: _client(tmp_path, address, "--lang", "en", "--standings", "t1")
        )
        assert before.returncode == 1 and before.stdout == ""
        assert len(before.stderr.strip().splitlines()) == 1 and "t1" in before.stderr
        await _one_game_with_a_bot(server.port)
        for wanted in ("t1", "friday"):  # by id, or by the table's name
            done = await trio.to_thread.run_sync(
                lambda w=wanted: _client(tmp_path, address, "--lang", "en", "--standings", w)
            )
            assert done.returncode == 0, done.stderr
            lines = done.stdout.splitlines()
            assert lines[0] == "Standings of Friday after 1 game:"
            body = "\n".join(lines[1:4])
            assert "Dana won " in body and " of 1 game." in body
            assert body.count("[bot] won ") == 2
            assert "Places from first to last: " in body  # three players, three places
            assert lines[4] == "Head to head, in games finished ahead of the other:"
            assert len(lines) == 8  # three pairs
            assert "\x1b" not in done.stdout
    finally:
        await server.stop()


def test_standings_without_an_address_is_a_usage_error(tmp_path: Path) -> None:
    result = _client(tmp_path, "--standings", "t1")
    assert result.returncode == 2
    assert "--standings needs a server address" in result.stderr
