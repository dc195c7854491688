"""Decoder fuzzing at scale: a million hostile frames through ``protocol/``.

    python -m tests.support.fuzz_decoder [--frames 1000000] [--workers 2] [--seed 1]
                                 [--tracemalloc 20000] [--atheris RUNS]

Each case is a byte stream a peer could send, made by one of the generators (``KINDS``:
random bytes; a random body under a valid header; random msgpack trees of every type,
forbidden ones included; maps of a real message type with wrong field types; field-level
mutations of one valid message of every type; byte-level mutations of valid frames, the
length header fixed up or not; lying length headers; nesting 31..60000 deep; headers
claiming 4 billion items; thousands of keys, duplicate keys, 60000-item arrays; several
frames back to back). It is fed in random chunks (whole, split, byte by byte) to
``FrameDecoder`` + ``decode_message``, to a ``ServerConnection`` (half the cases after a
valid ``hello``) and to a ``ClientConnection`` that said hello (half after a ``welcome``).

Checked for every case: the decoder raises only ``ProtocolError`` ``bad_frame`` or
``frame_too_large`` and never holds more than ``max_frame + 4`` bytes; ``decode_message``
only ``bad_message`` or ``unknown_type``; ``next_message`` only ``RemoteProtocolError``
with a code of ``ERROR_CODES``; the server's ``send_error`` never raises; a decoded
message encodes and decodes again (or is refused ``frame_too_large``). Anything else is a
failure: counted, the first few kept in the report with their bytes (hex).

Memory: each worker's RSS after a warm-up and at the end, and its peak; ``--tracemalloc
N`` runs N more cases under tracemalloc (peak, and what stayed allocated). ``--atheris
RUNS`` adds a coverage-guided run (atheris, if installed) in a child process. The last
line is one JSON object; the exit status is 1 if any case failed.
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

from .harness import ROOT, proc_kib

DECODER_CODES = frozenset({"bad_frame", "frame_too_large"})
MESSAGE_CODES = frozenset({"bad_message", "unknown_type"})
KEEP_FAILURES = 20
"""Failures kept (with their bytes) per worker; all are counted."""

# ---------------------------------------------------------------------------- seeds


def header(length: int) -> bytes:
    return struct.pack(">I", length)


def framed(body: bytes) -> bytes:
    """A frame: the 4-byte big-endian length, then ``body``."""
    return header(len(body)) + body


# fmt: off
def seed_messages() -> list[m.Message]:
    """One valid message of every type (optional fields filled), plus minimal ones."""
    opts = m.TableOptions("Friday night", 4, stairs=True, must_play_if_able=True,
                          turn_timer=30, plus3_window=5, reconnect_grace=60)
    table = m.TableInfo("t7", opts, "playing",
                        (m.SeatInfo("Dana"), m.SeatInfo("Omer", connected=False),
                         m.SeatInfo("Noa", "basic"), None), host=0, spectators=2)
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
    return [
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
# fmt: on


def synth_value(tp: Any, meta: dict[str, Any]) -> Any:
    """A small valid wire value for a field annotation and its ``rule`` limits."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is bool:
        return True
    if tp is int or tp is float:
        low = meta.get("min")
        return tp(low if low is not None and low > 0 else 1)
    if tp is str:
        choices = meta.get("choices")
        return choices[0] if choices else "x" * max(1, meta.get("min_len") or 1)
    if origin in (types.UnionType, typing.Union):
        return synth_value(next(a for a in args if a is not type(None)), meta)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return [synth_value(args[0], {})] * max(1, meta.get("min_len") or 1)
    if origin is tuple:
        return [synth_value(a, {}) for a in args]
    if origin is dict:
        return {"kind": "turn", "seat": 0}
    return synth_map(tp) if isinstance(tp, type) and dataclasses.is_dataclass(tp) else None


def synth_map(cls: type) -> dict[str, Any]:
    """A wire map for record class ``cls`` with every field given a small valid value."""
    hints = typing.get_type_hints(cls)
    out: dict[str, Any] = {"type": cls.TYPE} if issubclass(cls, m.Message) else {}
    for f in dataclasses.fields(cls):
        out[f.name] = synth_value(hints[f.name], dict(f.metadata))
    return out


SEEDS: list[m.Message] = seed_messages()
SEED_MAPS: list[dict[str, Any]] = [x.to_dict() for x in SEEDS] + [
    synth_map(cls)  # message types with no hand-written seed (added later) are fuzzed too
    for kind, cls in m.MESSAGES.items()
    if kind not in {x.TYPE for x in SEEDS}
]
SEED_FRAMES: list[bytes] = [framed(msgpack.packb(x)) for x in SEED_MAPS]
CLIENT_FRAMES: list[bytes] = [
    f for f, x in zip(SEED_FRAMES, SEED_MAPS, strict=True) if x["type"] in m.CLIENT_MESSAGES
]
HELLO_FRAME = m.Hello((1, 1), "Fuzz", "fuzz/1").encode()
WELCOME_FRAME = m.Welcome(1, "fuzz-server/1", (1, 1)).encode()

# ---------------------------------------------------------------------------- msgpack bits

_PACKER = msgpack.Packer()  # its header and ext methods return the bytes (autoreset)
map_head: Callable[[int], bytes] = _PACKER.pack_map_header
array_head: Callable[[int], bytes] = _PACKER.pack_array_header


class Raw(bytes):
    """Bytes spliced verbatim into a hand-made msgpack body."""


def str_head(n: int) -> bytes:
    if n < 32:
        return bytes([0xA0 | n])
    size = 1 if n < 256 else 2 if n < 65536 else 4
    return bytes([{1: 0xD9, 2: 0xDA, 4: 0xDB}[size]]) + n.to_bytes(size, "big")


def ext(code: int, data: bytes) -> bytes:
    """An ext value of type ``code`` (-1 is the timestamp): forbidden in frames."""
    packed: bytes = _PACKER.pack_ext_type(code, data)
    return packed


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


# fmt: off
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
WORDS = ["R7", "color", "supertaki", "+3", "breaker", "draw", "play", "t1", "basic",
         "spectator", "player", "waiting"]
FIELD_NAMES = ["type", "id", "seat", "table", "name", "text", "action", "options", "versions",
               "token", "seq", "view", "legal", "card", "color"]

HOSTILE_TEXT: list[str] = [
    "\x1b[2J\x1b[H", "\x1b]0;pwned\x07", "\x1b]8;;http://x.invalid\x1b\\link\x1b]8;;\x1b\\",
    "\x9b31m", "[bold red]boom[/]", "[/]", "[link=http://x.invalid]y[/link]",
    "[@click=app.quit]quit[/]", "\u202eevil\u202c", "\u2066iso\u2069", "a\u200bb\u200d",
    "\x00nul", "line\nbreak", "tab\there", "\r\r\r", "\ufeffbom", "Z" + "\u0336" * 200,
    "x" * 10_000, "\U0001f642" * 5_000, " ", "",
]
"""Text a hostile client may type: terminal escapes, markup, bidi, NUL, huge."""
# fmt: on

# ---------------------------------------------------------------------------- generators

Gen = Callable[[random.Random], Any]


def random_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(HOSTILE_TEXT)
    if roll < 0.5:
        text = "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randint(0, 12)))
        return text.encode("utf-8", "replace").decode("utf-8", "replace")
    if roll < 0.7:
        return "".join(chr(rng.randrange(0x20)) for _ in range(rng.randint(0, 8)))
    return "".join(rng.choice("abcxyz RGBY0123+_.-") for _ in range(rng.randint(0, 40)))


def bad_utf8(rng: random.Random) -> Raw:
    data = rng.choice(BAD_UTF8)
    return Raw(str_head(len(data)) + data)


LEAVES: list[Gen] = [  # random_value's rolls 0..13
    lambda rng: None,
    lambda rng: rng.random() < 0.5,
    lambda rng: rng.choice(INTERESTING_INTS),
    lambda rng: rng.randint(-(2**63), 2**64 - 1),
    lambda rng: rng.choice(INTERESTING_FLOATS),
    lambda rng: rng.uniform(-1e6, 1e6),
    *[random_text] * 3,
    lambda rng: rng.randbytes(rng.randint(0, 16)),  # bin: forbidden
    lambda rng: Raw(ext(rng.randint(-128, 127), rng.randbytes(rng.choice([0, 1, 2, 4, 8, 12])))),
    bad_utf8,
    lambda rng: Raw(rng.choice(HUGE_CLAIMS) + rng.randbytes(rng.randint(0, 8))),
    lambda rng: rng.choice(WORDS),
]
KEYS: list[Gen] = [  # random_key's rolls 0..11: the first four are forbidden
    lambda rng: rng.randint(-5, 5),
    lambda rng: rng.randbytes(3),
    bad_utf8,
    lambda rng: None,
    *[lambda rng: rng.choice(FIELD_NAMES)] * 3,
    *[lambda rng: random_text(rng)[:20]] * 5,
]


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A random msgpack value: every type, forbidden ones included."""
    roll = rng.randrange(20 if depth < 6 else 14)
    if roll < 14:
        return LEAVES[roll](rng)
    if roll < 17:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return random_map(rng, depth + 1)


def random_key(rng: random.Random) -> Any:
    return KEYS[rng.randrange(12)](rng)


def random_map(rng: random.Random, depth: int = 0) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for _ in range(rng.randint(0, 5)):
        key = random_key(rng)
        with contextlib.suppress(TypeError):  # an unhashable key cannot be made here
            out[key] = random_value(rng, depth + 1)
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
    """A copy of ``data`` with one to three fields changed (deleted, added, given a hostile
    value) somewhere along a path."""

    def pick(node: dict[Any, Any] | list[Any]) -> Any:
        return rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))

    root: dict[Any, Any] = dict(data)
    for _ in range(rng.randint(1, 3)):
        node: Any = root
        for _ in range(rng.randint(0, 4)):  # walk down, copying what we step into
            if not node:
                break
            key = pick(node)
            if not isinstance(child := node[key], dict | list):
                break
            node[key] = child = child.copy()
            node = child
        op = rng.randrange(6)
        if op == 1 and isinstance(node, dict):
            with contextlib.suppress(TypeError):  # an unhashable key: skip it
                node[random_key(rng)] = random_value(rng)
        elif op == 1:
            node.append(random_value(rng))
        elif node and op == 0:
            del node[pick(node)]
        elif node:
            key = pick(node)
            node[key] = hostile_value(rng, node[key])
    if rng.random() < 0.1:
        root["type"] = rng.choice([*m.MESSAGES, "", "HELLO", "hello\x00", 5, None])
    return root


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """One to six byte-level mutations of ``data``: bit flips, interesting bytes, inserts,
    deletes, duplications, truncation, splices, interesting ints, huge claims."""
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


def gen_byte_mutation(rng: random.Random) -> bytes:
    frame = rng.choice(SEED_FRAMES)
    if rng.random() < 0.7:  # the length header fixed up
        return framed(mutate_bytes(rng, frame[4:]))
    return mutate_bytes(rng, frame)


def gen_lying_header(rng: random.Random) -> bytes:
    body = rng.choice(SEED_FRAMES)[4:]
    n = len(body)
    lies = [0, 1, n - 1, n + 1, n * 2, MAX_FRAME, MAX_FRAME + 1, 2**31, 2**32 - 1]
    return header(max(0, rng.choice([*lies, rng.randrange(2**32)]))) + body


def gen_deep(rng: random.Random) -> bytes:
    depth = rng.choice([30, 31, 32, 33, 64, 1000, 5000, 20000, 60000])
    inner = rng.choice([b"\x91", b"\x81\xa1k", b"\x92\xc0"]) * depth + b"\xc0"
    if rng.random() < 0.5:
        return framed(b"\x82\xa4type\xa4ping\xa1v" + inner[: MAX_FRAME - 20])
    return framed(inner[:MAX_FRAME])


def gen_huge_claim(rng: random.Random) -> bytes:
    claim = rng.choice(HUGE_CLAIMS) + rng.randbytes(rng.randint(0, 40))
    return framed([b"", b"\x82\xa4type\xa4chat\xa4text", b"\x81\xa4type"][rng.randrange(3)] + claim)


def gen_wide(rng: random.Random) -> bytes:
    n = rng.choice([1000, 3000, 5000, 6000])
    roll = rng.randrange(4)
    if roll == 0:  # thousands of distinct keys
        body = map_head(n + 2) + pack("type") + pack("chat") + pack("text") + pack("hi")
        body += b"".join(pack(f"k{i}") + b"\xc0" for i in range(n))
    elif roll == 1:  # thousands of duplicate keys (the last one wins in a dict)
        body = map_head(n + 1) + pack("type") + pack("ping") + (pack("nonce") + pack(7)) * n
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
    "random_bytes": lambda rng: rng.randbytes(rng.choice([1, 2, 3, 4, 5, 8, 16, 64, 300, 2000])),
    "random_body": lambda rng: framed(rng.randbytes(rng.choice([0, 1, 2, 5, 16, 64, 300, 4000]))),
    "random_tree": gen_random_tree,
    "typed_tree": gen_typed_tree,
    "field_mutation": lambda rng: framed(
        pack(mutate_map(rng, rng.choice(SEED_MAPS)))[: MAX_FRAME + 1024]
    ),
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
}  # fmt: skip
KINDS = list(GENERATORS)
SINGLE_KINDS = [k for k in KINDS if k not in ("multi", "wide")]


def chunks_of(rng: random.Random, data: bytes) -> Iterator[bytes]:
    """``data`` as a peer's socket might deliver it (never an empty chunk)."""
    roll = rng.random()
    if roll < 0.5 or len(data) < 2:
        yield from [data] if data else []
    elif roll < 0.9 or len(data) > 200:
        cuts = sorted(rng.sample(range(1, len(data)), min(len(data) - 1, rng.randint(1, 6))))
        for start, end in zip([0, *cuts], [*cuts, len(data)], strict=True):
            yield data[start:end]
    else:
        yield from (data[i : i + 1] for i in range(len(data)))


# ---------------------------------------------------------------------------- checking


class Failure(Exception):
    """Something the protocol must never do, with what it was doing."""


@dataclass
class Stats:
    cases: int = 0
    bytes: int = 0
    frames: int = 0  # frames the decoder returned (valid maps)
    messages: int = 0  # messages decode_message accepted
    failures: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)  # error code, or "message"
    examples: list[dict[str, str]] = field(default_factory=list)
    max_buffered: int = 0

    def merge(self, other: Stats) -> None:
        for name in ("cases", "bytes", "frames", "messages", "failures"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.kinds.update(other.kinds)
        self.outcomes.update(other.outcomes)
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


def _pump(conn: ServerConnection | ClientConnection) -> None:
    """Read every message; a server answers each error with ``send_error``, as it does."""
    side = "server" if isinstance(conn, ServerConnection) else "client"
    for _ in range(100_000):
        try:
            msg = conn.next_message()
        except RemoteProtocolError as exc:
            if exc.code not in ERROR_CODES:
                raise Failure(f"{side} connection raised unknown code {exc.code!r}") from exc
            if isinstance(conn, ServerConnection):
                conn.send_error(exc)  # must never raise: the server always answers
            if conn.closed:
                return
            continue
        if msg is None:
            return
        if isinstance(msg, m.Hello) and isinstance(conn, ServerConnection):
            conn.accept(name="fuzz")
    raise Failure(f"the {side} connection never ran dry")


def check_case(stats: Stats, rng: random.Random, data: bytes) -> None:
    """Feed one case through the three consumers; raise Failure if a rule is broken."""
    max_frame = MAX_FRAME if rng.random() < 0.9 else rng.choice([16, 1024])
    _check_decoder(stats, list(chunks_of(rng, data)), max_frame)
    client = ClientConnection(max_frame=max_frame)
    client.hello("Fuzz", "fuzz/1")
    server = ServerConnection(max_frame=max_frame)
    for conn, first, end in ((server, HELLO_FRAME, [b""]), (client, WELCOME_FRAME, [])):
        stream = (first + data) if rng.random() < 0.5 else data
        for piece in [*chunks_of(rng, stream), *end]:
            if conn.closed:  # it stops reading after a fatal error
                break
            conn.receive_data(piece)
            _pump(conn)


def run_one(stats: Stats, rng: random.Random, kind: str, data: bytes) -> None:
    stats.cases += 1
    stats.bytes += len(data)
    stats.kinds[kind] += 1
    try:
        check_case(stats, rng, data)
    except Exception as exc:  # anything escaping is exactly what we look for
        what = f"{exc} (cause: {exc.__cause__!r})" if isinstance(exc, Failure) else None
        stats.failures += 1
        if len(stats.examples) < KEEP_FAILURES:
            error = what or f"{type(exc).__name__}: {exc}"
            stats.examples.append({"kind": kind, "error": error[:500], "hex": data[:4096].hex()})


def fuzz(seed: int, count: int, kinds: list[str] | None = None) -> Stats:
    """Run ``count`` cases from ``seed`` (all kinds, weighted, unless ``kinds``)."""
    chosen = kinds or KINDS
    weights = [WEIGHTS[k] for k in chosen]
    rng = random.Random(seed)
    stats = Stats()
    for _ in range(count):
        kind = rng.choices(chosen, weights)[0]
        run_one(stats, rng, kind, GENERATORS[kind](rng))
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

    The warm-up runs ``warm`` other cases, then the very cases measured (msgpack keeps
    one C buffer sized by the largest input it has met). They are measured twice, keeping
    the smaller remainder: a leak leaves bytes behind every run, while a table that only
    grows now and then (the interpreter's interned strings) lands in one run at most."""
    tracemalloc.start()
    fuzz(seed, warm)  # caches, interned strings, record specs
    fuzz(seed + 7, count)  # the same cases as below: msgpack's buffer at its size
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
    return {
        "cases": count,
        "seconds": round(runs[0][0], 2),
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
        if data:
            try:
                check_case(Stats(), random.Random(data[0]), data[1:])
            except Failure as exc:
                cause = f"{exc} (cause: {exc.__cause__!r})"
                raise RuntimeError(f"protocol rule broken: {cause}") from exc

    flags = [f"-runs={runs}", f"-max_len={max_len}", "-print_final_stats=1", corpus]
    atheris.Setup([sys.argv[0], *flags], one_input)
    atheris.Fuzz()


def run_atheris(runs: int, max_len: int = 70_000) -> dict[str, Any]:
    """A child process running ``atheris_child``, seeded with the valid frames."""
    try:
        importlib.import_module("atheris")
    except ImportError:
        return {"skipped": "atheris is not installed (pip install atheris)"}
    with tempfile.TemporaryDirectory(prefix="taki-fuzz-") as corpus:
        for i, frame in enumerate([*SEED_FRAMES, HELLO_FRAME + CLIENT_FRAMES[0]]):
            with open(os.path.join(corpus, f"seed{i}"), "wb") as out:
                out.write(bytes([i]) + frame)
        start = time.perf_counter()
        command = [sys.executable, "-m", "tests.support.fuzz_decoder", "--atheris-child", str(runs)]
        command += ["--corpus", corpus, "--max-len", str(max_len)]
        proc = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
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
    add = parser.add_argument
    add("--frames", type=int, default=1_000_000, help="cases to run")
    add("--workers", type=int, default=os.cpu_count() or 1)
    add("--seed", type=int, default=1)
    add("--tracemalloc", type=int, default=20_000, help="cases under tracemalloc (0: none)")
    add("--atheris", type=int, default=0, metavar="RUNS", help="also run atheris (0: no)")
    add("--atheris-child", type=int, default=0, help=argparse.SUPPRESS)
    add("--corpus", default="", help=argparse.SUPPRESS)
    add("--max-len", type=int, default=70_000, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.atheris_child:
        atheris_child(args.atheris_child, args.corpus, args.max_len)
        return 0

    workers = max(1, args.workers)
    jobs = [
        (args.seed * 7919 + i * 104_729, args.frames // workers + (i < args.frames % workers))
        for i in range(workers)
    ]
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
    per_worker = sum(r["stats"].cases / r["seconds"] for r in results) / len(results)
    report: dict[str, Any] = {
        "cases": total.cases,
        "bytes": total.bytes,
        "frames_decoded": total.frames,
        "messages_accepted": total.messages,
        "wall_seconds": round(wall, 1),
        "cases_per_s": round(total.cases / wall),
        "cases_per_s_per_worker": round(per_worker),
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
    print(
        f"{total.cases:,} cases ({total.bytes / 1e6:.0f} MB) in {wall:.1f}s "
        f"= {report['cases_per_s']:,}/s; {total.frames:,} frames decoded, "
        f"{total.messages:,} messages accepted; failures: {total.failures}"
    )
    print(f"outcomes: {report['outcomes']}")
    print(
        f"worker RSS after warm-up {report['worker_rss_after_warmup_kib']} KiB, at end "
        f"{report['worker_rss_end_kib']} KiB (growth {growth} KiB), peak "
        f"{report['worker_peak_rss_kib']} KiB; decoder held at most {total.max_buffered} bytes"
    )
    if args.tracemalloc:
        report["tracemalloc"] = traced(args.seed, args.tracemalloc)
        print(f"tracemalloc: {report['tracemalloc']}")
    if args.atheris:
        report["atheris"] = run_atheris(args.atheris, args.max_len)
        print(f"atheris: {report['atheris']}")
    print(json.dumps(report, default=str))
    failed = total.failures or report.get("tracemalloc", {}).get("failures")
    return 1 if failed or report.get("atheris", {}).get("crashed") else 0


if __name__ == "__main__":
    sys.exit(main())
