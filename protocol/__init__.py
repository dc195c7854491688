"""The taki wire protocol, sans-IO: bytes in, typed messages out; messages in, bytes out.

Nothing here touches a socket, a clock or an event loop, so the trio server and the
asyncio client share it, and tests run a client against a server with no network
(the approach of h11 and wsproto). PROTOCOL.md at the repository root is the
specification; this package is its reference implementation.

- ``frames``: 4-byte big-endian length + one msgpack map; ``FrameDecoder``.
- ``messages``: one frozen dataclass per message type, ``decode_message``.
- ``connection``: ``ClientConnection`` / ``ServerConnection`` state machines.
- ``errors``: every error code (``ERROR_CODES``) and ``ProtocolError``.
- ``patch``: the view patches events carry; ``dedupe``: ``RecentIds``.
- ``limits``: every limit of PROTOCOL.md (name and chat lengths, seats, ``INT_MAX``),
  one value each for the protocol, the server and the client.
- ``lan``: the LAN contract: default port, discovery service type, TXT and beacon
  formats, ``TAKI_DISCOVERY``; ``addresses``: this machine's addresses from its
  interfaces (read, never sent to), shared by ``taki-server`` and the client's Host.

Import the messages as a module to keep their names apart from the engine's
(``protocol.messages.Action`` is the request, ``engine.Action`` the game's value)::

    from protocol import messages as m
"""

from __future__ import annotations

from . import messages
from .connection import ClientConnection, ServerConnection, State
from .dedupe import RecentIds
from .errors import (
    ERROR_CODES,
    LocalProtocolError,
    ProtocolError,
    RemoteProtocolError,
    is_fatal,
)
from .frames import HEADER_SIZE, MAX_DEPTH, MAX_FRAME, FrameDecoder, decode_body, encode_frame
from .messages import MESSAGES, Message, decode_message
from .patch import Unpatchable, apply_patch, diff_view
from .versions import MIN_VERSION, PROTOCOL_VERSION, SUPPORTED, negotiate

__all__ = [
    "ERROR_CODES",
    "HEADER_SIZE",
    "MAX_DEPTH",
    "MAX_FRAME",
    "MESSAGES",
    "MIN_VERSION",
    "PROTOCOL_VERSION",
    "SUPPORTED",
    "ClientConnection",
    "FrameDecoder",
    "LocalProtocolError",
    "Message",
    "ProtocolError",
    "RecentIds",
    "RemoteProtocolError",
    "ServerConnection",
    "State",
    "Unpatchable",
    "apply_patch",
    "decode_body",
    "decode_message",
    "diff_view",
    "encode_frame",
    "is_fatal",
    "messages",
    "negotiate",
]
