"""Test configuration for the whole suite: nothing the tests run sends a packet beyond
this machine. ``TAKI_DISCOVERY=loopback`` is set here, before any test starts a server
or a client (child processes inherit it), so LAN discovery advertises and looks on
127.0.0.1 only; a run that already chose ``off`` keeps it.
"""

from __future__ import annotations

import os

if os.environ.get("TAKI_DISCOVERY") not in ("loopback", "off"):
    os.environ["TAKI_DISCOVERY"] = "loopback"
