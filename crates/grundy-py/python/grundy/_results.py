"""Typed results: frozen classes with attributes, equality, a ``repr`` and ``to_dict()``, the JSON object of
``grundy value ... --json`` (docs/json.md, "grundy value under normal play"). Each class is built from that JSON
(``from_dict``), so the classes and the schema are kept in step in one place: a key added to the schema is a field
added here, and ``to_dict()`` is checked against the native JSON in the tests."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Dict, Iterator, List, Literal, Mapping, Optional, Sequence, Tuple, Type, TypeVar, Union, cast

__all__ = [
    "Analysis",
    "CatalogEntry",
    "Genus",
    "LoopyAnalysis",
    "LoopyMove",
    "LoopyPart",
    "LoopyValue",
    "MisereAnalysis",
    "MiserePart",
    "MisereMove",
    "Move",
    "MoveFamily",
    "Nearest",
    "PartValue",
    "Pattern",
    "Period",
    "Quotient",
    "QuotientPeriod",
    "Recognised",
    "Rule",
    "Scoring",
    "Span",
    "SurveyRecord",
    "Table",
    "UnlistedMoves",
]

_U64_MAX = 2**64 - 1

_T = TypeVar("_T", bound="_Flat")


class _Flat:
    """A result whose JSON object's keys are its fields, one to one: ``from_dict`` and ``to_dict`` read and write
    them by the dataclass's fields."""

    @classmethod
    def from_dict(cls: Type[_T], d: Mapping[str, Any]) -> _T:
        """From the JSON object (docs/json.md)."""
        return cls(**{f.name: d[f.name] for f in fields(cast(Any, cls))})

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object (docs/json.md)."""
        return {f.name: getattr(self, f.name) for f in fields(cast(Any, self))}


@dataclass(frozen=True)
class PartValue(_Flat):
    """One position of a sum: the game's name or code as looked up (``kayles``, ``0.07``), the position in the
    game's syntax (``"7"``, ``"3 5"``) and its nim-value (``None`` for a position whose outcome is known by rule but
    not its nim-value)."""

    game: str
    position: str
    nim_value: Optional[int]


@dataclass(frozen=True)
class Move(_Flat):
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


@dataclass(frozen=True)
class MoveFamily(_Flat):
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


@dataclass(frozen=True)
class UnlistedMoves(_Flat):
    """Winning moves of a part counted exactly but not listed (a heap lists at most 100000)."""

    component: int
    game: str
    position: str
    count: int


@dataclass(frozen=True)
class Analysis:
    """The analysis of a position or a sum under normal play.

    ``nim_value`` is the XOR of the parts' nim-values (``None`` only for a single position whose outcome is known
    but not its nim-value); ``outcome`` is ``"P"`` (the player to move loses) or ``"N"``; ``parts`` one
    :class:`PartValue` per position, in order; ``winning_moves`` the winning moves listed one by one,
    ``winning_move_families`` and ``unlisted_winning_moves`` those of huge heaps grouped or only counted, and
    ``winning_move_count`` how many there are in all (an int, however large); ``notes`` what the answer rests on
    beyond the rules, one line each (a game defined in Python whose moves on heaps 0..=1024 are exactly a
    take-and-break code's, answered at a huge heap as that code, says so here); ``winning_moves_stopped`` why a limit
    (``max_seconds``) stopped the listing of the winning moves after the values and the outcome were found (the
    moves found until then are listed, and ``winning_move_count`` counts only them), else ``None``.
    """

    nim_value: Optional[int]
    outcome: Literal["P", "N"]
    parts: Tuple[PartValue, ...]
    winning_moves: Tuple[Move, ...]
    winning_move_families: Tuple[MoveFamily, ...] = ()
    unlisted_winning_moves: Tuple[UnlistedMoves, ...] = ()
    winning_move_count: int = 0
    notes: Tuple[str, ...] = ()
    winning_moves_stopped: Optional[str] = None

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
            winning_moves_stopped=d.get("winning_moves_stopped"),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy value ... --json`` (docs/json.md): ``winning_move_count`` a decimal string
        above 2^64 - 1, as there, and ``notes`` and ``winning_moves_stopped`` only when there is one."""
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
        if self.winning_moves_stopped is not None:
            out["winning_moves_stopped"] = self.winning_moves_stopped
        return out


@dataclass(frozen=True)
class MiserePart(_Flat):
    """One position of a sum under misère play: its game and position (as in :class:`PartValue`), its genus in
    CGSuite's notation (``"4^146"``) and whether it is tame; both ``None`` where the analysis did not need them (a
    position answered by its game's own misère rule)."""

    game: str
    position: str
    genus: Optional[str]
    tame: Optional[bool]


@dataclass(frozen=True)
class MisereMove(_Flat):
    """A winning move under misère play: as :class:`Move`, without a nim-value after it (misère play has none)."""

    component: int
    game: str
    position: str
    move: str
    result: str


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


def _tuple_of_ints(v: Any) -> Tuple[int, ...]:
    return tuple(int(x) for x in v)


@dataclass(frozen=True)
class Span:
    """A range of whole numbers, both ends included: ``first..=last`` (``{"from", "to"}`` in the JSON)."""

    first: int
    last: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Span:
        return cls(first=d["from"], last=d["to"])

    @classmethod
    def maybe(cls, d: Optional[Mapping[str, Any]]) -> Optional[Span]:
        return None if d is None else cls.from_dict(d)

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object ``{"from": first, "to": last}``."""
        return {"from": self.first, "to": self.last}

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.first, self.last + 1))

    def __len__(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class Recognised(_Flat):
    """A game of its own rules (a Python function, a script) whose options on heaps ``0..=to`` are exactly those
    of the take-and-break ``code``: its period was then read as the code's."""

    code: str
    to: int


@dataclass(frozen=True)
class Period:
    """The periodicity of a heap game's nim-values, as ``grundy period --json`` (docs/json.md): ``G(n + period) =
    G(n) + saltus`` for ``n >= preperiod``. ``certified`` is True only when a theorem proves it for every heap
    (``certificate`` names it: the Guy-Smith periodicity theorem, the subtraction-game certificate or a closed
    form); otherwise the period was observed on the ``values_computed`` values only. ``preperiod``, ``period`` and
    ``saltus`` are ``None`` when no period was seen; ``needed`` is how many values the certificate needs, and
    ``stopped`` why a search stopped short of it (its budget named by the keyword argument that raises it)."""

    game: str
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    certified: bool
    certificate: Optional[str]
    values_computed: int
    needed: Optional[int]
    stopped: Optional[str]
    recognised: Optional[Recognised] = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Period:
        """From the JSON object of ``grundy period --json``."""
        r = d.get("recognised")
        return cls(
            game=d["game"],
            preperiod=d["preperiod"],
            period=d["period"],
            saltus=d["saltus"],
            certified=d["certified"],
            certificate=d["certificate"],
            values_computed=d["values_computed"],
            needed=d["needed"],
            stopped=d["stopped"],
            recognised=None if r is None else Recognised.from_dict(r),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy period --json`` (``recognised`` only when there is one)."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__ if k != "recognised"}
        if self.recognised is not None:
            out["recognised"] = self.recognised.to_dict()
        return out

    def value(self, n: int, values: Sequence[int]) -> int:
        """The nim-value of heap ``n`` read from the period, given the values computed from heap 0 (at least
        ``preperiod + period`` of them): exact for every ``n`` only when :attr:`certified`."""
        if self.period is None or self.preperiod is None or self.saltus is None:
            raise ValueError(f"{self.game}: no period was seen, so a heap's value cannot be read from one")
        if n < len(values):
            return int(values[n])
        k = (n - self.preperiod) // self.period
        m = n - k * self.period
        return int(values[m]) + k * self.saltus


def _cell(v: Any) -> Optional[int]:
    return None if v is None else int(v)


@dataclass(frozen=True, eq=False)
class Table:
    """Nim-values over a range, as ``grundy table --json``: ``values[i][j]`` is ``G(rows.first + i, cols.first +
    j)`` for a game of two numbers, ``values[i][0]`` the value of heap ``rows.first + i`` for a game of one
    (``None`` where the numbers name no position); ``p_positions`` lists the P-positions in the range as tuples.
    With ``numpy=True`` ``values`` is a 2-D numpy ``uint64`` array (masked where numbers name no position).
    ``t[a, b]`` (or ``t[n]``) is the value at those numbers. Equality compares the values, however held."""

    game: str
    parameters: int
    rows: Span
    cols: Optional[Span]
    values: Any
    p_positions: Tuple[Tuple[int, ...], ...]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Table:
        """From the JSON object of ``grundy table --json`` (``values`` kept as given when it is a numpy array)."""
        values = d["values"]
        if isinstance(values, list):
            values = tuple(tuple(_cell(v) for v in row) for row in values)
        return cls(
            game=d["game"],
            parameters=d["parameters"],
            rows=Span.from_dict(d["rows"]),
            cols=Span.maybe(d["cols"]),
            values=values,
            p_positions=tuple(_tuple_of_ints(p) for p in d["p_positions"]),
        )

    def _rows(self) -> List[List[Optional[int]]]:
        v = self.values
        if hasattr(v, "tolist"):
            mask = getattr(v, "mask", None)
            data = v.filled(0).tolist() if mask is not None and hasattr(v, "filled") else v.tolist()
            if mask is not None and getattr(mask, "shape", ()) == getattr(v, "shape", None):
                return [[None if m else int(x) for x, m in zip(row, mrow)] for row, mrow in zip(data, mask.tolist())]
            return [[int(x) for x in row] for row in data]
        return [list(row) for row in v]

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy table --json`` (``values`` as lists, also from a numpy array)."""
        return {
            "game": self.game,
            "parameters": self.parameters,
            "rows": self.rows.to_dict(),
            "cols": None if self.cols is None else self.cols.to_dict(),
            "values": self._rows(),
            "p_positions": [list(p) for p in self.p_positions],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.game, self.rows, self.cols))

    def __getitem__(self, at: Union[int, Tuple[int, int]]) -> Optional[int]:
        if isinstance(at, int):
            a, b = at, None
        elif isinstance(at, tuple) and len(at) == 2:
            a, b = at
        else:
            raise KeyError(f"{self.game}: index a table by t[n] or t[a, b], not t[{at!r}]")
        i = a - self.rows.first
        j = 0 if b is None or self.cols is None else b - self.cols.first
        if b is not None and self.cols is None:
            raise KeyError(f"{self.game}: a position of this table is one number, not {at!r}")
        if not (0 <= i < len(self.rows)) or (self.cols is not None and not (0 <= j < len(self.cols))):
            raise KeyError(f"{at!r} is outside the table ({self._extent()})")
        row = self._rows()[i] if hasattr(self.values, "tolist") else self.values[i]
        return row[j]

    def plot(self, path: Optional[str] = None, *, width: Optional[int] = None,
             height: Optional[int] = None) -> Any:
        """The table as a picture (a :class:`grundy.Picture`): the heatmap of a game of two numbers (P-positions
        black), the scatter of a sequence for one number from heap 0; written to ``path`` (PNG or SVG by its
        extension) when given. Drawn from these values, not computed again."""
        from ._pictures import table_picture

        cols = None if self.cols is None else (self.cols.first, self.cols.last)
        pic = table_picture(self.game, (self.rows.first, self.rows.last), cols, self._rows(),
                            [list(p) for p in self.p_positions], width=width, height=height)
        if path is not None:
            pic.save(path)
        return pic

    def _repr_svg_(self) -> Optional[str]:
        try:
            svg: str = self.plot().svg
            return svg
        except Exception:  # a table with no picture (one number from a heap past 0): shown as text
            return None

    def _extent(self) -> str:
        r = f"rows {self.rows.first}..={self.rows.last}"
        return r if self.cols is None else f"{r}, cols {self.cols.first}..={self.cols.last}"


@dataclass(frozen=True)
class Rule:
    """One rule read off a table (docs/json.md, ``grundy pattern``): its ``kind`` (``periodic``, ``formula``,
    ``p-heaps``, ``symmetric``, ``beatty``, ...), ``statement`` in words, ``certified`` (True only where a theorem
    proves it; ``certificate`` names it) and the range it was checked on; ``details`` holds the data of its kind
    (``period``, ``formula``, ``alpha``, ...) with the JSON's keys. ``rule["period"]`` reads a detail."""

    kind: str
    statement: str
    certified: bool
    certificate: Optional[str]
    checked_rows: Optional[Span]
    checked_cols: Optional[Span]
    details: Mapping[str, Any]

    _COMMON = ("kind", "statement", "certified", "certificate", "checked_rows", "checked_cols")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Rule:
        return cls(
            kind=d["kind"],
            statement=d["statement"],
            certified=d["certified"],
            certificate=d["certificate"],
            checked_rows=Span.maybe(d["checked_rows"]),
            checked_cols=Span.maybe(d["checked_cols"]),
            details=_Frozen({k: v for k, v in d.items() if k not in cls._COMMON}),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of the rule."""
        out: Dict[str, Any] = dict(self.details)
        out.update(
            kind=self.kind,
            statement=self.statement,
            certified=self.certified,
            certificate=self.certificate,
            checked_rows=None if self.checked_rows is None else self.checked_rows.to_dict(),
            checked_cols=None if self.checked_cols is None else self.checked_cols.to_dict(),
        )
        return out

    def __getitem__(self, key: str) -> Any:
        return self.details[key]

    def __getattr__(self, key: str) -> Any:
        # A detail of the rule's kind as an attribute (``rule.period``); only names that are not fields get here.
        details = self.__dict__.get("details", {})
        if key in details:
            return details[key]
        raise AttributeError(f"this {self.__dict__.get('kind', '')} rule has no field {key!r} "
                             f"(details: {', '.join(details)})")

    def __hash__(self) -> int:
        return hash((self.kind, self.statement))


class _Frozen(Dict[str, Any]):
    """A read-only dict (a rule's details)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a result is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]


@dataclass(frozen=True)
class Nearest(_Flat):
    """When no rule fits a one-number game: the candidate rule that fits longest, ``formula``, which holds up to
    ``holds_to`` and first fails at ``fails_at`` (the value there is ``value``, the rule predicts ``predicted``)."""

    formula: str
    holds_to: int
    fails_at: int
    value: int
    predicted: int


@dataclass(frozen=True)
class Pattern:
    """The rules read off a game's table, as ``grundy pattern --json``: ``rules`` (:class:`Rule`), each certified
    only where a theorem proves it, else observed on its range; ``nothing_fits`` when no rule describes every value,
    then ``first_rows`` (the start of the table, a :class:`Table`) and, for one number, ``nearest``."""

    game: str
    parameters: int
    rows: Span
    cols: Optional[Span]
    rules: Tuple[Rule, ...]
    nothing_fits: bool
    first_rows: Optional[Table]
    nearest: Optional[Nearest]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Pattern:
        """From the JSON object of ``grundy pattern --json``."""
        return cls(
            game=d["game"],
            parameters=d["parameters"],
            rows=Span.from_dict(d["rows"]),
            cols=Span.maybe(d["cols"]),
            rules=tuple(Rule.from_dict(r) for r in d["rules"]),
            nothing_fits=d["nothing_fits"],
            first_rows=None if d["first_rows"] is None else Table.from_dict(d["first_rows"]),
            nearest=None if d["nearest"] is None else Nearest.from_dict(d["nearest"]),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy pattern --json``."""
        return {
            "game": self.game,
            "parameters": self.parameters,
            "rows": self.rows.to_dict(),
            "cols": None if self.cols is None else self.cols.to_dict(),
            "rules": [r.to_dict() for r in self.rules],
            "nothing_fits": self.nothing_fits,
            "first_rows": None if self.first_rows is None else self.first_rows.to_dict(),
            "nearest": None if self.nearest is None else self.nearest.to_dict(),
        }


@dataclass(frozen=True)
class Genus(_Flat):
    """The genus of one heap (``grundy seq --genus``): ``genus`` in CGSuite's notation (``"4^146"``: the normal
    nim-value, then the misère nim-values of the heap plus 0, 1, 2, ... copies of a heap of size 2 until they
    repeat), the heap's ``nim_value`` and ``misere_nim_value``, and whether it is ``tame``."""

    heap: int
    genus: str
    nim_value: int
    misere_nim_value: int
    tame: bool


@dataclass(frozen=True)
class LoopyValue:
    """A value of a loopy game (Smith's generalised Sprague-Grundy function): ``finite`` (a nim-value) or
    ``infinite`` (``∞(K)``, the set K of the finite values one move away), ``text`` as people write it."""

    finite: Optional[int]
    infinite: Optional[Tuple[int, ...]]
    text: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], text: str) -> LoopyValue:
        inf = d.get("infinite")
        return cls(finite=d.get("finite"), infinite=None if inf is None else _tuple_of_ints(inf), text=text)

    def to_dict(self) -> Dict[str, Any]:
        """The JSON value object (``{"finite": n}`` or ``{"infinite": [K...]}``); the text is beside it there."""
        return {"finite": self.finite} if self.infinite is None else {"infinite": list(self.infinite)}


def _place(v: Any) -> Union[int, Tuple[int, ...]]:
    return _tuple_of_ints(v) if isinstance(v, list) else int(v)


def _json_place(v: Union[int, Tuple[int, ...]]) -> Any:
    return list(v) if isinstance(v, tuple) else v


@dataclass(frozen=True)
class LoopyPart:
    """One token or heap of a loopy sum: ``kind`` says what ``position`` is (``"node"`` on a graph, ``"heap"`` for
    a code, ``"position"`` for a game defined in Python), and its :class:`LoopyValue`."""

    kind: Literal["node", "heap", "position"]
    position: Union[int, Tuple[int, ...]]
    value: LoopyValue

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> LoopyPart:
        kind: Literal["node", "heap", "position"] = "node" if "node" in d else "heap" if "heap" in d else "position"
        return cls(kind=kind, position=_place(d[kind]), value=LoopyValue.from_dict(d["value"], d["value_text"]))

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of a part: ``{KIND: position, "value", "value_text"}``."""
        return {self.kind: _json_place(self.position), "value": self.value.to_dict(), "value_text": self.value.text}


@dataclass(frozen=True)
class LoopyMove:
    """A winning or drawing move of a loopy sum: made in part ``component``, from ``from_`` (``"from"`` in the
    JSON) to ``to`` (a node, or the heaps a heap becomes), leaving the sum's value ``value_after``."""

    component: int
    from_: Union[int, Tuple[int, ...]]
    to: Union[int, Tuple[int, ...]]
    value_after: LoopyValue

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> LoopyMove:
        return cls(
            component=d["component"],
            from_=_place(d["from"]),
            to=_place(d["to"]),
            value_after=LoopyValue.from_dict(d["value_after"], d["value_after_text"]),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of a move."""
        return {
            "component": self.component,
            "from": _json_place(self.from_),
            "to": _json_place(self.to),
            "value_after": self.value_after.to_dict(),
            "value_after_text": self.value_after.text,
        }


@dataclass(frozen=True)
class LoopyAnalysis:
    """The analysis of a loopy position (``loopy=True``: a code that adds tokens, a graph with cycles): ``outcome``
    ``"P"``, ``"N"`` or ``"D"`` (a draw: play goes on forever), the sum's ``value`` (:class:`LoopyValue`), each
    part's, the winning moves and, in a draw, the moves that keep it; ``note`` says what the answer rests on (the
    heap bound of a loopy code) and ``positions`` how many positions were reached."""

    outcome: Literal["P", "N", "D"]
    value: LoopyValue
    parts: Tuple[LoopyPart, ...]
    winning_moves: Tuple[LoopyMove, ...]
    drawing_moves: Tuple[LoopyMove, ...]
    note: Optional[str]
    positions: Optional[int] = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> LoopyAnalysis:
        """From the JSON object of ``grundy value ... --loopy --json``."""
        return cls(
            outcome=d["outcome"],
            value=LoopyValue.from_dict(d["value"], d["value_text"]),
            parts=tuple(LoopyPart.from_dict(p) for p in d["parts"]),
            winning_moves=tuple(LoopyMove.from_dict(m) for m in d["winning_moves"]),
            drawing_moves=tuple(LoopyMove.from_dict(m) for m in d["drawing_moves"]),
            note=d.get("note"),
            positions=d.get("positions"),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy value ... --loopy --json``."""
        out: Dict[str, Any] = {
            "outcome": self.outcome,
            "value": self.value.to_dict(),
            "value_text": self.value.text,
            "parts": [p.to_dict() for p in self.parts],
            "winning_moves": [m.to_dict() for m in self.winning_moves],
            "drawing_moves": [m.to_dict() for m in self.drawing_moves],
            "note": self.note,
        }
        if self.positions is not None:
            out["positions"] = self.positions
        return out


@dataclass(frozen=True)
class CatalogEntry:
    """A game of the catalog (``grundy games --json``): its ``name``, the ``display_name`` listings show
    (``subtraction:S``), ``aliases``, its parameter (``param``, e.g. ``"S"``, or ``None``), ``kind`` (``heap``,
    ``board``, ``graph`` or ``scoring``), ``spec`` (a position's syntax, or the code it is) and ``summary``."""

    name: str
    display_name: str
    aliases: Tuple[str, ...]
    param: Optional[str]
    kind: str
    spec: str
    summary: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CatalogEntry:
        return cls(
            name=d["name"],
            display_name=d.get("display_name", d["name"]),
            aliases=tuple(d.get("aliases", ())),
            param=d.get("param"),
            kind=d["kind"],
            spec=d["spec"],
            summary=d["summary"],
        )

    def to_dict(self) -> Dict[str, Any]:
        return {**{k: getattr(self, k) for k in self.__dataclass_fields__}, "aliases": list(self.aliases)}


@dataclass(frozen=True)
class Scoring:
    """The answer of a scoring game (``fox-cards``: not impartial, so it has no nim-value): ``scores``, the game's
    named integers (best-play scores), and ``text``, the answer for people. ``impartial`` is always False."""

    game: str
    scores: Mapping[str, int]
    text: str
    impartial: bool = False

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Scoring:
        scores = {k: v for k, v in d.items() if k not in ("game", "impartial", "text")}
        return cls(game=d["game"], scores=_Frozen(scores), text=d["text"], impartial=d["impartial"])

    def to_dict(self) -> Dict[str, Any]:
        return {"game": self.game, "impartial": self.impartial, **self.scores, "text": self.text}

    def __getitem__(self, key: str) -> int:
        return self.scores[key]

    def __getattr__(self, key: str) -> int:
        # A score as an attribute (``r.ciel``); only names that are not fields get here.
        scores = self.__dict__.get("scores", {})
        if key in scores:
            return int(scores[key])
        raise AttributeError(f"this result has no field or score {key!r} (scores: {', '.join(scores)})")

    def __hash__(self) -> int:
        return hash((self.game, self.text))


@dataclass(frozen=True)
class SurveyRecord:
    """The record of one code of a survey (:func:`grundy.survey`), a line of ``grundy sweep`` (docs/json.md):
    the period found (``preperiod``, ``period``, ``saltus``), ``certified`` (else the code is open, ``stopped``
    says why and ``stopped_by`` is ``"budget"``, which a larger budget may get past, or ``"error"``), ``values_computed``, the rare positions of the sparse-space split, the largest value and where it
    first appears, ``seconds``, and the provenance: ``version`` of grundy, the budgets (``budget_heaps``,
    ``budget_seconds``, ``budget_memory`` in bytes), ``threads``, ``engine`` and ``certificate_version``.
    A list of records is a data frame's rows: ``pandas.DataFrame(records)``."""

    code: str
    family: str
    certified: bool
    certificate: Optional[str]
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    values_computed: Optional[int]
    rare_positions: Optional[int]
    last_rare: Optional[int]
    largest: Optional[int]
    largest_at: Optional[int]
    seconds: Optional[float]
    stopped: Optional[str]
    stopped_by: Optional[str] = None
    version: Optional[str] = None
    budget_heaps: Optional[int] = None
    budget_seconds: Optional[float] = None
    budget_memory: Optional[int] = None
    threads: Optional[int] = None
    engine: Optional[str] = None
    certificate_version: Optional[int] = None

    _PROVENANCE = ("stopped_by", "version", "budget_heaps", "budget_seconds", "budget_memory", "threads", "engine",
                   "certificate_version")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SurveyRecord:
        """From a line of ``grundy sweep`` (the provenance keys may be absent in lines of older versions)."""
        fields: Dict[str, Any] = {k: d.get(k) for k in cls.__dataclass_fields__}
        return cls(**fields)

    def to_dict(self) -> Dict[str, Any]:
        """The line ``grundy sweep`` writes (provenance keys left out when unknown)."""
        out = {k: getattr(self, k) for k in sorted(self.__dataclass_fields__)}
        return {k: v for k, v in out.items() if v is not None or k not in self._PROVENANCE}


@dataclass(frozen=True)
class QuotientPeriod(_Flat):
    """The periodicity that certifies a misère quotient for every heap: ``Φ(n + period) = Φ(n)`` for ``n >=
    preperiod``, checked up to ``needs_heaps`` (the bound of the Guy-Smith argument carried to quotient elements,
    for a code removing at most ``max_removed`` tokens); ``certified_by`` says it in words."""

    preperiod: int
    period: int
    max_removed: int
    needs_heaps: int
    certified_by: str


@dataclass(frozen=True)
class Quotient:
    """The misère quotient of a heap game (``grundy quotient --json``, docs/quotient.md): a commutative monoid of
    ``order`` elements with its P-portion, presented by ``generators`` (``(name, heap)``: each the element of a heap)
    and ``relations``; ``heap_elements[n]`` is heap n's element for the heaps built (``heaps``), ``changes`` the heaps
    at which the order grew (``(heap, order)``). ``periodic`` is the certificate that makes it the quotient of every
    heap (``scope`` then says so); without it the quotient is stated for the heaps built only, and
    ``no_certificate`` or ``stopped`` says why. A misère sum of heaps is a P-position exactly when the product of
    their elements lies in ``p_portion``."""

    game: str
    heaps: int
    order: int
    p_portion_size: int
    generators: Tuple[Tuple[str, int], ...]
    relations: Tuple[str, ...]
    p_portion: Tuple[str, ...]
    elements: Tuple[str, ...]
    heap_elements: Tuple[str, ...]
    changes: Tuple[Tuple[int, int], ...]
    same_from: Optional[int]
    scope: str
    periodic: Optional[QuotientPeriod]
    no_certificate: Optional[str]
    stopped: Optional[str]
    partial: bool = False

    @property
    def certified(self) -> bool:
        """True when a theorem makes this the quotient of every heap (:attr:`periodic` is its certificate)."""
        return self.periodic is not None

    def element(self, n: int) -> str:
        """Heap ``n``'s element: read from the heaps built, or, for a certified quotient, from its period."""
        if n < len(self.heap_elements):
            return self.heap_elements[n]
        p = self.periodic
        if p is None:
            raise ValueError(f"{self.game}: heap {n} is past the heaps built ({self.heaps}) and the quotient is not "
                             "certified for every heap")
        return self.heap_elements[p.preperiod + (n - p.preperiod) % p.period]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Quotient:
        """From the JSON object of ``grundy quotient --json``."""
        return cls(
            game=d["game"],
            heaps=d["heaps"],
            order=d["order"],
            p_portion_size=d["p_portion_size"],
            generators=tuple((g["name"], g["heap"]) for g in d["generators"]),
            relations=tuple(d["relations"]),
            p_portion=tuple(d["p_portion"]),
            elements=tuple(d["elements"]),
            heap_elements=tuple(d["heap_elements"]),
            changes=tuple((c["heap"], c["order"]) for c in d["changes"]),
            same_from=d["same_from"],
            scope=d["scope"],
            periodic=None if d["periodic"] is None else QuotientPeriod.from_dict(d["periodic"]),
            no_certificate=d["no_certificate"],
            stopped=d["stopped"],
            partial=d.get("partial", False),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``grundy quotient --json``."""
        return {
            "game": self.game,
            "heaps": self.heaps,
            "order": self.order,
            "p_portion_size": self.p_portion_size,
            "generators": [{"name": n, "heap": h} for n, h in self.generators],
            "relations": list(self.relations),
            "p_portion": list(self.p_portion),
            "elements": list(self.elements),
            "heap_elements": list(self.heap_elements),
            "changes": [{"heap": h, "order": o} for h, o in self.changes],
            "same_from": self.same_from,
            "scope": self.scope,
            "periodic": None if self.periodic is None else self.periodic.to_dict(),
            "no_certificate": self.no_certificate,
            "stopped": self.stopped,
            "partial": self.partial,
        }
