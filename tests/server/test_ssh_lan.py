"""A server with an SSH entrance says so on the LAN (an additive 'ssh' in the TXT record
and the beacon), and ``taki-client --list`` and the start screen show the line to type."""

from __future__ import annotations

import io
from typing import Any

import pytest

import client.discovery as cdisc
from client.discovery import Browser, Game, list_games
from client.screens.start import StartScreen
from protocol import lan
from protocol.lan import decode_beacon, encode_beacon, parse_txt, txt_ssh


def raw(properties: dict[Any, Any]) -> dict[bytes, bytes | None]:
    return {str(k).encode(): (None if v is None else str(v).encode())
            for k, v in properties.items()}


def test_the_txt_record_carries_the_ssh_port_and_old_readers_still_parse_it() -> None:
    with_ssh = raw(lan.txt_properties("Dana", 2, 2222))
    assert txt_ssh(with_ssh) == 2222
    assert parse_txt(with_ssh, "label") == ("Dana", lan.VERSIONS, 2)
    without = raw(lan.txt_properties("Dana", 2))
    assert b"ssh" not in without and txt_ssh(without) is None
    for bad in (b"0", b"65536", b"22a", b"", b"-1", b"123456"):
        assert txt_ssh({**without, b"ssh": bad}) is None


def test_the_beacon_carries_the_ssh_port() -> None:
    beacon = decode_beacon(encode_beacon("Dana", 8254, 1, 2.0, ssh=2222))
    assert beacon is not None and beacon.ssh == 2222 and beacon.port == 8254
    plain = decode_beacon(encode_beacon("Dana", 8254, 1, 2.0))
    assert plain is not None and plain.ssh is None
    odd = decode_beacon(b'{"taki":1,"port":8254,"name":"x","versions":[1],"tables":0,"ssh":true}')
    assert odd is not None and odd.ssh is None


def test_list_and_start_screen_show_the_ssh_line() -> None:
    out = io.StringIO()
    browser = Browser(methods=())

    async def fake_collect(*_a: Any, **_k: Any) -> Browser:
        browser.started = True
        browser.running = ["beacon"]
        browser._beacons[("127.0.0.7", 8254)] = (
            Game("Far", "127.0.0.7", 8254, (1,), 2, "beacon", ssh=2222), 1e18)
        browser._beacons[("127.0.0.8", 8254)] = (
            Game("Near", "127.0.0.8", 8254, (1,), 0, "beacon"), 1e18)
        return browser

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cdisc, "collect", fake_collect)
        assert list_games(0, out=out) == 0
    far, near = out.getvalue().splitlines()
    assert far.startswith("127.0.0.7:8254  Far") and far.endswith("ssh -t -p 2222 NAME@127.0.0.7")
    assert "ssh" not in near
    option = StartScreen._option(Game("Far", "127.0.0.7", 8254, (1,), 2, "beacon", ssh=2222))
    assert "ssh -t -p 2222 NAME@127.0.0.7" in str(option.prompt)
    assert "ssh" not in str(StartScreen._option(Game("N", "h", 1, (1,), 0, "mdns")).prompt)


@pytest.mark.asyncio
async def test_a_server_with_an_ssh_entrance_advertises_its_port(
    monkeypatch: pytest.MonkeyPatch, config_dir: Any
) -> None:
    import server.discovery as sdisc
    from server.discovery import Advertising
    from server.ssh.gate import SshOptions

    from ..support.clientkit import until
    from ..support.discovery_kit import (
        BROADCAST,
        LOOPBACK,
        found,
        free_udp_port,
        no_zeroconf,
    )
    from ..support.server_thread import ServerThread

    monkeypatch.setattr(sdisc, "_open_zeroconf", no_zeroconf)  # the beacon: no multicast
    port = free_udp_port()
    browser = Browser(interfaces=LOOPBACK, beacon_port=port, methods=("beacon",))
    await browser.start()
    how = Advertising(name="With ssh", interfaces=LOOPBACK, beacon_to=BROADCAST,
                      beacon_port=port, every=0.2, methods=("beacon",))
    try:
        with ServerThread(advertise=how, ssh=SshOptions(0)) as running:
            assert running.server is not None and running.server.ssh is not None
            entrance = running.server.ssh.port
            await until(lambda: found(browser, running.port) is not None)
            game = found(browser, running.port)
            assert game is not None and game.ssh == entrance and entrance != running.port
            assert game.ssh_line == f"ssh -t -p {entrance} NAME@127.0.0.1"
    finally:
        await browser.stop()
