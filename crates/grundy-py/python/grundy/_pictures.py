"""Pictures: the library's scenes (the ones ``grundy plot`` draws) as objects that render themselves in a notebook
(``_repr_svg_``) and write the same PNG or SVG files as the command line (``save``)."""

from __future__ import annotations

import os
from typing import Any, Dict, Optional, Union

from . import _grundy

__all__ = ["Picture"]


class Picture:
    """A picture of nim-values: a sequence's scatter with its period marked, a table's heatmap, or a board.

    In Jupyter it shows itself (as SVG); :meth:`save` writes it as PNG or SVG by the file's extension, the same
    bytes ``grundy plot -o FILE`` writes; :attr:`svg` and :meth:`png` give it as text and bytes; :attr:`summary` says
    what it shows (the object of ``grundy plot --json``, without the file)."""

    __slots__ = ("_native", "_svg")

    def __init__(self, native: Any) -> None:
        self._native = native
        self._svg: Optional[str] = None

    @property
    def svg(self) -> str:
        """The picture as an SVG document."""
        if self._svg is None:
            self._svg = self._native.svg()
        return self._svg

    def png(self) -> bytes:
        """The picture as PNG bytes."""
        data: bytes = self._native.png()
        return data

    def save(self, path: Union[str, "os.PathLike[str]"]) -> str:
        """Writes the picture to ``path``: PNG for ``.png``, SVG for ``.svg`` (another extension is an
        :class:`~grundy.InputError`). Returns the format's name."""
        fmt: str = self._native.save(os.fspath(path))
        return fmt

    @property
    def summary(self) -> Dict[str, Any]:
        """What the picture shows: its kind (``scatter``, ``table``, ``board``), game, size, and for a scatter the
        period drawn, for a board its nim-value (``grundy plot --json``'s keys)."""
        s: Dict[str, Any] = self._native.summary() or {}
        return s

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        s = self.summary
        what = ", ".join(f"{k}={s[k]!r}" for k in ("kind", "game") if k in s)
        return f"Picture({what})"


def table_picture(game: str, rows: Any, cols: Any, values: Any, p_positions: Any, width: Optional[int] = None,
                  height: Optional[int] = None) -> Picture:
    """The picture of a table's values (the heatmap of a game of two numbers, else the scatter of a sequence
    from heap 0), drawn from the values given."""
    return Picture(_grundy.table_picture(game, rows, cols, values, p_positions, width=width, height=height))
