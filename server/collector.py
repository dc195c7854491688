"""Garbage collection kept off the serving path.

CPython's automatic collector runs whenever tracked objects outnumber those freed by
700: with a thousand connections its young collections paused the loop up to 26 ms, and
its older ones 64-186 ms (bench/load.py), for garbage a game barely makes (play frees
nearly everything by reference counting: with the collector off, a 20 s load run ends
with the same RSS). So ``run`` collects and freezes what start-up made (modules,
restored tables: they live as long as the server), turns the automatic collector off,
and collects in full only when the tracked objects have grown by ``GROWTH`` of those
alive after the last collection (and at least ``FLOOR``): many connections made, or
cyclic garbage piling up, never at every few hundred allocations.
"""

from __future__ import annotations

import gc

import trio

CHECK_EVERY = 1.0
"""Seconds between two looks at the collector's count."""
GROWTH = 0.5
FLOOR = 50_000


async def run() -> None:
    """Own the collector while the server runs (start it in the server's nursery)."""
    gc.collect()
    gc.freeze()
    enabled = gc.isenabled()
    gc.disable()
    live = len(gc.get_objects())
    try:
        while True:
            await trio.sleep(CHECK_EVERY)
            if gc.get_count()[0] > max(FLOOR, GROWTH * live):
                gc.collect()
                live = len(gc.get_objects())
    finally:
        if enabled:
            gc.enable()
