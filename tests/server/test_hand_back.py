"""After the grace period a bot keeps the seat; the host may hand it back (issue 11)."""

from __future__ import annotations

import pytest

from protocol.messages import Ack, Error, RemoveBot, Snapshot, TableUpdate

from ..support.netclient import NetClient, connect, running_server, seated_pair


async def _bot_took_seat_0(b: NetClient) -> None:
    await b.wait_for(
        lambda m: isinstance(m, TableUpdate) and bool(m.table.seats[0])
        and m.table.seats[0].bot == "basic"  # type: ignore[union-attr]
        and m.table.seats[0].returnable  # type: ignore[union-attr]
    )


@pytest.mark.trio
async def test_the_host_hands_the_seat_back_to_a_person_who_watches() -> None:
    async with running_server(bot_delay=0, stand_in_delay=0.1) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, 0, reconnect_grace=0.3)
        token = a.token
        await a.close()
        await _bot_took_seat_0(b)  # b is the host now (a was, and left)
        late = await connect(nursery, port, "A", token=token)
        await late.wait_for(lambda m: isinstance(m, Snapshot) and m.seat is None)
        answer = await b.request(RemoveBot, seat=0)
        assert isinstance(answer, Ack), answer
        snap = await late.wait_for(lambda m: isinstance(m, Snapshot) and m.seat == 0)
        assert isinstance(snap, Snapshot) and snap.view is not None and "hand" in snap.view
        seat0 = snap.table.seats[0]
        assert seat0 is not None and seat0.bot is None and seat0.connected
        assert not seat0.returnable
        # What the bot did meanwhile was done for A, never shown as A's own moves.
        by_bot = [e for e in snap.log or () if e.get("seat") == 0 and e["kind"] != "turn"]
        assert by_bot and all(e.get("stand_in") for e in by_bot), by_bot
        # Seated again for real: the old token works for a reconnect, and it may act.
        again = await connect(nursery, port, "A", token=token)
        back = await again.wait_for(lambda m: isinstance(m, Snapshot))
        assert isinstance(back, Snapshot) and back.seat == 0
        assert back.view is not None and back.view["hand"] == late.view["hand"]  # type: ignore[index]


@pytest.mark.trio
async def test_a_seat_handed_back_to_someone_away_waits_for_their_token() -> None:
    async with running_server(bot_delay=0, stand_in_delay=0.1) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, 0, reconnect_grace=0.3)
        token = a.token
        await a.close()
        await _bot_took_seat_0(b)
        assert isinstance(await b.request(RemoveBot, seat=0), Ack)
        update = await b.wait_for(
            lambda m: isinstance(m, TableUpdate) and bool(m.table.seats[0])
            and m.table.seats[0].bot is None  # type: ignore[union-attr]
        )
        assert isinstance(update, TableUpdate)
        seat0 = update.table.seats[0]
        assert seat0 is not None and not seat0.connected
        again = await connect(nursery, port, "A", token=token)
        snap = await again.wait_for(lambda m: isinstance(m, Snapshot))
        assert isinstance(snap, Snapshot) and snap.seat == 0


@pytest.mark.trio
async def test_a_bot_that_replaced_a_leaver_is_not_handed_back() -> None:
    from protocol.messages import Leave

    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, 0)
        await a.request(Leave)  # gave the seat up: nobody to hand it back to
        answer = await b.request(RemoveBot, seat=0)
        assert isinstance(answer, Error) and answer.code == "game_in_progress"


@pytest.mark.asyncio
@pytest.mark.usefixtures("config_dir")  # the client saves its seat token
async def test_the_hosts_client_shows_the_key_and_hands_the_seat_back() -> None:
    import asyncio

    from client.app import TakiApp
    from client.config import Settings
    from client.net import Link
    from protocol.messages import Join, TableOptions

    from ..support.clientkit import until
    from ..support.server_thread import ServerThread

    with ServerThread(stand_in_delay=0.05) as server:
        app = TakiApp(f"127.0.0.1:{server.port}", name="Dana", settings=Settings())
        async with app.run_test(size=(100, 32)) as pilot:
            await until(lambda: app.session.link is not None)
            app.session.create_table(TableOptions("T", 2, reconnect_grace=0.3))
            await until(lambda: app.session.state.info is not None)
            eve = Link("127.0.0.1", server.port)
            await eve.open("Eve")
            reader = asyncio.create_task(eve.run(lambda m: None))
            eve.request(Join, table=app.session.state.info.id)  # type: ignore[union-attr]
            await until(lambda: app.session.state.info is not None
                        and all(s is not None for s in app.session.state.info.seats))
            app.session.host_command("start")
            await until(lambda: app.session.state.view is not None)
            reader.cancel()
            await eve.close()  # Eve's client is gone, and stays away past the grace
            await until(lambda: app.session.state.info is not None
                        and app.session.state.info.seats[1] is not None
                        and app.session.state.info.seats[1].returnable)
            def keys() -> str:
                return str(app.screen.query_one("#keys").render())

            await until(lambda: "x give the seat back to Eve" in keys())  # the footer
            assert "A bot now plays for Eve" in app.session.state.log
            await pilot.press("x")
            await until(lambda: app.session.state.info is not None
                        and app.session.state.info.seats[1] is not None
                        and app.session.state.info.seats[1].bot is None)
            seat = app.session.state.info.seats[1]  # type: ignore[union-attr]
            assert seat is not None and not seat.connected  # Eve's token takes it back
            assert "Eve took their seat back" in app.session.state.log
