"""Typed results: frozen classes with attributes, equality, a ``repr`` and ``to_dict()``, the JSON object of
``grundy value ... --json`` (docs/json.md, "grundy value under normal play"). Each class is built from that JSON
(``from_dict``), so the classes and the schema are kept in step in one place: a key added to the schema is a field
added here, and ``to_dict()`` is checked against the native JSON in the tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Literal, Mapping, Optional, Tuple, Union

__all__ = ["Analysis", "MisereAnalysis", "MiserePart", "MisereMove", "Move", "MoveFamily", "PartValue", "UnlistedMoves"]

_U64_MAX = 2**64 - 1


@dataclass(frozen=True)
class PartValue:
    """One position of a sum: the game's name or code as looked up (``kayles``, ``0.07``), the position in the
    game's syntax (``"7"``, ``"3 5"``) and its nim-value (``None`` for a position whose outcome is known by rule but
    not its nim-value)."""

    game: str
    position: str
    nim_value: Optional[int]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PartValue:
        return cls(game=d["game"], position=d["position"], nim_value=d["nim_value"])

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of docs/json.md (a part)."""
        return {"game": self.game, "position": self.position, "nim_value": self.nim_value}


@dataclass(frozen=True)
class Move:
    """A winning move: made in the part ``component`` (an index into :attr:`Analysis.parts`) of game ``game`` at
    ``position``; ``move`` says it in words (``take 2 from the heap of 7, leaving 5``), ``result`` is the part's
    position after it in the game's syntax (``"1 + 3"`` when a heap is split, ``"0"`` when it is emptied), and
    ``value_after`` the part's nim-value after it."""

    component: int
    game: str
    position: str
    move: str
    result: str
    value_after: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Move:
        return cls(
            component=d["component"],
            game=d["game"],
            position=d["position"],
            move=d["move"],
            result=d["result"],
            value_after=d["value_after"],
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of docs/json.md (a move)."""
        return {
            "component": self.component,
            "game": self.game,
            "position": self.position,
            "move": self.move,
            "result": self.result,
            "value_after": self.value_after,
        }


@dataclass(frozen=True)
class MoveFamily:
    """Winning moves of a huge heap in an arithmetic progression: take ``take`` tokens and split the rest ``rest``
    into ``a`` and ``rest - a`` for each ``a = first, first + step, ..., last``; ``count`` moves, each leaving the
    part's nim-value ``value_after``."""

    component: int
    game: str
    position: str
    move: str
    take: int
    rest: int
    first: int
    step: int
    last: int
    count: int
    value_after: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MoveFamily:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__})

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of docs/json.md (a family)."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class UnlistedMoves:
    """Winning moves of a part counted exactly but not listed (a heap lists at most 100000)."""

    component: int
    game: str
    position: str
    count: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> UnlistedMoves:
        return cls(component=d["component"], game=d["game"], position=d["position"], count=d["count"])

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of docs/json.md (an unlisted count)."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class Analysis:
    """The analysis of a position or a sum under normal play.

    ``nim_value`` is the XOR of the parts' nim-values (``None`` only for a single position whose outcome is known
    but not its nim-value); ``outcome`` is ``"P"`` (the player to move loses) or ``"N"``; ``parts`` one
    :class:`PartValue` per position, in order; ``winning_moves`` the winning moves listed one by one,
    ``winning_move_families`` and ``unlisted_winning_moves`` those of huge heaps grouped or only counted, and
    ``winning_move_count`` how many there are in all (an int, however large); ``notes`` what the answer rests on
    beyond the rules, one line each (a game defined in Python whose moves on heaps 0..=1024 are exactly a
    take-and-break code's, answered at a huge heap as that code, says so here).
    """

    nim_value: Optional[int]
    outcome: Literal["P", "N"]
    parts: Tuple[PartValue, ...]
    winning_moves: Tuple[Move, ...]
    winning_move_families: Tuple[MoveFamily, ...] = ()
    unlisted_winning_moves: Tuple[UnlistedMoves, ...] = ()
    winning_move_count: int = 0
    notes: Tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Analysis:
        """From the JSON object of ``grundy value ... --json`` (normal play)."""
        count: Union[int, str] = d.get("winning_move_count", 0)
        return cls(
            nim_value=d["nim_value"],
            outcome=d["outcome"],
            parts=tuple(PartValue.from_dict(p) for p in d["parts"]),
            winning_moves=tuple(Move.from_dict(m) for m in d.get("winning_moves", ())),
            winning_move_families=tuple(MoveFamily.from_dict(f) for f in d.get("winning_move_families", ())),
            unlisted_winning_moves=tuple(UnlistedMoves.from_dict(u) for u in d.get("unlisted_winning_moves", ())),
            winning_move_count=int(count),
            notes=tuple(d.get("notes", ())),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy value ... --json`` (docs/json.md): ``winning_move_count`` a decimal string
        above 2^64 - 1, as there, and ``notes`` only when there is one."""
        count = self.winning_move_count
        out: Dict[str, Any] = {
            "nim_value": self.nim_value,
            "outcome": self.outcome,
            "parts": [p.to_dict() for p in self.parts],
            "winning_moves": [m.to_dict() for m in self.winning_moves],
            "winning_move_families": [f.to_dict() for f in self.winning_move_families],
            "unlisted_winning_moves": [u.to_dict() for u in self.unlisted_winning_moves],
            "winning_move_count": str(count) if count > _U64_MAX else count,
        }
        if self.notes:
            out["notes"] = list(self.notes)
        return out


@dataclass(frozen=True)
class MiserePart:
    """One position of a sum under misère play: its game and position (as in :class:`PartValue`), its genus in
    CGSuite's notation (``"4^146"``) and whether it is tame; both ``None`` where the analysis did not need them (a
    position answered by its game's own misère rule)."""

    game: str
    position: str
    genus: Optional[str]
    tame: Optional[bool]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MiserePart:
        return cls(game=d["game"], position=d["position"], genus=d["genus"], tame=d["tame"])

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of a part of ``grundy value --misere --json``."""
        return {"game": self.game, "position": self.position, "genus": self.genus, "tame": self.tame}


@dataclass(frozen=True)
class MisereMove:
    """A winning move under misère play: as :class:`Move`, without a nim-value after it (misère play has none)."""

    component: int
    game: str
    position: str
    move: str
    result: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MisereMove:
        return cls(component=d["component"], game=d["game"], position=d["position"], move=d["move"],
                   result=d["result"])

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of a move of ``grundy value --misere --json``."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class MisereAnalysis:
    """The analysis of a position (or a sum) under misère play, where the last mover loses: ``outcome`` (``"P"``
    or ``"N"``), ``misere_nim_value`` (``None`` where only the outcome is known), ``method`` (how it was found, in
    words: a theorem, a game's own rule, an exact search), ``parts`` (:class:`MiserePart`) and ``winning_moves``
    (:class:`MisereMove`). ``play`` is always ``"misere"``."""

    outcome: Literal["P", "N"]
    misere_nim_value: Optional[int]
    method: str
    parts: Tuple[MiserePart, ...]
    winning_moves: Tuple[MisereMove, ...]
    play: Literal["misere"] = "misere"

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MisereAnalysis:
        """From the JSON object of ``grundy value ... --misere --json``."""
        return cls(
            outcome=d["outcome"],
            misere_nim_value=d["misere_nim_value"],
            method=d["method"],
            parts=tuple(MiserePart.from_dict(p) for p in d["parts"]),
            winning_moves=tuple(MisereMove.from_dict(m) for m in d["winning_moves"]),
            play=d["play"],
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy value ... --misere --json`` (docs/json.md)."""
        return {
            "play": self.play,
            "outcome": self.outcome,
            "misere_nim_value": self.misere_nim_value,
            "method": self.method,
            "parts": [p.to_dict() for p in self.parts],
            "winning_moves": [m.to_dict() for m in self.winning_moves],
        }
