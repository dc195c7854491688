"""The ``taki-client`` command's front door: ``--list`` without loading the UI.

``taki-client --list`` must answer within 2 s when nobody answers, and importing
Textual and the screens alone costs a good part of that on a slow machine; so this
entry point looks for games with only client/discovery.py loaded, and hands anything
else to the full command line in client/app.py.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--list" in args and not {"-h", "--help"} & set(args):
        quick = argparse.ArgumentParser(prog="taki-client", add_help=False)
        quick.add_argument("--list", action="store_true")
        quick.add_argument("--discovery-interface", action="append")
        known, _rest = quick.parse_known_args(args)
        from .discovery import list_games

        return list_games(interfaces=known.discovery_interface)
    from .app import main as app_main

    return app_main(args)


if __name__ == "__main__":
    sys.exit(main())
