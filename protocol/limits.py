"""Every limit of the wire protocol, in one place.

PROTOCOL.md states these numbers; ``protocol.messages`` checks them when it decodes,
the server cleans names and chat to them, and the client's start screen and text
sanitiser use them too. One value each, so the three can never disagree again (a
player name was once 32 characters in the protocol, 24 in the server and 64 in the
client).
"""

from __future__ import annotations

from typing import Final

NAME_MAX: Final = 24
"""A player's name, in characters (``hello.name``, ``SeatInfo.name``, ``chat_line.name``,
``welcome.name``). 24 fits a seat's column on an 80-column table screen, ``(2)``
suffix included."""
TABLE_NAME_MAX: Final = 40
"""A table's name (``TableOptions.name``)."""
CHAT_MAX: Final = 500
"""A chat line (``chat.text``, ``chat_line.text``)."""
TOKEN_MAX: Final = 128
"""A seat token."""
ID_MAX: Final = 64
"""Table ids, error codes, software names (``hello.client``, ``welcome.server``)."""
MESSAGE_MAX: Final = 1000
"""An error's ``message``."""
TIMER_MAX: Final = 3600
"""Seconds, for every timer option."""
MIN_SEATS: Final = 2
MAX_SEATS: Final = 10
INT_MAX: Final = 2**53 - 1
"""The largest integer on the wire (and ``-INT_MAX`` the smallest): every integer a
JSON reader such as JavaScript's holds exactly."""
