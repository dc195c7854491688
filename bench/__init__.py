"""Benchmarks: each measures and prints figures (see the README's Benchmarks), with the
servers, clients and /proc readers of tests/support/ (harness.py).

Every bench runs as ``python -m bench.<name>``, which imports this package first: it
keeps LAN discovery on this machine (``TAKI_DISCOVERY=loopback``, inherited by the
servers a bench starts) unless the run chose ``off``.
"""

import os

if os.environ.get("TAKI_DISCOVERY") not in ("loopback", "off"):
    os.environ["TAKI_DISCOVERY"] = "loopback"
