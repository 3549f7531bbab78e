"""The exceptions of the package: one family under :class:`GrundyError`, one class per kind of the library's errors
(``grundy::ErrorKind``). The native module raises these classes (it imports this module), so they are defined
here, in Python, where a class may have two bases (``InputError`` is also a ``ValueError``)."""

from __future__ import annotations

from typing import Optional, Union

__all__ = [
    "GrundyError",
    "InputError",
    "LimitError",
    "LoopyError",
    "UnsupportedError",
    "CancelledError",
]


class GrundyError(Exception):
    """The base of every error the package raises for a request it cannot answer: catch it to catch them all.

    (An exception raised by the Python code of a game defined with :func:`grundy.define` passes through unchanged,
    and Ctrl-C is a ``KeyboardInterrupt``, as everywhere in Python.)"""


class InputError(GrundyError, ValueError):
    """Bad input: an unknown game, a malformed position, an argument out of range. Also a ``ValueError``."""


class LimitError(GrundyError):
    """A limit was reached (time, memory, positions stored, heap size): raising the limit may help.

    ``budget`` names the keyword argument that raises it (``"max_seconds"``, ``"max_memory"``, ``"max_positions"``)
    and ``limit`` is the value it had (seconds, bytes, positions); both are ``None`` for a fixed bound of the
    library, which no argument raises."""

    budget: Optional[str]
    limit: Optional[Union[int, float]]

    def __init__(self, message: str, budget: Optional[str] = None, limit: Optional[Union[int, float]] = None):
        super().__init__(message)
        self.budget = budget
        self.limit = limit


class LoopyError(GrundyError, ValueError):
    """The game has a cycle of positions: analyse it with ``loopy=True``. Also a ``ValueError``."""


class UnsupportedError(GrundyError, ValueError):
    """The request is well formed but not supported (for example misère play of a loopy game). Also a
    ``ValueError``."""


class CancelledError(GrundyError):
    """The work was stopped before it ended (the library's cancellation). Ctrl-C is not this: it raises
    ``KeyboardInterrupt``."""
