"""A spectator at a soak table: joins a game already running, watches a few seconds
(checking its patched view against fresh snapshots now and then), sometimes drops its
connection and comes back to watch again, then leaves or just goes.

Half say hello as ``spectator`` (a connection that may only watch), half as a player
that sends ``spectate``: both must see counts only, never a hand.
"""

from __future__ import annotations

import random

import trio

from protocol.messages import Ack, Leave, Spectate

from .soak_agents import Agent, Link, TableWatch, World, wait_change


class Watcher(Agent):
    """See the module docstring."""

    def __init__(self, world: World, watch: TableWatch, name: str, rng: random.Random) -> None:
        super().__init__(world, watch, name, rng)
        self.role = "spectator" if rng.random() < 0.5 else None

    async def life(self, seconds: float) -> None:
        until = trio.current_time() + seconds
        while not self.world.stopping and trio.current_time() < until:
            link = await self.dial()
            if link is None:
                return
            outcome = "lost"
            async with trio.open_nursery() as nursery:
                nursery.start_soon(link.pump)
                try:
                    outcome = await self.session(link, until)
                finally:
                    nursery.cancel_scope.cancel()
            await self.hang_up(link)
            self.abandon()
            if outcome == "done":
                return
            await trio.sleep(self.rng.uniform(0.2, 2.0) if outcome == "drop"
                             else self.rng.uniform(0.05, 0.5))

    async def session(self, link: Link, until: float) -> str:
        with trio.move_on_after(15):
            while link.welcome is None and not link.closed:
                await wait_change(link, 1.0)
        if link.welcome is None or self.watch.id is None:
            return "lost"
        got = await self.ask(Spectate, table=self.watch.id)
        if not isinstance(got, Ack):
            return "lost" if got is None else "done"
        self.world.stats.spectators += 1
        now = trio.current_time()
        drop_at = now + self.rng.uniform(0.5, until - now) if self.rng.random() < 0.3 else until
        while not self.world.stopping and trio.current_time() < until:
            if link.closed:
                return "lost"
            if trio.current_time() >= drop_at:
                return "drop"
            await wait_change(link, 1.0)
            if self.rng.random() < 0.1:
                await self.check_view(link)
        await self.check_view(link)
        if self.rng.random() < 0.7:
            await self.ask(Leave)
        return "done"
