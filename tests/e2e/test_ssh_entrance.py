"""The SSH entrance with asyncssh's client: how guests authenticate, what a connection may
open, the names and languages guests get, a host's key list, the kept host key, the cap
on guests and a server's stop (server/ssh/)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from server.app import main as server_main
from server.banner import ssh_lines

from ..support.sshkit import (
    HOST,
    SshServer,
    alive,
    cmdline,
    descendants,
    fingerprint_of,
    guests,
    make_key,
    plain,
    wait_until,
)


class KeylessClient(asyncssh.SSHClient):
    """A client without a key: keyboard-interactive, answering no prompts."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: Any) -> list[str]:
        return []


def dial(port: int, user: str = "dana", key: Path | None = None, **kw: Any) -> Any:
    """asyncssh.connect to the entrance, with ``key`` or (None) without any key."""
    if key is None:
        kw.setdefault("client_factory", KeylessClient)
    return asyncssh.connect(
        HOST, port, username=user, known_hosts=None, agent_path=None,
        client_keys=[str(key)] if key is not None else None, **kw,
    )  # fmt: skip


async def screen_until(process: Any, text: str, timeout: float = 30) -> str:
    """Read the guest's screen until ``text`` shows; what was shown."""
    seen = b""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            while text not in plain(seen):
                data = await process.stdout.read(65536)
                if not data:
                    break
                seen += data
    shown = plain(seen)
    assert text in shown, shown[-1500:]
    return shown


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    with SshServer(tmp_path_factory.mktemp("ssh") / "data") as running:
        yield running


@pytest.mark.asyncio
async def test_none_is_refused_and_a_guest_without_a_key_comes_through_kbdint(
    server: SshServer, tmp_path: Path
) -> None:
    with pytest.raises(asyncssh.PermissionDenied):  # 'none', and nothing else offered
        async with dial(server.ssh, client_factory=asyncssh.SSHClient, kbdint_auth=False):
            pass
    key = make_key(tmp_path / "k")
    async with dial(server.ssh, key=key) as conn:
        assert conn.get_extra_info("username") == "dana"
    async with dial(server.ssh) as conn:
        assert conn.get_extra_info("username") == "dana"


@pytest.mark.asyncio
async def test_forwarding_of_every_kind_and_subsystems_are_refused(
    server: SshServer, tmp_path: Path
) -> None:
    async with dial(server.ssh, key=make_key(tmp_path / "k")) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):  # ssh -L / -D, to the game port
            await conn.open_connection(HOST, server.port)
        with pytest.raises(asyncssh.ChannelListenError):  # ssh -R
            await conn.forward_remote_port(HOST, 0, HOST, server.port)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_unix_connection("/run/anything.sock")
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_path("/tmp/taki-x.sock", "/tmp/taki-y.sock")
        with pytest.raises(asyncssh.ChannelOpenError):  # sftp (and scp over it)
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):  # X11
            await conn.run("", term_type="xterm", x11_forwarding=True,
                           x11_display="localhost:10.0")
        chan, _session = await conn.create_session(asyncssh.SSHClientSession, "watch")
        # asyncssh's client sends the agent request without asking for an answer; ask.
        assert await chan._make_request(b"auth-agent-req@openssh.com") is False
        chan.close()
        result = await conn.run("cat /etc/passwd")
        assert result.exit_status == 2 and "root" not in str(result.stdout)


@pytest.mark.asyncio
async def test_a_refused_user_name_becomes_a_fallback_said_in_the_guests_language(
    server: SshServer,
) -> None:
    async with dial(server.ssh, user="x" * 40) as conn:  # longer than a name may be
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), env={"LANG": "fr_FR.UTF-8"},
            encoding=None,
        )
        shown = await screen_until(process, "Votre nom d'utilisateur ssh")  # the notice
        assert "Vous jouez sous le nom guest-" in shown  # the lobby's title
        assert "x" * 25 not in shown
        process.close()


@pytest.mark.asyncio
async def test_the_lang_word_picks_the_language(server: SshServer, tmp_path: Path) -> None:
    async with dial(server.ssh, key=make_key(tmp_path / "k")) as conn:
        process = await conn.create_process(
            "lang bg", term_type="xterm-256color", term_size=(100, 30), encoding=None,
        )
        await screen_until(process, "Играете като dana")
        process.close()


def test_a_guest_without_a_key_leaves_nothing_behind(tmp_path: Path) -> None:
    data = tmp_path / "data"

    async def visit(port: int) -> None:
        async with dial(port) as conn:
            process = await conn.create_process(
                term_type="xterm", term_size=(80, 24), encoding=None)
            await screen_until(process, "You play as dana")
            assert [p for p in (data / "ssh" / "anon").iterdir()]  # its directory, for now
            process.close()

    with SshServer(data) as server:
        asyncio.run(visit(server.ssh))
        anon = data / "ssh" / "anon"
        deadline = 300
        while list(anon.iterdir()) and deadline:
            deadline -= 1
            asyncio.run(asyncio.sleep(0.1))
        assert not list(anon.iterdir())
        assert not (data / "ssh" / "guests").exists() or not list(
            (data / "ssh" / "guests").iterdir())


def test_a_key_list_admits_only_its_keys_and_the_host_key_is_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    listed, other = make_key(tmp_path / "listed"), make_key(tmp_path / "other")
    allowed = tmp_path / "authorized_keys"
    allowed.write_text("# who may come\n" + listed.with_name("listed.pub").read_text())

    async def knock(port: int) -> None:
        async with dial(port, key=listed):
            pass
        with pytest.raises(asyncssh.PermissionDenied):
            async with dial(port, key=other):
                pass
        with pytest.raises(asyncssh.PermissionDenied):  # no key: not on the list either
            async with dial(port):
                pass

    with SshServer(data, "--ssh-keys", str(allowed)) as first:
        asyncio.run(knock(first.ssh))
        assert first.stop() == 0
    host_key = data / "ssh" / "host_ed25519"
    assert host_key.stat().st_mode & 0o777 == 0o600
    with SshServer(data) as second:
        assert second.fingerprint == first.fingerprint  # the same key after a restart
        assert second.fingerprint.startswith("SHA256:")
        key = asyncssh.read_private_key(str(host_key))
        assert key.get_fingerprint("sha256") == second.fingerprint
    assert fingerprint_of(listed) != first.fingerprint


def test_the_cap_on_guests_and_sigterm_ends_every_session_and_process(tmp_path: Path) -> None:
    data = tmp_path / "data"
    key = make_key(tmp_path / "k")
    said: dict[str, Any] = {}

    async def visit(server: SshServer) -> None:
        async with dial(server.ssh, key=key) as conn:
            process = await conn.create_process(
                term_type="xterm", term_size=(80, 24), encoding=None)
            await screen_until(process, "You play as dana")
            said["started"] = descendants(server.pid)
            async with dial(server.ssh) as other:  # one too many
                refused = await other.run("", term_type="xterm", term_size=(80, 24))
            said["refused"] = refused
            os.kill(server.pid, signal.SIGTERM)
            async with asyncio.timeout(30):
                ended = await process.wait()
            said["code"], said["last"] = ended.exit_status, ended.stderr

    with SshServer(data, "--ssh-max", "1") as server:
        asyncio.run(visit(server))
        assert server.process.wait(30) == 0  # stopped by that SIGTERM, cleanly
    refused = said["refused"]
    assert refused.exit_status == 1
    assert str(refused.stderr).count("\n") == 1 and "--ssh-max" in str(refused.stderr)
    assert said["code"] == 0
    assert said["last"] == b"The server was stopped.\r\n"  # once the client is gone
    assert len(said["started"]) >= 2  # the entrance and the guest's client
    assert not [p for p in said["started"] if alive(p)]


def test_a_busy_ssh_port_or_a_bad_key_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--host", HOST, "--port", "0", "--no-data", "--no-advertise"]
    with socket.socket() as busy:
        busy.bind((HOST, 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert server_main([*base, "--ssh", str(port)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"ssh port {port} is already in use" in err[0], err
    bad = tmp_path / "keys"
    bad.write_text("ssh-ed25519 not-a-key dana\n")
    assert server_main([*base, "--ssh", "0", "--ssh-keys", str(bad)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "line 1: not a public key" in err[0], err
    assert server_main([*base, "--ssh", "0", "--ssh-keys", str(tmp_path / "none")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot read --ssh-keys" in err[0], err
    with pytest.raises(SystemExit) as usage:
        server_main([*base, "--ssh-keys", str(bad)])
    assert usage.value.code == 2


@pytest.mark.parametrize("killed", ["server", "entrance"])
def test_nothing_outlives_a_killed_server_or_entrance(tmp_path: Path, killed: str) -> None:
    """SIGKILL leaves no goodbye: the entrance ends with the server (its stdin closes),
    a guest's client with the entrance (PR_SET_PDEATHSIG, and its pty closing)."""
    started: list[int] = []

    async def visit(server: SshServer) -> None:
        async with dial(server.ssh) as conn:
            process = await conn.create_process(
                term_type="xterm", term_size=(80, 24), encoding=None)
            await screen_until(process, "You play as dana")
            started.extend(descendants(server.pid))
            entrance = [p for p in started if "server.ssh.entrance" in cmdline(p)]
            assert len(entrance) == 1 and guests(server.pid)
            os.kill(server.pid if killed == "server" else entrance[0], signal.SIGKILL)
            async with asyncio.timeout(30):
                await process.wait()

    with SshServer(tmp_path / "data") as server:
        asyncio.run(visit(server))
        wait_until(lambda: not [p for p in started if alive(p)], 30, "every process ended")


@pytest.mark.asyncio
async def test_a_user_name_like_an_option_is_only_a_name(server: SshServer) -> None:
    async with dial(server.ssh, user="--fresh") as conn:
        process = await conn.create_process(
            term_type="xterm", term_size=(80, 24), encoding=None)
        await screen_until(process, "You play as --fresh")
        process.close()


def test_the_entrance_lines_fit_an_80_column_terminal() -> None:
    """What the server prints about its SSH entrance fits the terminal it is started in
    (the host key line broke mid-sentence at 80 columns), every address alike."""
    fingerprint = "SHA256:" + "x" * 43  # OpenSSH's form of an ed25519 key's hash
    lines = ssh_lines("0.0.0.0", 2222, fingerprint)
    assert any(fingerprint in line for line in lines)
    assert all(len(line) <= 80 for line in lines), [len(line) for line in lines]
