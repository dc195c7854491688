"""LAN discovery (server/discovery.py, client/discovery.py), without a LAN.

Everything stays on this machine: mDNS runs on the loopback interface only (zeroconf's
``interfaces=["127.0.0.1"]``), the broadcast beacon goes to 127.255.255.255, and the
no-network path is faked (zeroconf and the beacon socket raise OSError) and, where the
machine allows it, run for real in an empty network namespace (``unshare -n``).
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
from typing import Any

import pytest
import trio

import client.discovery as cdisc
import protocol.lan as lan
import server.discovery as sdisc
from client.app import TakiApp
from client.app import main as client_main
from client.config import Settings
from client.discovery import Browser, Game, list_games
from client.screens.lobby import LobbyScreen
from client.screens.start import StartScreen
from protocol.lan import VERSIONS, decode_beacon, encode_beacon, parse_txt
from protocol.messages import TableOptions
from server.app import _advertising as cli_advertising
from server.app import build_parser, serve
from server.discovery import Advertiser, Advertising, broadcast_addresses, open_tables

from ..support.clientkit import until
from ..support.discovery_kit import BROADCAST, LOOPBACK, found, free_udp_port, no_zeroconf
from ..support.server_thread import ServerThread

MDNS_GROUP = "224.0.0.251"


# ------------------------------------------------------------------ helpers


def _loopback_multicast_problem() -> str | None:
    """Why multicast over the loopback interface cannot work here (None: it can)."""
    port = free_udp_port()
    recv = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    send = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        recv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        recv.bind(("", port))
        group, lo = socket.inet_aton(MDNS_GROUP), socket.inet_aton(LOOPBACK[0])
        membership = struct.pack("4s4s", group, lo)
        recv.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, membership)
        recv.settimeout(1.0)
        send.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(LOOPBACK[0]))
        send.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
        send.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        send.sendto(b"taki probe", (MDNS_GROUP, port))
        data, _addr = recv.recvfrom(64)
        if data != b"taki probe":
            return "a stray datagram instead of the probe"
    except OSError as exc:
        return f"multicast on 127.0.0.1: {exc}"
    finally:
        recv.close()
        send.close()
    try:
        zeroconf = sdisc._open_zeroconf(LOOPBACK)
    except Exception as exc:
        return f"zeroconf on 127.0.0.1: {exc!r}"
    zeroconf.close()
    return None


@pytest.fixture(scope="module")
def loopback_mdns() -> None:
    problem = _loopback_multicast_problem()
    if problem is not None:
        pytest.skip(f"no multicast over the loopback interface here ({problem})")


pytestmark = pytest.mark.usefixtures("config_dir")


class Serving(ServerThread):
    """A real server on 127.0.0.1 in its own thread, advertising ``how``."""

    def __init__(self, how: Advertising | None) -> None:
        super().__init__(advertise=how or False)
        self.how = how
        self.said: list[str] = []
        if how is not None:
            how.announce = self.said.append

    def __enter__(self) -> Serving:
        self.start()
        return self

    def open_table(self, name: str = "T") -> None:
        def create() -> None:
            assert self.server is not None
            self.server.lobby.create(TableOptions(name, 4))

        self.call(create)


# ------------------------------------------------------------------ wire formats


def test_beacon_round_trip_and_bye() -> None:
    data = encode_beacon("Dana's game", 8254, 3, 2.0)
    beacon = decode_beacon(data)
    assert beacon is not None and not beacon.bye
    assert (beacon.name, beacon.port, beacon.tables, beacon.every) == ("Dana's game", 8254, 3, 2.0)
    assert beacon.versions == VERSIONS
    bye = decode_beacon(encode_beacon("x", 8254, 0, 2.0, bye=True))
    assert bye is not None and bye.bye and bye.port == 8254


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xff\xfe",
        b"not json",
        b"[1, 2]",
        json.dumps({"taki": 2, "port": 1, "name": "x", "versions": [1], "tables": 0}).encode(),
        json.dumps({"taki": 1, "port": True, "name": "x", "versions": [1], "tables": 0}).encode(),
        json.dumps({"taki": 1, "port": 70000, "name": "x", "versions": [1], "tables": 0}).encode(),
        json.dumps({"taki": 1, "port": 1, "name": 5, "versions": [1], "tables": 0}).encode(),
        json.dumps({"taki": 1, "port": 1, "name": "x", "versions": [], "tables": 0}).encode(),
        json.dumps({"taki": 1, "port": 1, "name": "x", "versions": ["1"], "tables": 0}).encode(),
        json.dumps({"taki": 1, "port": 1, "name": "x", "versions": [1], "tables": -1}).encode(),
        b'{"taki": 1, "port": 1, "name": "' + b"x" * 2000 + b'"}',
    ],
)
def test_garbage_is_no_beacon(data: bytes) -> None:
    assert decode_beacon(data) is None


def test_names_are_cleaned() -> None:
    beacon = decode_beacon(
        json.dumps({"taki": 1, "port": 9, "name": "[b]x\x1b[2J\n" + "y" * 80,
                    "versions": [1], "tables": 0, "every": -4}).encode()
    )
    assert beacon is not None
    assert beacon.name.isprintable() and len(beacon.name) <= lan.NAME_MAX
    assert beacon.every == lan.BEACON_EVERY


def test_txt_record() -> None:
    props = lan.txt_properties("Dana", 2)
    raw = {str(k).encode(): str(v).encode() for k, v in props.items()}
    assert parse_txt(raw, "label") == ("Dana", VERSIONS, 2)
    assert parse_txt({b"versions": b"1,2", b"tables": b"0"}, "label") == ("label", (1, 2), 0)
    assert parse_txt({b"versions": b"one", b"tables": b"0"}, "label") is None
    assert parse_txt({b"tables": b"0"}, "label") is None
    assert parse_txt({b"versions": b"1", b"tables": None}, "label") is None


def test_open_tables_counts_waiting_tables_with_a_free_seat() -> None:
    class T:
        def __init__(self, state: str, seats: list[Any]) -> None:
            self.state, self.seats = state, seats

    tables = {
        "t1": T("waiting", [object(), None]),
        "t2": T("waiting", [object(), object()]),
        "t3": T("playing", [object(), None]),
        "t4": T("waiting", [None, None, None]),
    }
    assert open_tables(tables.values()) == 2  # type: ignore[arg-type]


def test_loopback_broadcast_address() -> None:
    assert broadcast_addresses(LOOPBACK) == BROADCAST


def test_game_address_and_versions() -> None:
    game = Game("x", "127.0.0.1", 8254, (1,), 0, "mdns")
    assert game.address == "127.0.0.1:8254" and game.compatible
    assert Game("x", "::1", 8254, (99,), 0, "mdns").address == "[::1]:8254"
    assert not Game("x", "::1", 8254, (99,), 0, "mdns").compatible


def test_the_command_line_advertises_unless_told_not_to() -> None:
    parser = build_parser()
    on = cli_advertising(parser.parse_args(["--advertise-name", "Dana"]))
    assert on is not None and on.name == "Dana" and on.interfaces is None
    assert cli_advertising(parser.parse_args(["--no-advertise"])) is None
    # Only this machine can reach a server on loopback: nothing to advertise...
    assert cli_advertising(parser.parse_args(["--host", "127.0.0.1"])) is None
    # ...unless an interface is named (how one tries it on one machine).
    lo = cli_advertising(parser.parse_args(["--host", "127.0.0.1",
                                            "--advertise-interface", "127.0.0.1"]))
    assert lo is not None and list(lo.interfaces or []) == LOOPBACK


# ------------------------------------------------------------------ mDNS over loopback


@pytest.mark.asyncio
async def test_mdns_advertise_browse_update_and_goodbye(
    loopback_mdns: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    changes: list[int] = []
    browser = Browser(lambda: changes.append(1), interfaces=LOOPBACK, methods=("mdns",))
    await browser.start()
    assert browser.running == ["mdns"] and browser.available
    how = Advertising(name="Dana's game", interfaces=LOOPBACK, methods=("mdns",), every=0.2)
    try:
        with Serving(how) as server:
            await until(lambda: found(browser, server.port) is not None)
            game = found(browser, server.port)
            assert game is not None
            assert (game.name, game.host, game.versions, game.tables, game.via) == (
                "Dana's game", "127.0.0.1", VERSIONS, 0, "mdns")
            assert changes
            await until(lambda: bool(server.said))  # once registering is over
            assert "over mDNS" in server.said[0]

            server.open_table()  # the open-table count follows the lobby
            await until(lambda: getattr(found(browser, server.port), "tables", 0) == 1)

            # taki-client --list finds it too (in a thread: it runs its own loop).
            monkeypatch.setattr(cdisc, "LIST_SECONDS", 1.0)
            code = await asyncio.to_thread(
                client_main, ["--list", "--discovery-interface", "127.0.0.1"]
            )
            out = capsys.readouterr().out
            assert code == 0
            assert f"127.0.0.1:{server.port}  Dana's game" in out and "1 open tables" in out
        # A server that stops says goodbye: it leaves the list at once.
        await until(lambda: found(browser, server.port) is None, timeout=5)
        assert len(server.said) == 1  # said once
    finally:
        await browser.stop()


# ------------------------------------------------------------------ the broadcast fallback


@pytest.mark.asyncio
async def test_no_multicast_falls_back_to_the_broadcast_beacon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sdisc, "_open_zeroconf", no_zeroconf)
    monkeypatch.setattr(cdisc, "_open_zeroconf", no_zeroconf)
    port = free_udp_port()
    browser = Browser(interfaces=LOOPBACK, beacon_port=port)
    await browser.start()
    assert browser.running == ["beacon"] and browser.available
    assert browser.problems and browser.problems[0].startswith("mdns:")
    how = Advertising(name="Beacon game", interfaces=LOOPBACK, beacon_to=BROADCAST,
                      beacon_port=port, every=0.2)
    try:
        with Serving(how) as server:
            await until(lambda: found(browser, server.port) is not None)
            game = found(browser, server.port)
            assert game is not None
            assert (game.name, game.host, game.tables, game.via) == (
                "Beacon game", "127.0.0.1", 0, "beacon")
            assert "UDP broadcast" in server.said[0] and "No such device" in server.said[0]
            server.open_table()
            await until(lambda: getattr(found(browser, server.port), "tables", 0) == 1)
        await until(lambda: found(browser, server.port) is None, timeout=2)  # its bye
    finally:
        await browser.stop()


@pytest.mark.asyncio
async def test_a_silent_beacon_expires() -> None:
    port = free_udp_port()
    browser = Browser(interfaces=LOOPBACK, beacon_port=port, methods=("beacon",))
    await browser.start()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            sock.sendto(b"junk", (BROADCAST[0], port))
            sock.sendto(encode_beacon("Brief", 4242, 0, 0.1), (BROADCAST[0], port))
        await until(lambda: found(browser, 4242) is not None, timeout=3)
        await until(lambda: found(browser, 4242) is None, timeout=3)
    finally:
        await browser.stop()


# ------------------------------------------------------------------ no network at all


@pytest.mark.trio
async def test_server_without_network_says_so_once_and_serves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sdisc, "_open_zeroconf", no_zeroconf)

    def no_socket() -> Any:
        raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(sdisc, "_open_beacon_socket", no_socket)
    said: list[str] = []
    how = Advertising(beacon_to=BROADCAST, beacon_port=free_udp_port(), every=0.05,
                      announce=said.append)
    async with trio.open_nursery() as nursery:
        _server, port = await nursery.start(
            lambda task_status: serve("127.0.0.1", 0, advertise=how, task_status=task_status)
        )
        await trio.sleep(0.3)
        assert len(said) == 1 and "unavailable" in said[0]
        assert "No such device" in said[0] and "unreachable" in said[0]
        stream = await trio.open_tcp_stream("127.0.0.1", port)  # join by address still works
        await stream.aclose()
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_advertiser_reports_its_method() -> None:
    advertiser = Advertiser(Advertising(methods=()), 8254, lambda: 0)
    async with trio.open_nursery() as nursery:
        method = await nursery.start(advertiser.run)
        assert method is None and advertiser.method is None
        nursery.cancel_scope.cancel()


@pytest.mark.asyncio
async def test_client_without_network(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cdisc, "_open_zeroconf", no_zeroconf)

    def no_socket(port: int) -> socket.socket:
        raise OSError(99, "Cannot assign requested address")

    monkeypatch.setattr(cdisc, "_beacon_socket", no_socket)
    browser = Browser()
    await browser.start()  # never raises
    assert not browser.available and browser.games() == []
    assert len(browser.problems) == 2
    await browser.stop()
    code = await asyncio.to_thread(list_games, 0.1)
    assert code == 1
    assert "cannot look for games on this network" in capsys.readouterr().err


# ------------------------------------------------------------------ the start screen


def start_screen(app: TakiApp) -> StartScreen:
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


@pytest.mark.asyncio
async def test_start_screen_lists_games_live_and_joins_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.widgets import OptionList, Static

    monkeypatch.setattr(sdisc, "_open_zeroconf", no_zeroconf)
    port = free_udp_port()
    how = Advertising(name="Upstairs", interfaces=LOOPBACK, beacon_to=BROADCAST,
                      beacon_port=port, every=0.2)
    app = TakiApp(name="Tester", settings=Settings())
    app.discovery = Browser(interfaces=LOOPBACK, beacon_port=port, methods=("beacon",))
    async with app.run_test(size=(80, 30)) as pilot:
        screen = start_screen(app)
        lan = screen.query_one("#lan", Static)
        games = screen.query_one("#found", OptionList)
        await until(lambda: "Looking for games" in str(lan.render()))
        assert not games.display
        with Serving(how) as server:
            await until(lambda: games.option_count == 1)
            await pilot.pause()
            assert "Games on your network" in str(lan.render())
            option = games.get_option_at_index(0)
            assert option.id == f"127.0.0.1:{server.port}"
            assert "Upstairs" in str(option.prompt)
            await pilot.press("g")
            assert games.has_focus and games.highlighted == 0
            await pilot.press("enter")
            await until(lambda: app.session.link is not None)
            await until(lambda: isinstance(app.screen, LobbyScreen))
            app.action_back_to_start()
            await pilot.pause()
        await until(lambda: games.option_count == 0)  # gone when it stops
    await until(lambda: not app.discovery or app.discovery._transport is None, timeout=2)


@pytest.mark.asyncio
async def test_start_screen_without_discovery_still_joins_by_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.widgets import Input, Static

    monkeypatch.setattr(cdisc, "_open_zeroconf", no_zeroconf)

    def no_socket(port: int) -> socket.socket:
        raise OSError(99, "Cannot assign requested address")

    monkeypatch.setattr(cdisc, "_beacon_socket", no_socket)
    app = TakiApp(name="Tester", settings=Settings(), discover=True)
    with Serving(None) as server:
        async with app.run_test(size=(80, 30)) as pilot:
            screen = start_screen(app)
            lan = screen.query_one("#lan", Static)
            await until(lambda: "Cannot look for games" in str(lan.render()))
            screen.query_one("#address", Input).value = f"127.0.0.1:{server.port}"
            await pilot.press("j")
            await until(lambda: isinstance(app.screen, LobbyScreen))


@pytest.mark.asyncio
async def test_start_screen_without_discover_shows_nothing_of_it() -> None:
    from textual.widgets import OptionList, Static

    app = TakiApp(name="Tester", settings=Settings())
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        screen = start_screen(app)
        assert app.discovery is None
        assert not screen.query_one("#lan", Static).display
        assert not screen.query_one("#found", OptionList).display


# ------------------------------------------------------------------ a real empty network


def _in_empty_netns() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare is None or not sys.platform.startswith("linux"):
        pytest.skip("no unshare here")
    try:
        probe = subprocess.run([unshare, "-n", "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"unshare -n failed: {exc}")
    if probe.returncode != 0:
        pytest.skip(f"unshare -n is not allowed here: {probe.stderr.decode().strip()}")
    return [unshare, "-n"]


def test_no_network_namespace_list_and_server() -> None:
    """With no network at all (an empty namespace): --list says so and exits at once;
    the server says so once and keeps serving."""
    prefix = _in_empty_netns()
    # The whole LAN path, which is safe here: an empty namespace has no route anywhere.
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "TAKI_CONFIG_DIR": "/nonexistent",
           "TAKI_DISCOVERY": "lan"}
    started = time.monotonic()
    listing = subprocess.run(
        [*prefix, sys.executable, "-m", "client.app", "--list"],
        capture_output=True, text=True, timeout=30, env=env,
    )
    assert listing.returncode == 1, listing.stderr
    assert "cannot look for games on this network" in listing.stderr
    assert "Traceback" not in listing.stderr
    assert time.monotonic() - started < 15

    server = subprocess.Popen(
        [*prefix, sys.executable, "-m", "server.app", "--port", "0", "--no-data"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    try:
        assert server.stdout is not None
        lines: list[str] = []
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            line = server.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "LAN discovery" in line:
                break
        text = "".join(lines)
        assert "listening on" in text and "LAN discovery unavailable" in text, text
        assert server.poll() is None  # still serving
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)


def test_list_output_format() -> None:
    out = io.StringIO()
    browser = Browser(methods=())

    async def fake_collect(*_a: Any, **_k: Any) -> Browser:
        browser.started = True
        browser.running = ["beacon"]
        browser._beacons[("127.0.0.7", 8254)] = (
            Game("Far", "127.0.0.7", 8254, (1,), 2, "beacon"), 1e18)
        browser._beacons[("127.0.0.6", 8254)] = (
            Game("Old", "127.0.0.6", 8254, (99,), 0, "beacon"), 1e18)
        return browser

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cdisc, "collect", fake_collect)
        assert list_games(0, out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("127.0.0.7:8254  Far") and "2 open tables" in lines[0]
    assert "another version" in lines[1]


def test_list_finds_nothing() -> None:
    out = io.StringIO()
    port = free_udp_port()
    assert list_games(0.2, interfaces=LOOPBACK, beacon_port=port, methods=("beacon",), out=out) == 0
    assert "No TAKI games found" in out.getvalue()
