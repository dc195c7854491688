"""The SSH entrance with OpenSSH's own ``ssh``, ``sftp`` and ``scp``: a person with only
ssh and a key joins a table, loses the connection, comes back to the same seat with the
same command; someone who offers that person's public key without the private one does
not; and nothing but the game is reachable (server/ssh/)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import trio

from protocol.messages import CreateTable, Start, TableInfo

from ..support.netclient import NetClient, connect, options
from ..support.sshkit import (
    HOST,
    OPENSSH,
    SFTP,
    SSH_OPTIONS,
    SshServer,
    Terminal,
    alive,
    guests,
    make_key,
    ssh_command,
)

pytestmark = pytest.mark.skipif(
    not (os.path.exists(OPENSSH) and os.path.exists(SFTP)), reason="no OpenSSH client here"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    with SshServer(tmp_path_factory.mktemp("ssh") / "data") as running:
        yield running


def seat(client: NetClient, number: int) -> tuple[str, bool, bool] | None:
    """(name, connected, a stand-in plays it) of seat ``number`` as ``client`` last saw."""
    table: TableInfo | None = client.table
    if table is None or table.seats[number] is None:
        return None
    holder = table.seats[number]
    assert holder is not None
    return holder.name, holder.connected, holder.stand_in


async def gone(pids: list[int], timeout: float = 30) -> None:
    with trio.fail_after(timeout):
        while any(alive(p) for p in pids):
            await trio.sleep(0.05)


@pytest.mark.trio
async def test_the_same_key_takes_back_its_seat_and_an_offered_key_does_not(
    server: SshServer, tmp_path: Path
) -> None:
    key = make_key(tmp_path / "dana")
    async with trio.open_nursery() as nursery:
        host = await connect(nursery, server.port, "Host")
        await host.request(CreateTable, options=options(name="Friday", seats=2))

        dana = Terminal(ssh_command(server.ssh, "dana", key), 80, 24)
        await dana.start(nursery)
        await dana.wait_text("You play as dana")  # the lobby, saying the name
        await dana.wait_text("Friday")
        assert re.search(rb"\x1b\[(38|48);(2|5);", dana.output), "no colours"
        mark = len(dana.output)
        dana.resize(120, 40)  # the window grows: the client lays itself out anew
        await dana.wait_for(lambda: b"\x1b[40;" in dana.output[mark:], what="a 40-row redraw")
        dana.type(b"\r")  # join the table under the cursor
        await host.wait_until(lambda: seat(host, 1) == ("dana", True, False))
        await host.request(Start, first_seat=1)
        await dana.wait_text("Leading card")
        clients = guests(server.pid)
        assert clients

        dana.kill()  # the connection is lost, no goodbye
        await host.wait_until(lambda: (seat(host, 1) or ("", True))[1] is False)
        await gone(clients)  # its client ended with the connection

        # Someone offers dana's public key (OpenSSH sends it, the server accepts it as a
        # candidate), cannot sign with it, and comes in without a key: a stranger.
        thief_dir = tmp_path / "thief"
        thief_dir.mkdir()
        stolen = thief_dir / "dana"
        stolen.write_text("not the private key\n")
        stolen.chmod(0o600)
        shutil.copy(key.with_name("dana.pub"), thief_dir / "dana.pub")
        thief = Terminal(ssh_command(server.ssh, "dana", stolen), 80, 24)
        await thief.start(nursery)
        await thief.wait_text("Friday")  # connected: the lobby lists the table
        await trio.sleep(0.5)
        assert "Leading card" not in thief.text()
        holder = seat(host, 1)
        assert holder is not None and holder[1] is False, holder  # the seat still waits
        thief.kill()

        # dana, with the same key and the same command: straight back to the seat.
        again = Terminal(ssh_command(server.ssh, "dana", key), 100, 30)
        await again.start(nursery)
        await host.wait_until(lambda: seat(host, 1) == ("dana", True, False))
        await again.wait_text("Leading card")
        again.kill()
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_command_is_never_run_and_no_terminal_gets_one_line(
    server: SshServer, tmp_path: Path
) -> None:
    key = make_key(tmp_path / "k")
    for words, tty in ((("ls", "/"), "-T"), (("ls", "/"), "-t"), ((), "-T"), (("watch",), "-t")):
        async with trio.open_nursery() as nursery:
            term = Terminal(ssh_command(server.ssh, "dana", key, *words, tty=tty))
            await term.start(nursery)
            code = await term.exit_code()
            lines = [line for line in term.text().splitlines() if line.strip()]
            assert code == 2, (words, tty, term.text())
            assert len(lines) == 1, lines
            if tty == "-T" and not words:
                assert "use ssh -t" in lines[0]
            elif tty == "-T":
                assert "'watch TABLE'" in lines[0] or "ssh -t" in lines[0]
            else:
                assert "'watch TABLE'" in lines[0] and "'lang CODE'" in lines[0]
    assert "bin" not in term.text()


def test_sftp_and_scp_are_refused(server: SshServer, tmp_path: Path) -> None:
    key = make_key(tmp_path / "k")
    target = f"dana@{HOST}"
    sftp = subprocess.run(
        [SFTP, "-P", str(server.ssh), *SSH_OPTIONS, "-i", str(key), "-b", "-", target],
        input=b"ls /\nget /etc/hostname\n", capture_output=True, timeout=60,
    )
    assert sftp.returncode != 0
    assert b"hostname" not in sftp.stdout and not (tmp_path / "hostname").exists()
    scp = shutil.which("scp")
    if scp is not None:
        for mode in ("-O", "-s"):  # the old scp protocol (an exec) and the sftp one
            copy = subprocess.run(
                [scp, mode, "-P", str(server.ssh), *SSH_OPTIONS, "-i", str(key),
                 f"{target}:/etc/hostname", str(tmp_path / "copied")],
                capture_output=True, timeout=60,
            )
            assert copy.returncode != 0 and not (tmp_path / "copied").exists(), mode


def test_port_forwarding_is_refused(server: SshServer, tmp_path: Path) -> None:
    """ssh -L (to the game port itself) and -R fail; with -D nothing is reached."""
    key = make_key(tmp_path / "k")
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        local = probe.getsockname()[1]
    remote = subprocess.run(
        [OPENSSH, "-N", "-p", str(server.ssh), *SSH_OPTIONS, "-i", str(key),
         "-o", "ExitOnForwardFailure=yes", "-R", f"{local}:{HOST}:{server.port}",
         f"dana@{HOST}"],
        capture_output=True, timeout=60,
    )
    assert remote.returncode != 0 and b"forwarding failed" in remote.stderr.lower()
    forward = subprocess.Popen(
        [OPENSSH, "-N", "-p", str(server.ssh), *SSH_OPTIONS, "-i", str(key),
         "-L", f"{HOST}:{local}:{HOST}:{server.port}", f"dana@{HOST}"],
        stderr=subprocess.PIPE,
    )
    try:
        data = b"x"
        for _attempt in range(200):  # until ssh listens on the local end
            try:
                with socket.create_connection((HOST, local), timeout=20) as tunnel:
                    tunnel.sendall(b"\x00\x00\x00\x05hello")
                    data = tunnel.recv(100)
                break
            except ConnectionRefusedError:
                if forward.poll() is not None:
                    break
                trio.run(trio.sleep, 0.05)
            except ConnectionResetError:
                data = b""
                break
        assert data == b""  # the channel was refused: closed without a byte of the game
    finally:
        forward.kill()
        forward.wait()


@pytest.mark.trio
async def test_watch_a_table_in_the_language_asked_for(server: SshServer, tmp_path: Path) -> None:
    key = make_key(tmp_path / "k")
    async with trio.open_nursery() as nursery:
        host = await connect(nursery, server.port, "Host")
        await host.request(CreateTable, options=options(name="Saturday", seats=2))
        await host.wait_until(lambda: host.table is not None)
        assert host.table is not None
        table = host.table.id
        term = Terminal(ssh_command(server.ssh, "eve", key, "watch", table, "lang", "fr"))
        await term.start(nursery)
        await term.wait_text("(spectateur)")  # at the table, watching, in French
        await host.wait_until(
            lambda: host.table is not None and host.table.spectators == 1)
        term.kill()
        nursery.cancel_scope.cancel()
