"""The key bar: what each key does now, in one line that fits the screen."""

from __future__ import annotations

from rich.text import Text


def fit_keys(items: list[tuple[str, str, bool]], width: int) -> Text:
    """The key bar in one line of ``width`` cells. When the words do not all fit, labels
    go one at a time, those that matter least first (``matters`` False: chat, help,
    leave...), the rightmost of a kind before the others, until the line fits: the most
    important labels stay, the rest shrink to their key alone."""
    order = [i for i in reversed(range(len(items))) if not items[i][2]]
    order += [i for i in reversed(range(len(items))) if items[i][2]]
    dropped: set[int] = set()

    def render() -> Text:
        out = Text()
        for i, (key, label, _matters) in enumerate(items):
            if i:
                out.append("  ")
            out.append(key, style="bold")
            if i not in dropped:
                out.append(" " + label)
        return out

    line = render()
    for index in order:
        if line.cell_len <= width:
            break
        dropped.add(index)
        line = render()
    return line
