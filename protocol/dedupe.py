"""Applying a retried request once: the ids a server remembers.

A client that lost its connection cannot tell whether its last requests arrived, so it
sends them again, with the same ids, once it is back. The server keeps, per seat (and
per connection for one without a seat), the answers to the most recent request ids: a
request whose id it remembers is not carried out again; the remembered answer (the
``ack``, or the ``error``) is sent instead.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final, Generic, TypeVar

T = TypeVar("T")

DEFAULT_SIZE: Final = 64
"""How many request ids a server remembers per seat (PROTOCOL.md promises at least this)."""


class RecentIds(Generic[T]):
    """The answers to the last ``size`` request ids, oldest forgotten first.

    Typical use on the server::

        answer = recent.get(request.id)
        if answer is None:
            answer = carry_out(request)      # an Ack or an Error
            recent.remember(request.id, answer)
        send(answer)
    """

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError("size must be at least 1")
        self.size = size
        self._answers: OrderedDict[int, T] = OrderedDict()

    def __contains__(self, request_id: object) -> bool:
        return request_id in self._answers

    def __len__(self) -> int:
        return len(self._answers)

    def get(self, request_id: int) -> T | None:
        """The remembered answer to ``request_id``, or None if it is new (or forgotten)."""
        return self._answers.get(request_id)

    def remember(self, request_id: int, answer: T) -> None:
        """Keep ``answer`` for ``request_id``, forgetting the oldest id beyond ``size``."""
        answers = self._answers
        answers[request_id] = answer
        answers.move_to_end(request_id)
        while len(answers) > self.size:
            answers.popitem(last=False)

    def clear(self) -> None:
        self._answers.clear()

    def merge_into(self, other: RecentIds[T]) -> None:
        """Hand every remembered answer on to ``other`` (a connection's memory joining
        its seat's, so a request retried after the switch is still answered once)."""
        for request_id, answer in self._answers.items():
            other.remember(request_id, answer)
