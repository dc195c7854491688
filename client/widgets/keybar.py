"""The key bar: what each key does now, in one line that fits the screen."""

from __future__ import annotations

from rich.text import Text


def fit_keys(items: list[tuple[str, str, bool]], width: int) -> Text:
    """The key bar in one line of ``width`` cells: when the words do not all fit, the
    ones that matter least (chat, help, leave, choose) shrink to their key alone."""

    def render(short: bool) -> Text:
        out = Text()
        for i, (key, label, matters) in enumerate(items):
            if i:
                out.append("  ")
            out.append(key, style="bold")
            if matters or not short:
                out.append(" " + label)
        return out

    full = render(short=False)
    return full if full.cell_len <= width else render(short=True)
