"""Decoder fuzzing at scale: a million hostile frames through ``protocol/``.

    python -m bench.fuzz_decoder [--frames 1000000] [--workers 2] [--seed 1]
                                 [--tracemalloc 20000] [--atheris RUNS]

Each *case* is a byte stream a peer could send: one frame or several, made by one of
the generators below (``KINDS``), then fed in random chunks (whole, split at random
points, or byte by byte) through three consumers:

1. ``FrameDecoder`` + ``decode_message`` (every decoded frame, at version 1); every
   message that decodes is encoded again (``Message.encode``) and decoded again;
2. a ``ServerConnection`` (half the cases start with a valid ``hello``, so the stream
   reaches the open connection): every ``RemoteProtocolError`` is answered with
   ``send_error`` the way the server does;
3. a ``ClientConnection`` that sent its hello (half the cases start with a ``welcome``).

What must hold, for every case: the decoder raises only ``ProtocolError`` with code
``bad_frame`` or ``frame_too_large``; ``decode_message`` only ``ProtocolError`` with
``bad_message`` or ``unknown_type``; ``next_message`` only ``RemoteProtocolError`` with
a code of ``ERROR_CODES``; ``send_error`` never raises; a decoded message encodes again
(or is refused with ``LocalProtocolError`` ``frame_too_large``); the decoder never
holds more than ``max_frame + 4`` bytes. Anything else is a *failure*: it is counted,
and the first few are kept with the bytes that caused them (hex) in the JSON report.

Generators (``KINDS``): random bytes; a random body under a valid header; random
msgpack trees (every msgpack type, forbidden ones included: bin, ext, non-string keys,
NaN/inf, 64-bit extremes, invalid UTF-8); maps of a real message type with wrong field
types; field-level mutations of one valid message of every type (a value swapped for a
hostile one, a key deleted, unknown keys added); byte-level mutations of valid frames
(bit flips, interesting bytes, inserts, deletes, duplications, truncation, splices),
with the length header fixed up or not; lying length headers (0, short, long, over the
limit, 0xFFFFFFFF); nesting 31..60000 deep; containers and strings whose headers claim
4 billion items; maps with thousands of keys (and thousands of duplicate keys), arrays
of 60000 items; several frames back to back, good and bad mixed.

Memory: each worker samples its RSS (``/proc/self/status``) after a warm-up and at the
end, and its peak (``ru_maxrss``); ``--tracemalloc N`` then runs N more cases under
tracemalloc in the parent and reports the traced peak and what stayed allocated.
``--atheris RUNS`` adds a coverage-guided run (atheris / libFuzzer, if installed) in
a child process, seeded with the valid frames, and reports its figures.

The last line printed is one JSON object with every figure; the exit status is 1 if
any case failed.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gc
import importlib
import json
import math
import multiprocessing
import os
import random
import re
import resource
import struct
import subprocess
import sys
import tempfile
import time
import tracemalloc
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgpack

from bench.harness import ROOT, proc_kib
from protocol import (
    ERROR_CODES,
    MAX_FRAME,
    ClientConnection,
    FrameDecoder,
    LocalProtocolError,
    ProtocolError,
    RemoteProtocolError,
    ServerConnection,
    decode_message,
)
from protocol import messages as m

DECODER_CODES = frozenset({"bad_frame", "frame_too_large"})
MESSAGE_CODES = frozenset({"bad_message", "unknown_type"})
KEEP_FAILURES = 20
"""Failures kept (with their bytes) per worker; all are counted."""

# ---------------------------------------------------------------------------- seeds


def framed(body: bytes) -> bytes:
    """A frame: the 4-byte big-endian length, then ``body``."""
    return struct.pack(">I", len(body)) + body


def seed_messages() -> list[m.Message]:
    """One valid message of every type (optional fields filled), plus minimal ones."""
    opts = m.TableOptions(
        "Friday night", 4, stairs=True, must_play_if_able=True, turn_timer=30,
        plus3_window=5, reconnect_grace=60,
    )
    table = m.TableInfo(
        "t7", opts, "playing",
        (m.SeatInfo("Dana"), m.SeatInfo("Omer", connected=False),
         m.SeatInfo("Noa", "basic"), None),
        host=0, spectators=2,
    )
    view: dict[str, Any] = {
        "seat": 1,
        "options": {"stairs": False, "must_play_if_able": False, "play_for_places": False},
        "players": [{"cards": n, "stage": 8, "declared": False, "place": None}
                    for n in (6, 9, 6, 8)],
        "draw_count": 80, "discard_count": 7, "discard_top": ["G8", "G3"], "lead": "G3",
        "turn": 1, "direction": 1, "color": "G", "plus2": 0, "plus3": None, "taki": None,
        "follow": None, "winner": None, "over": False,
        "hand": ["G9", "G5", "B1", "G4", "G1", "Y4", "B3", "color", "Bplus"],
    }
    legal = (m.GameAction("play", card="G9"), m.GameAction("play", card="color", color="R"),
             m.GameAction("draw"), m.GameAction("declare_last_card"))
    msgs: list[m.Message] = [
        m.Hello((1, 1), "Dana", "taki-client/0.1", token="k3Jd9-seat-token", role="player"),
        m.Welcome(1, "taki-server/0.1", (1, 1), 65536, "Dana", "t7", 0),
        m.Error("not_your_turn", "it is Omer's turn", id=17),
        m.Error("unsupported_version", "no", supported=(2, 3)),
        m.Ping(99), m.Pong(99),
        m.Ack(3, table="t7", seat=0, token="k3Jd9-seat-token"),
        m.ListTables(1), m.Tables((table,)), m.TableUpdate(table), m.TableRemoved("t7"),
        m.CreateTable(2, opts), m.Join(3, "t7", 1), m.Spectate(4, "t7"), m.Leave(5),
        m.AddBot(6, "basic", 2), m.RemoveBot(7, 2), m.Start(8, 1), m.Rematch(9),
        m.Action(10, m.GameAction("play", 1, "color", "R", last_card=True), seq=41),
        m.Snapshot(table, 41, 1, view, legal,
                   ({"kind": "played", "seat": 0, "card": "G3"}, {"kind": "turn", "seat": 1})),
        m.Event(42, {"kind": "played", "seat": 1, "card": "G9"},
                {"players.1.cards": 8, "discard_top": ["G3", "G9"], "lead": "G9", "turn": 2},
                ()),
        m.Resync(11, 40), m.Timer("turn", 2, 30), m.Chat(12, "good game!"),
        m.ChatLine("Noa", "good game!", None, spectator=True),
        m.Hello((1, 1), "D", "c/1"), m.Welcome(1, "s", (1, 1)), m.Ack(0), m.Tables(()),
        m.CreateTable(0, m.TableOptions("t", 2)), m.Join(0, "t"), m.AddBot(0, "random"),
        m.Start(0), m.Action(0, m.GameAction("draw")), m.Event(1, {"kind": "turn"}),
        m.Resync(0), m.Timer("plus3"), m.ChatLine("x", "y"),
    ]
    return msgs


def synth_value(tp: Any, meta: dict[str, Any]) -> Any:
    """A small valid wire value for a field annotation and its ``rule`` limits."""
    if tp is bool:
        return True
    if tp is int or tp is float:
        low = meta.get("min")
        return tp(low if low is not None and low > 0 else 1)
    if tp is str:
        choices = meta.get("choices")
        return choices[0] if choices else "x" * max(1, meta.get("min_len") or 1)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        return synth_value(next(a for a in args if a is not type(None)), meta)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return [synth_value(args[0], {})] * max(1, meta.get("min_len") or 1)
        return [synth_value(a, {}) for a in args]
    if origin is dict:
        return {"kind": "turn", "seat": 0}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return synth_map(tp)
    return None


def synth_map(cls: type) -> dict[str, Any]:
    """A wire map for record class ``cls`` with every field given a small valid value."""
    hints = typing.get_type_hints(cls)
    out: dict[str, Any] = {}
    if issubclass(cls, m.Message):
        out["type"] = cls.TYPE
    for f in dataclasses.fields(cls):
        out[f.name] = synth_value(hints[f.name], dict(f.metadata))
    return out


def all_seed_maps() -> list[dict[str, Any]]:
    """The seeds' wire maps, plus a made-up valid map for every message type that has no
    hand-written seed (types added to the protocol later are fuzzed too)."""
    maps = [x.to_dict() for x in SEEDS]
    have = {x.TYPE for x in SEEDS}
    for kind, cls in m.MESSAGES.items():
        if kind not in have:
            maps.append(synth_map(cls))
    return maps


SEEDS: list[m.Message] = seed_messages()
SEED_MAPS: list[dict[str, Any]] = all_seed_maps()
SEED_FRAMES: list[bytes] = [framed(msgpack.packb(x)) for x in SEED_MAPS]
CLIENT_FRAMES: list[bytes] = [
    f for f, x in zip(SEED_FRAMES, SEED_MAPS, strict=True) if x["type"] in m.CLIENT_MESSAGES
]
HELLO_FRAME = m.Hello((1, 1), "Fuzz", "fuzz/1").encode()
WELCOME_FRAME = m.Welcome(1, "fuzz-server/1", (1, 1)).encode()

# ---------------------------------------------------------------------------- msgpack bits


class Raw(bytes):
    """Bytes spliced verbatim into a hand-made msgpack body."""


def header(length: int) -> bytes:
    return struct.pack(">I", length)


def str_head(n: int) -> bytes:
    if n < 32:
        return bytes([0xA0 | n])
    if n < 256:
        return b"\xd9" + bytes([n])
    if n < 65536:
        return b"\xda" + struct.pack(">H", n)
    return b"\xdb" + struct.pack(">I", n)


def map_head(n: int) -> bytes:
    if n < 16:
        return bytes([0x80 | n])
    if n < 65536:
        return b"\xde" + struct.pack(">H", n)
    return b"\xdf" + struct.pack(">I", n)


def array_head(n: int) -> bytes:
    if n < 16:
        return bytes([0x90 | n])
    if n < 65536:
        return b"\xdc" + struct.pack(">H", n)
    return b"\xdd" + struct.pack(">I", n)


def ext(code: int, data: bytes) -> bytes:
    """An ext value of type ``code`` (-1 is the timestamp): forbidden in frames."""
    fixed = {1: 0xD4, 2: 0xD5, 4: 0xD6, 8: 0xD7, 16: 0xD8}.get(len(data))
    head = bytes([fixed]) if fixed else b"\xc7" + bytes([len(data)])
    return head + struct.pack(">b", code) + data


def pack(obj: Any) -> bytes:
    """msgpack of ``obj``, where ``Raw`` parts (keys too) go in as they are."""
    if isinstance(obj, Raw):
        return bytes(obj)
    if isinstance(obj, dict):
        return map_head(len(obj)) + b"".join(pack(k) + pack(v) for k, v in obj.items())
    if isinstance(obj, list | tuple):
        return array_head(len(obj)) + b"".join(pack(v) for v in obj)
    if isinstance(obj, int) and not isinstance(obj, bool):
        obj = max(-(2**63), min(obj, 2**64 - 1))  # msgpack ints are at most 64 bits
    packed: bytes = msgpack.packb(obj, use_bin_type=True)
    return packed


BAD_UTF8: list[bytes] = [
    b"\xff", b"\xfe\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"abc\x80",
    b"\xe2\x82", b"\xf0\x9f\x98", b"ok\xc3\x28", b"\xf8\x88\x80\x80\x80",
]
"""Invalid UTF-8: stray bytes, an overlong NUL, a surrogate, past U+10FFFF, truncated."""

HUGE_CLAIMS: list[bytes] = [
    b"\xdd\xff\xff\xff\xff", b"\xdf\xff\xff\xff\xff", b"\xdb\xff\xff\xff\xff",
    b"\xc6\xff\xff\xff\xff", b"\xc9\xff\xff\xff\xff\x01", b"\xdc\xff\xff", b"\xde\xff\xff",
    b"\xda\xff\xff", b"\xc5\xff\xff", b"\xd9\xff", b"\xc4\xff",
]
"""Headers claiming far more than follows (4 billion items, 4 GiB strings)."""

INTERESTING_INTS: list[int] = [
    0, 1, -1, 9, 10, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32,
    2**53 + 1, 2**63 - 1, 2**64 - 1, -(2**31), -(2**63),
]
INTERESTING_FLOATS: list[float] = [
    math.nan, math.inf, -math.inf, -0.0, 0.5, 1e308, -1e308, 5e-324, 3600.0000001, 1e-9,
]
INTERESTING_BYTES = bytes([
    0x00, 0x01, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4,
    0xC7, 0xC9, 0xCA, 0xCB, 0xCC, 0xCF, 0xD0, 0xD3, 0xD4, 0xD8, 0xD9, 0xDA, 0xDB, 0xDC,
    0xDD, 0xDE, 0xDF, 0xE0, 0xFF,
])

HOSTILE_TEXT: list[str] = [
    "\x1b[2J\x1b[H", "\x1b]0;pwned\x07", "\x1b]8;;http://x.invalid\x1b\\link\x1b]8;;\x1b\\",
    "\x9b31m", "[bold red]boom[/]", "[/]", "[link=http://x.invalid]y[/link]",
    "[@click=app.quit]quit[/]", "\u202eevil\u202c", "\u2066iso\u2069", "a\u200bb\u200d",
    "\x00nul", "line\nbreak", "tab\there", "\r\r\r", "\ufeffbom", "Z" + "\u0336" * 200,
    "x" * 10_000, "\U0001f642" * 5_000, " ", "",
]
"""Text a hostile client may type: terminal escapes, markup, bidi, NUL, huge."""

# ---------------------------------------------------------------------------- generators


def random_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(HOSTILE_TEXT)
    if roll < 0.5:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randint(0, 12))
                       ).encode("utf-8", "replace").decode("utf-8", "replace")
    if roll < 0.7:
        return "".join(chr(rng.randrange(0x20)) for _ in range(rng.randint(0, 8)))
    return "".join(rng.choice("abcxyz RGBY0123+_.-") for _ in range(rng.randint(0, 40)))


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A random msgpack value: every type, forbidden ones included."""
    roll = rng.randrange(20 if depth < 6 else 14)
    if roll == 0:
        return None
    if roll == 1:
        return rng.random() < 0.5
    if roll == 2:
        return rng.choice(INTERESTING_INTS)
    if roll == 3:
        return rng.randint(-(2**63), 2**64 - 1)
    if roll == 4:
        return rng.choice(INTERESTING_FLOATS)
    if roll == 5:
        return rng.uniform(-1e6, 1e6)
    if roll in (6, 7, 8):
        return random_text(rng)
    if roll == 9:
        return rng.randbytes(rng.randint(0, 16))  # bin: forbidden
    if roll == 10:
        return Raw(ext(rng.randint(-128, 127), rng.randbytes(rng.choice([0, 1, 2, 4, 8, 12]))))
    if roll == 11:
        return Raw(str_head(len(b := rng.choice(BAD_UTF8))) + b)
    if roll == 12:
        return Raw(rng.choice(HUGE_CLAIMS) + rng.randbytes(rng.randint(0, 8)))
    if roll == 13:
        return rng.choice(["R7", "color", "supertaki", "+3", "breaker", "draw", "play",
                           "t1", "basic", "spectator", "player", "waiting"])
    if roll in (14, 15, 16):
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return random_map(rng, depth + 1)


def random_key(rng: random.Random) -> Any:
    roll = rng.randrange(12)
    if roll == 0:
        return rng.randint(-5, 5)  # not a string: forbidden
    if roll == 1:
        return rng.randbytes(3)  # a bin key: forbidden
    if roll == 2:
        return Raw(str_head(len(b := rng.choice(BAD_UTF8))) + b)
    if roll == 3:
        return None
    if roll < 7:
        return rng.choice(["type", "id", "seat", "table", "name", "text", "action", "options",
                           "versions", "token", "seq", "view", "legal", "card", "color"])
    return random_text(rng)[:20]


def random_map(rng: random.Random, depth: int = 0) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for _ in range(rng.randint(0, 5)):
        key = random_key(rng)
        try:
            out[key] = random_value(rng, depth + 1)
        except TypeError:  # an unhashable key cannot be made here: skip it
            continue
    return out


def hostile_value(rng: random.Random, old: Any) -> Any:
    """A replacement for a field's value: wrong type, out of range, huge, or nil."""
    roll = rng.randrange(10)
    if roll == 0:
        return None
    if roll == 1 and isinstance(old, int) and not isinstance(old, bool):
        return old + rng.choice([-1, 1, -(2**32), 2**32, 10, -10])
    if roll == 2 and isinstance(old, str):
        return (old or "x") * min(rng.choice([2, 50, 2000]), 70_000 // (len(old) + 1))
    if roll == 3 and isinstance(old, list):
        return old * min(rng.choice([0, 2, 100]), 2000 // (len(old) + 1))
    if roll == 4:
        return rng.choice([True, False, 0, -1, 2**64 - 1, math.nan, math.inf, "", [], {}])
    if roll == 5:
        value: Any = rng.choice(["deep", 1, None])
        for _ in range(rng.choice([5, 31, 32, 33, 40])):
            value = [value] if rng.random() < 0.5 else {"k": value}
        return value
    return random_value(rng)


def mutate_map(rng: random.Random, data: dict[str, Any]) -> dict[Any, Any]:
    """A copy of ``data`` with one to three fields changed somewhere along a path."""
    root: dict[Any, Any] = dict(data)
    for _ in range(rng.randint(1, 3)):
        node: Any = root
        for _ in range(rng.randint(0, 4)):  # walk down, copying what we step into
            if isinstance(node, dict) and node:
                key = rng.choice(list(node))
                child = node[key]
                if isinstance(child, dict | list):
                    child = dict(child) if isinstance(child, dict) else list(child)
                    node[key] = child
                    node = child
                    continue
            elif isinstance(node, list) and node:
                index = rng.randrange(len(node))
                child = node[index]
                if isinstance(child, dict | list):
                    child = dict(child) if isinstance(child, dict) else list(child)
                    node[index] = child
                    node = child
                    continue
            break
        op = rng.randrange(6)
        if isinstance(node, dict):
            if op == 0 and node:
                del node[rng.choice(list(node))]
            elif op == 1:
                with contextlib.suppress(TypeError):  # an unhashable key: skip it
                    node[random_key(rng)] = random_value(rng)
            elif node:
                key = rng.choice(list(node))
                node[key] = hostile_value(rng, node[key])
        elif isinstance(node, list):
            if op == 0 and node:
                del node[rng.randrange(len(node))]
            elif op == 1:
                node.append(random_value(rng))
            elif node:
                index = rng.randrange(len(node))
                node[index] = hostile_value(rng, node[index])
    if rng.random() < 0.1:
        root["type"] = rng.choice([*m.MESSAGES, "", "HELLO", "hello\x00", 5, None])
    return root


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """One to six byte-level mutations of ``data``."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if not buf:
            buf += rng.randbytes(rng.randint(1, 8))
            continue
        i = rng.randrange(len(buf))
        op = rng.randrange(9)
        if op == 0:
            buf[i] ^= 1 << rng.randrange(8)
        elif op == 1:
            buf[i] = rng.choice(INTERESTING_BYTES)
        elif op == 2:
            buf[i:i] = rng.randbytes(rng.randint(1, 16))
        elif op == 3:
            del buf[i : i + rng.randint(1, 16)]
        elif op == 4:
            j = min(len(buf), i + rng.randint(1, 32))
            if len(buf) < MAX_FRAME:
                buf[i:i] = buf[i:j] * rng.randint(1, 8)
        elif op == 5:
            del buf[i:]
        elif op == 6:
            other = rng.choice(SEED_FRAMES)
            buf[i:] = other[rng.randrange(len(other)) :]
        elif op == 7:
            size = rng.choice([1, 2, 4])
            value = rng.choice([0, 1, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF])
            buf[i : i + size] = (value & ((1 << (8 * size)) - 1)).to_bytes(size, "big")
        else:
            buf[i:i] = rng.choice(HUGE_CLAIMS)
    return bytes(buf)


def gen_random_bytes(rng: random.Random) -> bytes:
    return rng.randbytes(rng.choice([1, 2, 3, 4, 5, 8, 16, 64, 300, 2000]))


def gen_random_body(rng: random.Random) -> bytes:
    return framed(rng.randbytes(rng.choice([0, 1, 2, 5, 16, 64, 300, 4000])))


def gen_random_tree(rng: random.Random) -> bytes:
    tree: Any = random_map(rng) if rng.random() < 0.8 else random_value(rng)
    if isinstance(tree, dict) and rng.random() < 0.7:
        tree["type"] = rng.choice([*m.MESSAGES, "nope"])
    return framed(pack(tree))


def gen_typed_tree(rng: random.Random) -> bytes:
    cls = rng.choice(list(m.MESSAGES.values()))
    tree: dict[Any, Any] = {"type": cls.TYPE}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if rng.random() < 0.8:
            tree[f.name] = random_value(rng)
    if rng.random() < 0.5:
        tree["id"] = rng.choice(INTERESTING_INTS)
    return framed(pack(tree))


def gen_field_mutation(rng: random.Random) -> bytes:
    return framed(pack(mutate_map(rng, rng.choice(SEED_MAPS)))[: MAX_FRAME + 1024])


def gen_byte_mutation(rng: random.Random) -> bytes:
    frame = rng.choice(SEED_FRAMES)
    if rng.random() < 0.7:
        return framed(mutate_bytes(rng, frame[4:]))
    return mutate_bytes(rng, frame)


def gen_lying_header(rng: random.Random) -> bytes:
    body = rng.choice(SEED_FRAMES)[4:]
    length = rng.choice([0, 1, len(body) - 1, len(body) + 1, len(body) * 2, MAX_FRAME,
                         MAX_FRAME + 1, 2**31, 2**32 - 1, rng.randrange(2**32)])
    return header(max(0, length)) + body


def gen_deep(rng: random.Random) -> bytes:
    depth = rng.choice([30, 31, 32, 33, 64, 1000, 5000, 20000, 60000])
    opener = rng.choice([b"\x91", b"\x81\xa1k", b"\x92\xc0"])
    inner = opener * depth + b"\xc0"
    if rng.random() < 0.5:
        return framed(b"\x82\xa4type\xa4ping\xa1v" + inner[: MAX_FRAME - 20])
    return framed(inner[:MAX_FRAME])


def gen_huge_claim(rng: random.Random) -> bytes:
    claim = rng.choice(HUGE_CLAIMS) + rng.randbytes(rng.randint(0, 40))
    where = rng.randrange(3)
    if where == 0:
        return framed(claim)
    if where == 1:
        return framed(b"\x82\xa4type\xa4chat\xa4text" + claim)
    return framed(b"\x81\xa4type" + claim)


def gen_wide(rng: random.Random) -> bytes:
    n = rng.choice([1000, 3000, 5000, 6000])
    roll = rng.randrange(4)
    if roll == 0:  # thousands of distinct keys
        body = map_head(n + 2) + pack("type") + pack("chat") + pack("text") + pack("hi")
        body += b"".join(pack(f"k{i}") + b"\xc0" for i in range(n))
    elif roll == 1:  # thousands of duplicate keys (the last one wins in a dict)
        body = map_head(n + 1) + pack("type") + pack("ping")
        body += (pack("nonce") + pack(7)) * n
    elif roll == 2:  # a value with thousands of keys inside a real message
        inner = map_head(n) + b"".join(pack(f"p.{i}") + pack(i) for i in range(n))
        body = map_head(3) + pack("type") + pack("event") + pack("seq") + pack(1)
        body += pack("view") + inner
    else:  # a long array
        count = rng.choice([n, 60000])
        body = map_head(3) + pack("type") + pack("tables") + pack("tables")
        body += array_head(count) + b"\xc0" * count
    return framed(body[:MAX_FRAME] if len(body) > MAX_FRAME and rng.random() < 0.5 else body)


def gen_multi(rng: random.Random) -> bytes:
    parts = []
    for _ in range(rng.randint(2, 6)):
        if rng.random() < 0.6:
            parts.append(rng.choice(CLIENT_FRAMES if rng.random() < 0.5 else SEED_FRAMES))
        else:
            parts.append(GENERATORS[rng.choice(SINGLE_KINDS)](rng))
    return b"".join(parts)


GENERATORS: dict[str, Callable[[random.Random], bytes]] = {
    "random_bytes": gen_random_bytes,
    "random_body": gen_random_body,
    "random_tree": gen_random_tree,
    "typed_tree": gen_typed_tree,
    "field_mutation": gen_field_mutation,
    "byte_mutation": gen_byte_mutation,
    "lying_header": gen_lying_header,
    "deep": gen_deep,
    "huge_claim": gen_huge_claim,
    "wide": gen_wide,
    "multi": gen_multi,
}
WEIGHTS: dict[str, int] = {
    "random_bytes": 8, "random_body": 8, "random_tree": 14, "typed_tree": 14,
    "field_mutation": 20, "byte_mutation": 20, "lying_header": 4, "deep": 3,
    "huge_claim": 4, "wide": 1, "multi": 4,
}
KINDS = list(GENERATORS)
SINGLE_KINDS = [k for k in KINDS if k not in ("multi", "wide")]


def make_case(rng: random.Random, kinds: list[str], weights: list[int]) -> tuple[str, bytes]:
    kind = rng.choices(kinds, weights)[0]
    return kind, GENERATORS[kind](rng)


def chunks_of(rng: random.Random, data: bytes) -> Iterator[bytes]:
    """``data`` as a peer's socket might deliver it (never an empty chunk)."""
    roll = rng.random()
    if roll < 0.5 or len(data) < 2:
        if data:
            yield data
        return
    if roll < 0.9 or len(data) > 200:
        cuts = sorted(rng.sample(range(1, len(data)), min(len(data) - 1, rng.randint(1, 6))))
        start = 0
        for cut in [*cuts, len(data)]:
            yield data[start:cut]
            start = cut
        return
    for i in range(len(data)):
        yield data[i : i + 1]


# ---------------------------------------------------------------------------- checking


class Failure(Exception):
    """Something the protocol must never do, with what it was doing."""


@dataclass
class Stats:
    cases: int = 0
    bytes: int = 0
    frames: int = 0
    """Frames the decoder returned (valid maps)."""
    messages: int = 0
    """Messages decode_message accepted."""
    kinds: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    """What came out: a decoder error code, a message error code, or 'message'."""
    failures: int = 0
    examples: list[dict[str, str]] = field(default_factory=list)
    max_buffered: int = 0

    def merge(self, other: Stats) -> None:
        self.cases += other.cases
        self.bytes += other.bytes
        self.frames += other.frames
        self.messages += other.messages
        self.kinds.update(other.kinds)
        self.outcomes.update(other.outcomes)
        self.failures += other.failures
        self.examples.extend(other.examples[: KEEP_FAILURES - len(self.examples)])
        self.max_buffered = max(self.max_buffered, other.max_buffered)


def _check_decoder(stats: Stats, pieces: list[bytes], max_frame: int) -> None:
    decoder = FrameDecoder(max_frame)
    for piece in [*pieces, b""]:
        decoder.receive_data(piece)
        if decoder.buffered > max_frame + 4:
            raise Failure(f"decoder holds {decoder.buffered} bytes (limit {max_frame})")
        stats.max_buffered = max(stats.max_buffered, decoder.buffered)
        while True:
            try:
                frame = decoder.next_frame()
            except ProtocolError as exc:
                if exc.code not in DECODER_CODES:
                    raise Failure(f"decoder raised code {exc.code!r}") from exc
                stats.outcomes[exc.code] += 1
                return
            if frame is None:
                break
            stats.frames += 1
            if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
                raise Failure(f"decoder returned {type(frame).__name__} without a string type")
            try:
                msg = decode_message(frame)
            except ProtocolError as exc:
                if exc.code not in MESSAGE_CODES:
                    raise Failure(f"decode_message raised code {exc.code!r}") from exc
                stats.outcomes[exc.code] += 1
                continue
            stats.messages += 1
            stats.outcomes["message"] += 1
            try:
                again = msg.encode()
            except LocalProtocolError as exc:
                if exc.code != "frame_too_large":
                    raise Failure(f"a decoded {msg.TYPE} does not encode: {exc}") from exc
                continue
            back = FrameDecoder()
            back.receive_data(again)
            reread = back.next_frame()
            if reread is None or type(decode_message(reread)) is not type(msg):
                raise Failure(f"a decoded {msg.TYPE} does not survive encode + decode")


def _pump_server(conn: ServerConnection) -> None:
    for _ in range(100_000):
        try:
            msg = conn.next_message()
        except RemoteProtocolError as exc:
            if exc.code not in ERROR_CODES:
                raise Failure(f"server connection raised unknown code {exc.code!r}") from exc
            conn.send_error(exc)  # must never raise: the server always answers
            if conn.closed:
                return
            continue
        if msg is None:
            return
        if isinstance(msg, m.Hello):
            conn.accept(name="fuzz")
    raise Failure("the server connection never ran dry")


def _pump_client(conn: ClientConnection) -> None:
    for _ in range(100_000):
        try:
            msg = conn.next_message()
        except RemoteProtocolError as exc:
            if exc.code not in ERROR_CODES:
                raise Failure(f"client connection raised unknown code {exc.code!r}") from exc
            if conn.closed:
                return
            continue
        if msg is None:
            return
    raise Failure("the client connection never ran dry")


def check_case(stats: Stats, rng: random.Random, data: bytes) -> None:
    """Feed one case through the three consumers; raise Failure if a rule is broken."""
    max_frame = MAX_FRAME if rng.random() < 0.9 else rng.choice([16, 1024])
    _check_decoder(stats, list(chunks_of(rng, data)), max_frame)
    server = ServerConnection(max_frame=max_frame)
    stream = (HELLO_FRAME + data) if rng.random() < 0.5 else data
    for piece in [*chunks_of(rng, stream), b""]:
        if server.closed:  # a server stops reading after a fatal error
            break
        server.receive_data(piece)
        _pump_server(server)
    client = ClientConnection(max_frame=max_frame)
    client.hello("Fuzz", "fuzz/1")
    stream = (WELCOME_FRAME + data) if rng.random() < 0.5 else data
    for piece in chunks_of(rng, stream):
        if client.closed:
            break
        client.receive_data(piece)
        _pump_client(client)


def run_one(stats: Stats, rng: random.Random, kind: str, data: bytes) -> None:
    stats.cases += 1
    stats.bytes += len(data)
    stats.kinds[kind] += 1
    try:
        check_case(stats, rng, data)
    except Failure as exc:
        _record(stats, kind, data, f"{exc} (cause: {exc.__cause__!r})")
    except Exception as exc:  # anything escaping is exactly what we look for
        _record(stats, kind, data, f"{type(exc).__name__}: {exc}")


def _record(stats: Stats, kind: str, data: bytes, what: str) -> None:
    stats.failures += 1
    if len(stats.examples) < KEEP_FAILURES:
        stats.examples.append({"kind": kind, "error": what[:500], "hex": data[:4096].hex()})


def fuzz(seed: int, count: int, kinds: list[str] | None = None) -> Stats:
    """Run ``count`` cases from ``seed`` (all kinds, weighted, unless ``kinds``)."""
    chosen = kinds or KINDS
    weights = [WEIGHTS[k] for k in chosen]
    rng = random.Random(seed)
    stats = Stats()
    for _ in range(count):
        kind, data = make_case(rng, chosen, weights)
        run_one(stats, rng, kind, data)
    return stats


# ---------------------------------------------------------------------------- memory


def _worker(args: tuple[int, int]) -> dict[str, Any]:
    seed, count = args
    warm = max(1, count // 20)
    start = time.perf_counter()
    stats = fuzz(seed, warm)
    rss_warm = proc_kib()
    stats.merge(fuzz(seed + 1_000_003, count - warm))
    return {
        "stats": stats,
        "seconds": time.perf_counter() - start,
        "rss_after_warmup_kib": rss_warm,
        "rss_end_kib": proc_kib(),
        "peak_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }


def traced(seed: int, count: int, warm: int = 2000) -> dict[str, Any]:
    """Run ``count`` cases under tracemalloc: the peak traced above the warm state, and
    what stayed allocated afterwards (a leak would grow it with every case).

    The warm-up runs ``warm`` other cases, then the very cases measured: msgpack keeps
    one C buffer (about 1 MiB at most) sized by the largest input it has met, so the
    measured run must not be the first to meet its own largest input."""
    tracemalloc.start()
    fuzz(seed, warm)  # caches, interned strings, record specs
    fuzz(seed + 7, count)  # the same cases as below: msgpack's buffer at its size
    # Measured twice, keeping the smaller remainder: a leak leaves bytes behind on every
    # run, while a table that only grows now and then (the interpreter's dict of
    # interned strings, which msgpack's map keys go through) lands in one run at most,
    # at a moment set by everything the process did before (other tests' imports).
    runs: list[tuple[float, int, int, int]] = []
    for _ in range(2):
        gc.collect()
        before, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        start = time.perf_counter()
        stats = fuzz(seed + 7, count)
        seconds = time.perf_counter() - start
        del stats.examples[:]
        gc.collect()
        after, peak = tracemalloc.get_traced_memory()
        runs.append((seconds, peak - before, after - before, stats.failures))
    tracemalloc.stop()
    seconds = runs[0][0]
    return {
        "cases": count,
        "seconds": round(seconds, 2),
        "peak_above_warm_kib": round(max(r[1] for r in runs) / 1024, 1),
        "left_behind_bytes": min(r[2] for r in runs),
        "failures": max(r[3] for r in runs),
    }


# ---------------------------------------------------------------------------- atheris


def atheris_child(runs: int, corpus: str, max_len: int) -> None:
    """The coverage-guided run (in its own process: libFuzzer exits when done)."""
    atheris: Any = importlib.import_module("atheris")
    atheris.instrument_all()

    def one_input(data: bytes) -> None:
        if not data:
            return
        stats = Stats()
        rng = random.Random(data[0])
        try:
            check_case(stats, rng, data[1:])
        except Failure as exc:
            raise RuntimeError(f"protocol rule broken: {exc} (cause: {exc.__cause__!r})") from exc

    atheris.Setup(
        [sys.argv[0], f"-runs={runs}", f"-max_len={max_len}", "-print_final_stats=1", corpus],
        one_input,
    )
    atheris.Fuzz()


def run_atheris(runs: int, max_len: int = 70_000) -> dict[str, Any]:
    try:
        importlib.import_module("atheris")
    except ImportError:
        return {"skipped": "atheris is not installed (pip install atheris)"}
    with tempfile.TemporaryDirectory(prefix="taki-fuzz-") as corpus:
        for i, frame in enumerate([*SEED_FRAMES, HELLO_FRAME + CLIENT_FRAMES[0]]):
            with open(os.path.join(corpus, f"seed{i}"), "wb") as out:
                out.write(bytes([i]) + frame)
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "bench.fuzz_decoder", "--atheris-child", str(runs),
             "--corpus", corpus, "--max-len", str(max_len)],
            capture_output=True, text=True, cwd=ROOT, check=False,
        )
        seconds = time.perf_counter() - start
        corpus_files = len(os.listdir(corpus))
    log = proc.stderr
    done = re.search(r"Done (\d+) runs in (\d+) second", log)
    covs = re.findall(r"cov: (\d+) ft: (\d+)", log)
    crashed = "==ERROR" in log or "Uncaught Python exception" in log
    return {
        "runs": int(done.group(1)) if done else None,
        "seconds": round(seconds, 1),
        "coverage_edges": int(covs[-1][0]) if covs else None,
        "features": int(covs[-1][1]) if covs else None,
        "corpus_files": corpus_files,
        "exit_code": proc.returncode,
        "crashed": crashed,
        "tail": log.strip().splitlines()[-12:] if crashed or proc.returncode else [],
    }


# ---------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=1_000_000, help="cases to run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tracemalloc", type=int, default=20_000,
                        help="cases to run under tracemalloc afterwards (0: none)")
    parser.add_argument("--atheris", type=int, default=0, metavar="RUNS",
                        help="also run atheris for RUNS inputs (0: no)")
    parser.add_argument("--atheris-child", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--corpus", default="", help=argparse.SUPPRESS)
    parser.add_argument("--max-len", type=int, default=70_000, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.atheris_child:
        atheris_child(args.atheris_child, args.corpus, args.max_len)
        return 0

    workers = max(1, args.workers)
    share = [args.frames // workers + (1 if i < args.frames % workers else 0)
             for i in range(workers)]
    jobs = [(args.seed * 7919 + i * 104_729, n) for i, n in enumerate(share)]
    print(f"fuzzing {args.frames:,} cases in {workers} worker(s)...", flush=True)
    start = time.perf_counter()
    if workers == 1:
        results = [_worker(jobs[0])]
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_worker, jobs)
    wall = time.perf_counter() - start
    total = Stats()
    for result in results:
        total.merge(result["stats"])
    growth = max(r["rss_end_kib"] - r["rss_after_warmup_kib"] for r in results)
    report: dict[str, Any] = {
        "cases": total.cases,
        "bytes": total.bytes,
        "frames_decoded": total.frames,
        "messages_accepted": total.messages,
        "wall_seconds": round(wall, 1),
        "cases_per_s": round(total.cases / wall),
        "cases_per_s_per_worker": round(
            sum(r["stats"].cases / r["seconds"] for r in results) / len(results)
        ),
        "failures": total.failures,
        "failure_examples": total.examples,
        "kinds": dict(total.kinds.most_common()),
        "outcomes": dict(total.outcomes.most_common()),
        "decoder_max_buffered": total.max_buffered,
        "worker_rss_after_warmup_kib": [r["rss_after_warmup_kib"] for r in results],
        "worker_rss_end_kib": [r["rss_end_kib"] for r in results],
        "worker_rss_growth_kib": growth,
        "worker_peak_rss_kib": max(r["peak_rss_kib"] for r in results),
    }
    print(f"{total.cases:,} cases ({total.bytes / 1e6:.0f} MB) in {wall:.1f}s "
          f"= {report['cases_per_s']:,}/s; {total.frames:,} frames decoded, "
          f"{total.messages:,} messages accepted; failures: {total.failures}")
    print(f"outcomes: {report['outcomes']}")
    print(f"worker RSS after warm-up {report['worker_rss_after_warmup_kib']} KiB, at end "
          f"{report['worker_rss_end_kib']} KiB (growth {growth} KiB), "
          f"peak {report['worker_peak_rss_kib']} KiB; decoder held at most "
          f"{total.max_buffered} bytes")
    if args.tracemalloc:
        report["tracemalloc"] = traced(args.seed, args.tracemalloc)
        print(f"tracemalloc: {report['tracemalloc']}")
    if args.atheris:
        report["atheris"] = run_atheris(args.atheris, args.max_len)
        print(f"atheris: {report['atheris']}")
    print(json.dumps(report, default=str))
    failed = total.failures or report.get("tracemalloc", {}).get("failures") or (
        report.get("atheris", {}).get("crashed")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
