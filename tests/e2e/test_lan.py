"""LAN reality (issue 12): the addresses friends type, one-line errors and exit codes,
the client's words for a server it cannot reach or that was stopped, Host's port and
its question before quitting, and how far discovery reaches (TAKI_DISCOVERY).

All on this machine: fake interface tables, loopback servers, no DNS (a name lookup is
faked where one is needed).
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
from typing import Any

import ifaddr
import pytest
import trio

from client.app import TakiApp
from client.app import main as client_main
from client.config import Settings
from client.discovery import Browser, list_games
from client.local import LocalServer, host_port
from client.net import parse_address
from client.screens.cannot_join import CannotJoinScreen
from client.screens.lobby import LobbyScreen
from client.screens.start import StartScreen
from protocol.addresses import Address, usable_addresses
from protocol.lan import discovery_scope
from server.app import listen_error
from server.banner import listening_lines, ready_line
from server.discovery import Advertiser, Advertising

from ..support.clientkit import until
from ..support.server_thread import ServerThread

# ------------------------------------------------------------------ helpers


pytestmark = pytest.mark.usefixtures("config_dir")


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def recording(app: TakiApp) -> list[str]:
    """Every notification the app shows, as text."""
    said: list[str] = []
    original = app.notify

    def notify(message: str, **kw: Any) -> None:
        said.append(str(message))
        original(message, **kw)

    app.notify = notify  # type: ignore[method-assign]
    return said


def screen_text(app: TakiApp) -> str:
    return " ".join(str(w.render()) for w in app.screen.query("Static"))


FAKE_INTERFACES = [
    ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo"),
                                ifaddr.IP(("::1", 0, 0), 128, "lo")]),
    ifaddr.Adapter("eth0", "eth0", [
        ifaddr.IP("192.0.2.2", 24, "eth0"),
        ifaddr.IP(("2001:db8::2", 0, 0), 64, "eth0"),
        ifaddr.IP(("fe80::1", 0, 2), 64, "eth0"),
    ]),
    ifaddr.Adapter("wlan0", "wlan0", [ifaddr.IP("198.51.100.7", 24, "wlan0"),
                                      ifaddr.IP("169.254.3.4", 16, "wlan0")]),
]


# ------------------------------------------------------------------ 1. addresses


def test_addresses_come_from_the_interfaces_not_the_hostname(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Debian/Ubuntu case: the hostname resolves to loopback.
    monkeypatch.setattr(socket, "gethostbyname", lambda _name: "127.0.1.1")
    monkeypatch.setattr(
        socket, "getaddrinfo",
        lambda *_a, **_k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0))],
    )
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: FAKE_INTERFACES)
    found = usable_addresses()
    assert found == [
        Address("192.0.2.2"), Address("198.51.100.7"),  # IPv4 first, link-local left out
        Address("2001:db8::2"),                           # then IPv6
        Address("127.0.0.1", loopback=True),              # loopback last
    ]
    assert [a.with_port(8254) for a in found][2] == "[2001:db8::2]:8254"
    assert usable_addresses(ipv6=False)[-1].loopback

    lines = listening_lines("0.0.0.0", 8254)  # what taki-server prints first
    assert lines[1:] == [
        "    taki-client 192.0.2.2:8254",
        "    taki-client 198.51.100.7:8254",
        "    taki-client 127.0.0.1:8254   (this machine)",
    ]
    assert listening_lines("127.0.0.1", 9000)[1:] == [
        "    taki-client 127.0.0.1:9000   (this machine)"]
    ready = json.loads(ready_line(8254, "0.0.0.0"))
    assert ready["port"] == 8254 and ready["addresses"][0] == "192.0.2.2"


def test_no_interface_list_still_offers_this_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> list[Any]:
        raise OSError("no netlink")

    monkeypatch.setattr(ifaddr, "get_adapters", broken)
    assert usable_addresses() == [Address("127.0.0.1", loopback=True)]


def test_the_server_prints_the_addresses_among_its_first_lines() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.app", "--port", "0", "--no-data", "--no-advertise",
         "--ready-json", "--exit-with-stdin"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None
    try:
        ready = json.loads(proc.stdout.readline())
        lines = [proc.stdout.readline() for _ in range(len(ready["addresses"]) + 1)]
        port = ready["port"]
        commands = [line.split()[1] for line in lines[1:]]
        assert commands == [
            f"[{a}]:{port}" if ":" in a else f"{a}:{port}" for a in ready["addresses"]]
        assert lines[-1].rstrip().endswith("(this machine)")
    finally:
        proc.stdin.close()  # its parent's pipe closes: it ends by itself
        assert proc.wait(15) == 0


# ------------------------------------------------------------------ 2. errors


def test_a_busy_port_is_one_line_naming_the_port() -> None:
    with socket.socket() as holder:
        holder.bind(("0.0.0.0", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "server.app", "--port", str(port), "--no-data",
             "--no-advertise"],
            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
        )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert f"port {port} is already in use" in done.stderr and "--port" in done.stderr


def test_listen_errors_read_as_sentences() -> None:
    import errno

    busy = listen_error("0.0.0.0", 8254, OSError(errno.EADDRINUSE, "Address already in use"))
    assert busy.startswith("taki-server: port 8254 is already in use") and "--port 8255" in busy
    other = listen_error("nowhere", 8254, OSError(errno.EADDRNOTAVAIL, "Cannot assign"))
    assert other == "taki-server: cannot listen on nowhere:8254: Cannot assign"
    disk = listen_error("0.0.0.0", 8254, OSError(errno.EACCES, "Permission denied", "/data"))
    assert disk == "taki-server: cannot use /data: Permission denied"


@pytest.mark.parametrize("port", ["99999", "-1", "http"])
def test_the_server_refuses_a_bad_port_as_usage(port: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "server.app", "--port", port, "--no-advertise"],
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 2 and "--port" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("address", "named"),
    [
        ("127.0.0.1:99999", "port 99999"),
        ("127.0.0.1:0", "port 0"),
        ("host:0", "port 0"),
        (":8254", "no host"),
        ("host:http", "not a number"),
        ("[::1", "[IPv6]:PORT"),
    ],
)
def test_a_bad_address_is_refused_before_any_screen(
    address: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert client_main([address]) == 2  # returns before any App is made
    err = capsys.readouterr().err
    assert err.startswith("taki-client: ") and named in err and err.count("\n") == 1


def test_the_client_command_exits_2_naming_the_port() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "client.app", "127.0.0.1:99999"],
        capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2 and "99999" in done.stderr and "\x1b[" not in done.stdout


def test_addresses_that_parse() -> None:
    assert parse_address("192.168.1.23:8254") == ("192.168.1.23", 8254)
    assert parse_address("nonsense") == ("nonsense", 8254)
    assert parse_address("[2001:db8::2]:9000") == ("2001:db8::2", 9000)
    assert parse_address("2001:db8::2") == ("2001:db8::2", 8254)


@pytest.mark.asyncio
async def test_nothing_answers_gets_its_own_screen_then_edit_and_join() -> None:
    port = closed_port()
    app = TakiApp(f"127.0.0.1:{port}", name="Dana", settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: isinstance(app.screen, CannotJoinScreen))
        await pilot.pause()
        shown = screen_text(app)
        assert f"Nothing answers at 127.0.0.1:{port}." in shown
        assert "Trying again" in shown and "e edit the address" in shown
        with ServerThread() as server:  # the player types the right address
            await pilot.press("e")
            await pilot.pause()
            await pilot.press("ctrl+u", *f"127.0.0.1:{server.port}", "enter")
            await until(lambda: app.session.link is not None)
            await until(lambda: isinstance(app.screen, LobbyScreen))
            assert app.session.server_label == f"127.0.0.1:{server.port}"


@pytest.mark.asyncio
async def test_no_such_host_says_so_and_b_goes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    real = socket.getaddrinfo

    def lookup(host: Any, *args: Any, **kw: Any) -> Any:
        if host == "nonsense":  # no DNS query leaves the machine
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    app = TakiApp("nonsense", settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: isinstance(app.screen, CannotJoinScreen))
        await pilot.pause()
        assert "No such host: nonsense." in screen_text(app)
        await pilot.press("b")
        await until(lambda: isinstance(app.screen, StartScreen))
        assert app.address is None and app.session.link is None


# ------------------------------------------------------------------ 3. a stopped server


def taki_server(port: int = 0) -> tuple[subprocess.Popen[str], int]:
    """The real ``taki-server`` on loopback; (process, port) once it listens."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.app", "--host", "127.0.0.1", "--port", str(port),
         "--no-data", "--no-advertise", "--ready-json", "--exit-with-stdin"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    assert proc.stdout is not None
    return proc, int(json.loads(proc.stdout.readline())["port"])


def end(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.terminate()
    proc.wait(15)


@pytest.mark.asyncio
async def test_server_shutdown_reads_as_stopped_and_reconnects_quietly() -> None:
    proc, port = taki_server()
    app = TakiApp(f"127.0.0.1:{port}", settings=Settings())
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            said = recording(app)
            await until(lambda: app.session.link is not None)
            proc.terminate()  # SIGTERM: the server tells everyone server_shutdown
            await until(lambda: app.session.link is None)
            await until(lambda: app.session.attempt >= 2)  # it keeps trying...
            await pilot.pause()
            assert "The server was stopped." in said
            assert not any("closed the connection" in s or "answers" in s for s in said)
            assert app.session.connection_note == "The server was stopped: waiting for it..."
            assert isinstance(app.screen, LobbyScreen)  # ...quietly, where the player was
            end(proc)
            proc, _port = taki_server(port)  # back, on the same port
            await until(lambda: app.session.link is not None, timeout=20)
            assert "The server is back." in said and app.session.connection_note == ""
    finally:
        end(proc)


# ------------------------------------------------------------------ Host


def test_host_takes_the_default_port_or_the_next_free_one() -> None:
    with socket.socket() as holder:
        holder.bind(("0.0.0.0", 0))
        holder.listen()
        busy = holder.getsockname()[1]
        if busy >= 65535:
            pytest.skip("the system gave the last port")
        chosen = host_port(busy)
        assert chosen != busy and (chosen > busy or chosen == 0)  # the next free one
    assert host_port(busy) == busy  # free again


@pytest.mark.asyncio
async def test_a_local_server_reports_its_port_as_json_and_ends_with_its_pipe() -> None:
    local = LocalServer("127.0.0.1", 0)
    port = await local.start()
    try:
        assert 0 < port < 65536 and local.addresses == ["127.0.0.1"]
        assert local.command()[1:4] == ["-P", "-m", "server.app"]
        assert local.process is not None and local.process.stdin is not None
        local.process.stdin.close()  # as when the client dies, even by SIGKILL
        async with asyncio.timeout(15):
            assert await local.process.wait() == 0
    finally:
        await local.stop()


# The question a host is asked before quitting: tests/client/test_quit_hosting.py.


# ------------------------------------------------------------------ 4. discovery's reach


def test_the_test_configuration_keeps_discovery_on_this_machine() -> None:
    assert discovery_scope() in ("loopback", "off")


def test_discovery_scope_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, scope in [("", "lan"), ("lan", "lan"), ("LOOPBACK", "loopback"),
                         ("off", "off"), ("typo", "off")]:
        monkeypatch.setenv("TAKI_DISCOVERY", value)
        assert discovery_scope() == scope


def test_loopback_scope_advertises_on_loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAKI_DISCOVERY", "loopback")
    advertiser = Advertiser(Advertising(), 8254, lambda: 0)
    assert list(advertiser.settings.interfaces or []) == ["127.0.0.1"]
    assert list(advertiser.settings.beacon_to or []) == ["127.0.0.1"]
    assert Browser().interfaces == ["127.0.0.1"]
    # Named interfaces or destinations beyond this machine are dropped, not used.
    named = Advertiser(Advertising(interfaces=["192.0.2.2"],
                                   beacon_to=["192.0.2.255", "127.255.255.255"]), 8254, lambda: 0)
    assert list(named.settings.interfaces or []) == ["127.0.0.1"]
    assert list(named.settings.beacon_to or []) == ["127.255.255.255"]
    assert Browser(interfaces=["192.0.2.2"]).interfaces == ["127.0.0.1"]


@pytest.mark.trio
async def test_off_scope_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAKI_DISCOVERY", "off")

    def no(*_a: Any) -> Any:
        raise AssertionError("nothing may be opened with TAKI_DISCOVERY=off")

    import server.discovery as sdisc

    monkeypatch.setattr(sdisc, "_open_zeroconf", no)
    monkeypatch.setattr(sdisc, "_open_beacon_socket", no)
    said: list[str] = []
    advertiser = Advertiser(Advertising(announce=said.append), 8254, lambda: 0)
    async with trio.open_nursery() as nursery:
        assert await nursery.start(advertiser.run) is None
        nursery.cancel_scope.cancel()
    assert "TAKI_DISCOVERY=off" in said[0]


def test_off_scope_list_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TAKI_DISCOVERY", "off")
    assert list_games(0.01) == 1
    assert "TAKI_DISCOVERY=off" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_the_start_screen_says_when_it_found_nothing_and_r_looks_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import client.discovery as cdisc

    monkeypatch.setattr(cdisc, "LIST_SECONDS", 0.2)
    app = TakiApp(settings=Settings(name="Dana"), discover=True)  # r is the key, not a name
    # A browser that finds nothing and sends nothing (the beacon way only, on a port
    # of its own).
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app.discovery = Browser(interfaces=["127.0.0.1"], beacon_port=port, methods=("beacon",))
    async with app.run_test(size=(100, 40)) as pilot:
        await until(lambda: "No games found on this network" in screen_text(app))
        first = app.discovery
        await pilot.press("r")
        await pilot.pause()
        assert app.discovery is not first  # asked anew
        assert "Looking for games" in screen_text(app)
        await until(lambda: "No games found on this network" in screen_text(app))


@pytest.mark.asyncio
async def test_host_shows_the_addresses_large_over_its_lobby(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.widgets import Digits

    import client.app as capp
    from client.screens.hosting import HostingScreen

    async def on_loopback() -> LocalServer:  # the LAN server, kept on this machine
        server = LocalServer("127.0.0.1", 0, keep=False)
        await server.start()
        server.addresses = ["192.0.2.2", "127.0.0.1"]  # as an interface table would say
        return server

    monkeypatch.setattr(capp, "start_lan_server", on_loopback)
    app = TakiApp(settings=Settings(name="Dana"))  # a returning host: h is the key
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HostingScreen), timeout=20)
        await pilot.pause()
        assert app.hosting is not None
        port = app.hosting.port
        shown = screen_text(app)
        assert f"taki-client 192.0.2.2:{port}" in shown
        assert f"taki-client 127.0.0.1:{port}   (this machine)" in shown
        assert [str(d.value) for d in app.screen.query(Digits)] == [f"192.0.2.2:{port}"]
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, LobbyScreen))
        assert f"192.0.2.2:{port}" in app.session.server_label
        await pilot.press("i")  # again, on demand
        await until(lambda: isinstance(app.screen, HostingScreen))
        await pilot.press("escape")
        await pilot.press("q")  # back to the start screen: the server stays
        await until(lambda: isinstance(app.screen, StartScreen))
        assert app.hosting.running
        process = app.hosting.process
        await pilot.press("q")  # quit: nobody else is seated, so no question
        await until(lambda: not app.is_running)
    assert process is not None
    async with asyncio.timeout(10):
        await process.wait()
