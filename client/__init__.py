"""The Textual terminal client (run it with ``taki-client``)."""

from .cellwidth import install as _install_cell_widths

_install_cell_widths()  # before anything is measured: see client/cellwidth.py
