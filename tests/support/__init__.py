"""What the tests share, and the benches may import: servers (in a thread, in-process,
as a child process), the scripted protocol client, table members without a socket, the
raw wire, the Textual, SSH, tmux and discovery kits, the protocol samples and spec
readers, the UI strings, the /proc process helpers, and the probes that judge (fuzzing,
hostile sessions, the soak, the LAN faults). Nothing here imports ``bench``, and no
test module imports another: a helper two test files share lives here
(tests/test_suite_layout.py checks it).

The probes also run alone as modules (``python -m tests.support.soak``), which imports
this package first: like bench/__init__.py it keeps LAN discovery on this machine
(``TAKI_DISCOVERY=loopback``, inherited by the servers a probe starts) unless the run
chose ``off``.
"""

import os

if os.environ.get("TAKI_DISCOVERY") not in ("loopback", "off"):
    os.environ["TAKI_DISCOVERY"] = "loopback"
