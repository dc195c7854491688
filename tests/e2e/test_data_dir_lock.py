"""One server per data directory (issue 11): the second one says so and exits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import trio

from server.app import serve
from server.lock import DataDirInUse, DataDirLock

from ..support.harness import free_port
from ..support.server_process import start_server


def test_a_second_server_on_the_same_data_dir_exits_with_one_line(tmp_path: Path) -> None:
    first = start_server(tmp_path, free_port())
    try:
        second = subprocess.run(
            [sys.executable, "-m", "server.app", "--host", "127.0.0.1", "--port",
             str(free_port()), "--data-dir", str(tmp_path), "--no-advertise"],
            capture_output=True, text=True, timeout=60,
        )
        assert second.returncode != 0
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert str(tmp_path) in lines[0] and f"pid {first.pid}" in lines[0]
        assert "Traceback" not in second.stderr and "listening" not in second.stdout
        assert first.poll() is None  # the first one serves on
    finally:
        first.kill()
        first.wait(10)
    # The holder died by SIGKILL: the kernel dropped the lock, the next start works.
    again = start_server(tmp_path, free_port())
    again.kill()
    again.wait(10)


def test_the_lock_is_released_and_taken_again(tmp_path: Path) -> None:
    lock = DataDirLock(tmp_path).acquire()
    with pytest.raises(DataDirInUse) as refused:
        DataDirLock(tmp_path).acquire()
    assert str(tmp_path) in str(refused.value)
    lock.release()
    DataDirLock(tmp_path).acquire().release()


@pytest.mark.trio
async def test_serve_refuses_a_data_dir_another_server_holds(tmp_path: Path) -> None:
    held = DataDirLock(tmp_path).acquire()
    try:
        with pytest.raises(DataDirInUse):
            await serve("127.0.0.1", 0, data_dir=tmp_path)
    finally:
        held.release()
    async with trio.open_nursery() as nursery:
        await nursery.start(lambda task_status: serve("127.0.0.1", 0, data_dir=tmp_path,
                                                      task_status=task_status))
        with pytest.raises(DataDirInUse):
            DataDirLock(tmp_path).acquire()
        nursery.cancel_scope.cancel()



def test_the_refusal_says_where_the_holder_serves(tmp_path: Path) -> None:
    lock = DataDirLock(tmp_path).acquire()
    lock.announce("0.0.0.0:4567")
    with pytest.raises(DataDirInUse) as refused:
        DataDirLock(tmp_path).acquire()
    assert "serving 0.0.0.0:4567" in str(refused.value)
    lock.release()


def test_a_database_that_cannot_be_opened_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "taki.sqlite3").write_bytes(b"this is not a database" * 200)
    done = subprocess.run(
        [sys.executable, "-m", "server.app", "--host", "127.0.0.1", "--port", "0",
         "--data-dir", str(tmp_path), "--no-advertise"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"taki-server: cannot use {tmp_path / 'taki.sqlite3'}: file is not a database"
    ], done.stderr
