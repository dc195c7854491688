"""A row list (``DataTable``) that is drawn again once it has measured its new rows.

Textual's ``DataTable`` measures new rows when its message queue runs empty (on idle)
and widens its columns then; a frame painted between ``add_row`` and that moment keeps
the cells cut to the old widths (the header's) until something else changes. The lobby
showed "LAN f" for a table named "LAN faults" after a fresh start, for as long as the
list stayed the same.
"""

from __future__ import annotations

from textual import events
from textual.widgets import DataTable


class Rows(DataTable[object]):
    """See the module docstring."""

    async def _on_idle(self, event: events.Idle) -> None:
        measuring = self._require_update_dimensions or bool(self._updated_cells)
        await super()._on_idle(event)
        if measuring:
            self._clear_caches()
            self.refresh()
