"""Garbage collection kept off the serving path.

CPython's automatic collector runs whenever tracked objects outnumber those freed by
700: with a thousand connections its young collections paused the loop up to 26 ms and
its older ones 64-186 ms (bench/load.py), for garbage a game barely makes (play frees
nearly everything by reference counting: with the collector off, a 20 s load run ends
with the same RSS). So ``run`` collects and freezes what start-up made (modules,
restored tables: they live as long as the server), turns the automatic collector off,
and collects in full only when the memory blocks Python has allocated
(``sys.getallocatedblocks``, a few microseconds to read) grew by ``GROWTH`` since the
last collection, and by at least ``FLOOR`` (many connections made), or else once a
``PERIOD``: cyclic garbage (a dropped connection's exception, traceback and buffers)
holds large buffers the block count does not see, and must not pile up for long.

Measured with ``python -m bench.load --seconds 60`` (1,000 seated clients and 100
spectators) on a shared 2-core machine, other processes using 1.7 cores: p99 14 ms
through ``taki-server`` and 7 ms in-process, the once-a-minute collection pausing
86 ms (58 ms of CPU); with the automatic collector, runs in the same hour gave p99
65-980 ms, with gen1 pauses up to 120 ms and gen2 up to 530 ms.
"""

from __future__ import annotations

import gc
import sys

import trio

CHECK_EVERY = 1.0
GROWTH = 0.25
FLOOR = 100_000
PERIOD = 60.0


async def run() -> None:
    """Own the collector while the server runs (start it in the server's nursery)."""
    gc.collect()
    gc.freeze()
    enabled = gc.isenabled()
    gc.disable()
    base, last = sys.getallocatedblocks(), trio.current_time()
    try:
        while True:
            await trio.sleep(CHECK_EVERY)
            grown = sys.getallocatedblocks() - base
            if grown > max(FLOOR, GROWTH * base) or trio.current_time() - last >= PERIOD:
                gc.collect()
                base, last = sys.getallocatedblocks(), trio.current_time()
    finally:
        if enabled:
            gc.enable()
