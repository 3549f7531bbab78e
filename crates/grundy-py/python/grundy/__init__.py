"""grundy: exact nim-values, outcomes and winning moves of impartial combinatorial games.

Two players alternate and have the same moves; under normal play whoever cannot move loses. Every position has a
nim-value (Sprague-Grundy theory); it is a P-position (the player who just moved wins) exactly when its value is 0,
and a sum of games has the XOR (nim-sum) of the parts' values. This package is the Rust library ``grundy`` (the
engine behind the ``grundy`` command) as Python values.

Catalog games and take-and-break codes::

    >>> import grundy
    >>> kayles = grundy.game("kayles")
    >>> kayles.sequence(12)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    >>> p = kayles.period()
    >>> (p.preperiod, p.period, p.certified)
    (71, 12, True)
    >>> a = grundy.analyse(kayles([5, 7]), grundy.game("nim")(3))
    >>> a.nim_value, a.outcome, a.winning_moves[0].move
    (5, 'N', 'take 1 from the heap of 5, leaving 4')

A position is a typed value: a heap an ``int``, a sum of heaps a list, a pair a tuple, a board a string::

    >>> kayles.analyse([5, 7]).nim_value
    6
    >>> w = grundy.game("wythoff").analyse((3, 4))
    >>> w.outcome, w.winning_moves[0]
    ('N', Move(component=0, game='wythoff', position='3 4', move='take 2 from both heaps, leaving 1 2', result='1 2', value_after=0))
    >>> w.winning_moves[0].to_dict()["result"]
    '1 2'

Games defined in Python: a function giving a position's options (see :func:`define`)::

    >>> def kayles_rules(n):
    ...     return [grundy.splits(n - t) for t in (1, 2) if t <= n]
    >>> k = grundy.define(kayles_rules, heap=True, name="my-kayles")
    >>> k.sequence(12) == kayles.sequence(12)
    True

Results are frozen, typed objects (:class:`Analysis`, :class:`Period`, :class:`Table`, :class:`Pattern`, ...)
whose ``to_dict()`` is the command line's ``--json`` object (docs/json.md). Errors are one family under :class:`GrundyError`, with the command line's one-line
messages in this API's words (a message names the keyword argument, ``max_seconds=``, where the command line names
its flag, ``--max-seconds``): :class:`InputError` for bad input (also a ``ValueError``), :class:`LimitError` when a
limit (``max_seconds``, ``max_positions``, ``max_memory``) was reached (its ``budget`` is the keyword argument that
raises it and ``limit`` the value given, both ``None`` for a fixed bound of the library), :class:`LoopyError` and
:class:`UnsupportedError` (both also ``ValueError``), :class:`CancelledError` for work the library stopped (Ctrl-C
stays a ``KeyboardInterrupt``)::

    >>> try:
    ...     grundy.game("no-such-game")
    ... except grundy.GrundyError as e:
    ...     print(type(e).__name__, isinstance(e, ValueError))
    InputError True
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union, overload

from . import _grundy
from ._pictures import Picture
from ._errors import CancelledError, GrundyError, InputError, LimitError, LoopyError, UnsupportedError
from . import _results
from ._results import *  # noqa: F401,F403 (the typed results: _results.__all__)
from ._grundy import Splits, mex, nim_inv, nim_mul, nim_pow, nim_sum

if TYPE_CHECKING:
    # (Aliases: `numpy` is also the name of sequence()'s keyword argument.)
    import numpy as _np
    import numpy.typing as _npt

__version__ = _grundy.__version__

__all__ = [
    *_results.__all__,
    "Game",
    "Part",
    "Picture",
    "Splits",
    "GrundyError",
    "InputError",
    "LimitError",
    "LoopyError",
    "UnsupportedError",
    "CancelledError",
    "analyse",
    "define",
    "game",
    "games",
    "mex",
    "nim_inv",
    "nim_mul",
    "nim_pow",
    "nim_sum",
    "splits",
    "survey",
]

#: A position: a heap is an ``int``, a sum of heaps a list (or tuple) of ints; a position of a game of pairs
#: (Wythoff, E&D, cutting) a ``tuple`` of two ints, a sum of them a list of tuples; a board a ``str`` (``"3x4"``, or
#: its rows) or a list of row strings; a game defined in Python takes its own positions (an int or a tuple of ints,
#: a list of them for a sum). A graph (``node-kayles``, ``arc-kayles``) is a list of edges ``(x, y)`` or a
#: ``networkx.Graph`` with whole-number nodes; tokens on a digraph (``graph``, ``loopy-graph``) a tuple ``(edges,
#: tokens)``, the edges a list of ``(x, y)`` (from x to y) or a ``networkx.DiGraph``, the tokens a node or a list of
#: nodes. A ``str`` is read as command-line words (split as a shell splits them), the fallback for every catalog
#: game.
Position = Union[int, str, Tuple[Any, ...], Sequence[Any]]

#: A position as the native module takes it: a command-line word of a catalog game, or a position of a game
#: defined in Python (an int or a tuple of ints).
NativePosition = Union[int, Tuple[int, ...], str]


def _short(value: Any) -> str:
    r = repr(value)
    return r if len(r) <= 60 else r[:57] + "..."


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _pairs(native: _grundy.NativeGame) -> bool:
    """Whether a position of this catalog game is two numbers, a sum being several of them (Wythoff, E&D,
    cutting)."""
    syntax = native.position_syntax
    return native.parameters == 2 and (syntax.startswith("WxH") or "[" in syntax)


def _rectangle(native: _grundy.NativeGame) -> bool:
    """Whether a tuple of two numbers is a board of that size (``(3, 4)`` is ``"3x4"``): Chomp, Cram, cutting."""
    return native.parameters == 2 and native.position_syntax.startswith(("RxC", "WxH"))


def _expected(native: _grundy.NativeGame) -> str:
    if native.is_heap:
        return "an int (a heap) or a list of ints (a sum of heaps)"
    if _pairs(native):
        return "a tuple of two ints such as (3, 5), or a list of such tuples (a sum)"
    if _rectangle(native):
        return f"a tuple of two ints (the board's size), or a str of command-line words ({native.position_syntax})"
    return f"a str of command-line words ({native.position_syntax})"


def _pair_words(native: _grundy.NativeGame, t: Any) -> List[str]:
    if not isinstance(t, (tuple, list)) or len(t) != 2 or not all(_is_int(x) for x in t):
        raise TypeError(f"{native.name}: a position is a tuple of two ints such as (3, 5), not {_short(t)}")
    a, b = t
    if _rectangle(native):
        return [f"{a}x{b}"]
    return [str(a), str(b)]


def _is_networkx(g: Any) -> bool:
    return callable(getattr(g, "is_directed", None)) and hasattr(g, "edges") and hasattr(g, "nodes")


def _graph_words(native: _grundy.NativeGame, g: Any) -> List[str]:
    """A graph as the library's inline word (``edges:0-1,1-2``, ``edges:0>1`` for a digraph), and for a networkx
    graph whose nodes are not exactly ``0..n-1`` the nodes in play after it (the induced subgraph). Nodes are
    whole numbers; a node on no edge is listed alone."""
    directed = native.tokens_on_graph
    joint = ">" if directed else "-"
    if _is_networkx(g):
        if bool(g.is_directed()) != directed:
            kind = "a directed graph (networkx.DiGraph)" if directed else "an undirected graph (networkx.Graph)"
            raise TypeError(f"{native.name}: the graph is {kind}")
        nodes = list(g.nodes)
        edges = list(g.edges)
    elif isinstance(g, (list, tuple)):
        nodes, edges = [], list(g)
    else:
        raise TypeError(f"{native.name}: a graph is a list of edges (x, y) or a networkx graph, not {_short(g)}")
    for e in edges:
        if not (isinstance(e, tuple) and len(e) == 2):
            raise TypeError(f"{native.name}: an edge is a tuple of two node numbers, not {_short(e)}")
    for v in [*nodes, *(x for e in edges for x in e)]:
        if not _is_int(v) or v < 0:
            raise TypeError(f"{native.name}: a node is a whole number, not {_short(v)}")
    if not edges and not nodes:
        raise InputError(f"{native.name}: the graph has no nodes")
    on_edges = {x for e in edges for x in e}
    top = max([*nodes, *on_edges])
    items = [f"{x}{joint}{y}" for x, y in edges]
    if nodes:
        # Every number below the largest is named (alone when on no edge); the nodes in play follow the word when
        # they are not all of them.
        items += [str(v) for v in range(top + 1) if v not in on_edges]
        if len(set(nodes)) != top + 1:
            return ["edges:" + ",".join(items), *(str(v) for v in sorted(nodes))]
    return ["edges:" + ",".join(items)]


def _catalog_words(native: _grundy.NativeGame, p: Any) -> List[str]:
    """A typed position of a catalog game as the command-line words the library reads, decided by the game's
    catalog facts (a heap game, how many numbers name a position, its position syntax, a graph game)."""
    if isinstance(p, str):
        try:
            return shlex.split(p)
        except ValueError as e:
            raise InputError(f"{native.name}: {_short(p)} cannot be read as command-line words: {e}") from None
    if native.kind == "graph":
        if native.tokens_on_graph:
            if not (isinstance(p, tuple) and len(p) == 2):
                raise TypeError(f"{native.name}: a position is a tuple (graph, tokens): the graph a list of edges "
                                f"(x, y) or a networkx.DiGraph, the tokens a node or a list of nodes, not {_short(p)}")
            graph, tokens = p
            tokens = [tokens] if _is_int(tokens) else list(tokens)
            if not tokens or not all(_is_int(t) for t in tokens):
                raise TypeError(f"{native.name}: the tokens are a node number or a non-empty list of them, "
                                f"not {_short(p[1])}")
            return [*_graph_words(native, graph), *(str(t) for t in tokens)]
        return _graph_words(native, p)
    if _is_int(p):
        if _pairs(native):
            raise TypeError(f"{native.name}: a position is {_expected(native)}, not {_short(p)}")
        return [str(p)]
    if isinstance(p, tuple) and (_pairs(native) or _rectangle(native)):
        return _pair_words(native, p)
    if isinstance(p, (tuple, list)):
        if _pairs(native) and isinstance(p, list):
            return [w for t in p for w in _pair_words(native, t)]
        words = []
        for x in p:
            if _is_int(x) or (isinstance(x, str) and not native.is_heap):
                words.append(str(x))
            else:
                raise TypeError(f"{native.name}: a position is {_expected(native)}; {_short(x)} in {_short(p)} "
                                f"is not {'an int' if native.is_heap else 'an int or a str'}")
        return words
    raise TypeError(f"{native.name}: a position is {_expected(native)}, not {_short(p)}")


def _positions(native: _grundy.NativeGame, args: Tuple[Any, ...]) -> List[NativePosition]:
    """The positions a call gives, as the native module takes them. One argument is a typed position
    (:data:`Position`); several are the old form, kept: command-line words for a catalog game
    (``kayles.analyse(5, 7)``, ``wythoff.analyse(3, 5)``), one position each for a game defined in Python."""
    if len(args) != 1:
        return list(args)
    p = args[0]
    if native.is_python:
        if isinstance(p, list) or (native.is_heap and isinstance(p, tuple)):
            return list(p)
        return [p]
    return list(_catalog_words(native, p))


#: The analysis of a position: under normal play, misère play or loopy play.
AnyAnalysis = Union[Analysis, MisereAnalysis, LoopyAnalysis]


def _analysis(d: Any) -> AnyAnalysis:
    """The native analysis as its typed result: an :class:`Analysis` under normal play, a :class:`MisereAnalysis`
    under misère play (``"play": "misere"``), a :class:`LoopyAnalysis` under loopy play (``drawing_moves``)."""
    if d.get("play") == "misere":
        return MisereAnalysis.from_dict(d)
    if "drawing_moves" in d:
        return LoopyAnalysis.from_dict(d)
    return Analysis.from_dict(d)


def _play(misere: bool, loopy: bool) -> str:
    if misere and loopy:
        raise UnsupportedError("misère play of loopy games is not supported: give misere=True or loopy=True, not both")
    return "misere" if misere else "loopy" if loopy else "normal"


class Part:
    """Positions of one game, as a part of a sum: made by calling a game, ``kayles([5, 7])`` (or ``kayles(5, 7)``).
    ``positions`` holds them as the native module takes them (command-line words for a catalog game)."""

    __slots__ = ("game", "positions")

    def __init__(self, game: "Game", positions: Sequence[NativePosition]) -> None:
        self.game = game
        self.positions = list(positions)

    def __repr__(self) -> str:
        return f"{self.game.name}{tuple(self.positions)!r}"


class Game:
    """A game: from the catalog (:func:`game`) or defined in Python (:func:`define`).

    The game is looked up once: its calls run on the game kept by the native module. A position is one typed
    value (:data:`Position`): ``kayles.analyse(5)`` (a heap), ``kayles.analyse([5, 7])`` (a sum of two heaps),
    ``wythoff.analyse((3, 5))`` (a pair), ``cutting.analyse([(3, 5), (2, 2)])`` (a sum of rectangles),
    ``cram.analyse("3x4")`` (a board); a ``str`` is read as command-line words, the fallback for any catalog game
    (``wythoff.analyse("3 5")``). A value of the wrong shape is a ``TypeError`` that says what the game takes.

    The older form with several arguments is kept: command-line words for a catalog game
    (``kayles.analyse(5, 7)`` is two Kayles rows, ``wythoff.analyse(3, 5)`` one Wythoff position), and one position
    per argument for a game defined in Python.
    """

    __slots__ = ("_native",)

    def __init__(self, native: _grundy.NativeGame) -> None:
        self._native = native

    @property
    def name(self) -> str:
        """The game's name, as in results."""
        return self._native.name

    @property
    def is_heap(self) -> bool:
        """True when positions are heap sizes (the game has a sequence and a period)."""
        return self._native.is_heap

    @property
    def is_python(self) -> bool:
        """True for a game defined in Python."""
        return self._native.is_python

    def __repr__(self) -> str:
        return repr(self._native)

    @property
    def kind(self) -> str:
        """The catalog's kind of game: ``heap``, ``board`` (positions named by other words: boards, pairs),
        ``graph`` (``node-kayles``, ``arc-kayles``: a position is a graph; ``graph``, ``loopy-graph``: a graph and
        tokens on it) or ``scoring``."""
        return self._native.kind

    @property
    def parameters(self) -> int:
        """How many whole numbers name a position in a table: 1 for a heap game, 2 for a game of pairs or
        rectangles (Wythoff, E&D, cutting, Chomp, Cram), 0 otherwise."""
        return self._native.parameters

    @property
    def position_syntax(self) -> str:
        """A position written as command-line words (``HEAP...``, ``A B [A B]...``): what a ``str`` position
        says."""
        return self._native.position_syntax

    def __call__(self, *position: Position) -> Part:
        """This position as a part of a sum, for :func:`analyse`: ``grundy.analyse(kayles([5, 7]), nim(3))``."""
        return Part(self, _positions(self._native, position))

    def analyse(
        self,
        *positions: Position,
        misere: bool = False,
        loopy: bool = False,
        max_heap: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> AnyAnalysis:
        """The analysis of a position (or a sum): under normal play an :class:`Analysis` (``nim_value``,
        ``outcome``, ``parts``, ``winning_moves`` as :class:`Move` objects, ...; ``to_dict()`` is the object of
        ``grundy value ... --json``). With ``misere=True`` (or for a game played misère by its own rules) the misère
        analysis, a :class:`MisereAnalysis`; with ``loopy=True`` (codes that add tokens, on heaps up to
        ``max_heap``, default 1000; graphs with cycles) the loopy one, a :class:`LoopyAnalysis`."""
        return _analysis(
            self._native.analyse(
                _positions(self._native, positions),
                play=_play(misere, loopy),
                max_heap=max_heap,
                max_seconds=max_seconds,
                max_positions=max_positions,
                max_memory=max_memory,
            )
        )

    value = analyse

    def nim_value(self, *position: Position, max_seconds: Optional[float] = None,
                  max_positions: Optional[int] = None) -> Optional[int]:
        """The nim-value of a position (for a catalog game: of the positions these words write, their nim-sum).
        ``None`` for a position whose outcome is known by rule but not its nim-value. A game defined in Python
        keeps one memo for all its ``nim_value`` calls."""
        p = position[0] if len(position) == 1 else None
        one_position = isinstance(p, int) or (isinstance(p, tuple) and not self._native.is_heap)
        if self._native.is_python and isinstance(p, (int, tuple)) and one_position:
            return self._native.memo_nim_value(p, max_seconds=max_seconds, max_positions=max_positions)
        a = self.analyse(*position, max_seconds=max_seconds, max_positions=max_positions)
        if isinstance(a, MisereAnalysis):
            raise UnsupportedError(f"{self.name} is played misère by its own rules (the last mover loses), so its "
                                   "positions have no normal-play nim-value: see outcome() or analyse()")
        if isinstance(a, LoopyAnalysis):
            raise UnsupportedError(f"{self.name}: a loopy position has a generalised value, not a nim-value: see "
                                   "analyse(..., loopy=True)")
        return a.nim_value

    def outcome(self, *positions: Position, misere: bool = False, loopy: bool = False,
                **limits: Any) -> Literal["P", "N", "D"]:
        """``'P'`` (the player to move loses), ``'N'`` (the player to move wins) or, in loopy games, ``'D'`` (a
        draw). Only the outcome is asked: under normal play a position standing alone whose nim-value no formula
        gives (a game defined in Python, a rules script) is settled by a win-loss search that stops at its first
        move to a P-position, so a game defined in Python is called for fewer positions than its nim-value needs
        (``grundy value --outcome``)."""
        if misere or loopy:
            return self.analyse(*positions, misere=misere, loopy=loopy, **limits).outcome
        return _analysis(
            self._native.analyse(_positions(self._native, positions), play="normal", outcome_only=True, **limits)
        ).outcome

    def winning_moves(self, *positions: Position, misere: bool = False, loopy: bool = False,
                      **limits: Any) -> Sequence[Union[Move, MisereMove, LoopyMove]]:
        """Every winning move listed one by one (huge heaps may also have families of moves: see
        :meth:`analyse`)."""
        return self.analyse(*positions, misere=misere, loopy=loopy, **limits).winning_moves

    def scoring(self, *position: Position) -> Scoring:
        """The answer of a scoring game (``fox-cards``: not impartial, so it has no nim-value): a :class:`Scoring`
        with the game's named integers (best-play scores) and ``text``, the answer for people."""
        return Scoring.from_dict(self._native.scoring(_positions(self._native, position)))

    @overload
    def sequence(self, to: int, *, numpy: Literal[False] = False, max_seconds: Optional[float] = None,
                 max_memory: Optional[int] = None) -> List[int]: ...

    @overload
    def sequence(self, to: int, *, numpy: Literal[True], max_seconds: Optional[float] = None,
                 max_memory: Optional[int] = None) -> _npt.NDArray[_np.uint64]: ...

    def sequence(self, to: int, *, numpy: bool = False, max_seconds: Optional[float] = None,
                 max_memory: Optional[int] = None) -> Union[List[int], _npt.NDArray[_np.uint64]]:
        """The nim-values of heaps ``0..=to`` (a heap game), by the cheapest exact method (closed form, certified
        period, the sparse-space or plain engine): a list, or with ``numpy=True`` a numpy ``uint64`` array made
        on the Rust side (the library's vector itself, no Python int per value; numpy must be installed)."""
        if numpy:
            import numpy as np  # noqa: F401 (a clear ImportError here when numpy is missing)

        values: Union[List[int], _npt.NDArray[_np.uint64]] = self._native.sequence(
            to, max_seconds=max_seconds, max_memory=max_memory, numpy=numpy
        )
        return values

    def period(self, to: Optional[int] = None, *, max_seconds: Optional[float] = None,
               max_memory: Optional[int] = None) -> Period:
        """Preperiod, period and saltus of the nim-values, a :class:`Period` (``grundy period --json``):
        ``certified`` is True only when a theorem proves the pattern for every heap (the Guy-Smith theorem, the
        subtraction-game certificate or a closed form), and ``stopped`` says why a search stopped short. The values
        are computed to heap ``to`` at most (default: 4194304 for
        codes a certificate covers, 16384 otherwise). A game defined in Python is never certified: its period is
        only observed."""
        return Period.from_dict(self._native.period(to, max_seconds=max_seconds, max_memory=max_memory))

    def table(self, rows: Tuple[int, int], cols: Optional[Tuple[int, int]] = None, *, numpy: bool = False,
              max_seconds: Optional[float] = None, max_memory: Optional[int] = None) -> Table:
        """The nim-values over a range, a :class:`Table` (``grundy table --json``): ``rows`` is ``(first, last)``,
        both included (the heaps of a heap game, the ``a`` of ``G(a, b)``), ``cols`` likewise for a game whose
        positions are two numbers (Wythoff, cutting, E&D, ...). ``t.values`` holds the values row by row, ``t[a,
        b]`` one of them, ``t.p_positions`` the P-positions. With ``numpy=True``, ``values`` is a 2-D numpy
        ``uint64`` array made on the Rust side (one column for a one-parameter game), a masked array (``numpy.ma``)
        where some numbers name no position."""
        if numpy:
            import numpy as np  # noqa: F401 (a clear ImportError here when numpy is missing)

        return Table.from_dict(
            self._native.table(rows, cols, max_seconds=max_seconds, max_memory=max_memory, numpy=numpy)
        )

    def pattern(self, to: Optional[int] = None, *, rows: Optional[Tuple[int, int]] = None,
                cols: Optional[Tuple[int, int]] = None, max_seconds: Optional[float] = None,
                max_memory: Optional[int] = None) -> Pattern:
        """The rules read off the game's table, a :class:`Pattern` (``grundy pattern --json``): each
        :class:`Rule` says whether a theorem certifies it or on what range it was observed. ``to`` for a one-parameter game, ``rows``/``cols`` for a
        two-parameter one (default ``(0, 19)`` each)."""
        return Pattern.from_dict(self._native.pattern(to, rows, cols, max_seconds=max_seconds, max_memory=max_memory))

    def plot(
        self,
        path: Optional[str] = None,
        *,
        to: Optional[int] = None,
        rows: Optional[Tuple[int, int]] = None,
        cols: Optional[Tuple[int, int]] = None,
        position: Optional[Position] = None,
        misere: bool = False,
        rare: bool = False,
        width: Optional[int] = None,
        height: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Picture:
        """A picture, as ``grundy plot`` draws it, shown inline in a notebook and written to ``path`` (PNG or SVG
        by its extension) when given: with ``to=N`` the scatter of the nim-values of heaps ``0..=N`` (a game of one
        number), the period marked (``misere=True``: misère nim-values; ``rare=True``: the rare values of the
        sparse-space split coloured); for a game of two numbers the heatmap of the table over ``rows`` and ``cols``
        (default ``(0, 31)`` each, less for a search game); with ``position`` a Cram or Chomp board (``"3x4"``, its
        rows) drawn as its cells, with its nim-value."""
        words: Optional[List[str]] = None
        if position is not None:
            what, words = "board", [str(w) for w in _positions(self._native, (position,))]
        elif self._native.parameters == 2 or rows is not None or cols is not None:
            what = "table"
        else:
            what = "sequence"
            if to is None:
                raise InputError(f"{self.name}: a sequence's picture needs to=N (the last heap drawn)")
        pic = Picture(self._native.plot(what, to=to, rows=rows, cols=cols, position=words, misere=misere, rare=rare,
                                        width=width, height=height, max_seconds=max_seconds,
                                        max_positions=max_positions, max_memory=max_memory))
        if path is not None:
            pic.save(path)
        return pic

    def quotient(self, heaps: Optional[int] = None, *, max_order: Optional[int] = None,
                 max_seconds: Optional[float] = None, max_memory: Optional[int] = None) -> Quotient:
        """The misère quotient of a heap game (``grundy quotient``), a :class:`Quotient`: built to ``heaps``, or,
        without, grown heap by heap until the periodicity certificate holds for an octal code (then
        ``q.certified``: the quotient of every heap), to heap 40 for another game. Shares the command line's cache,
        where ``analyse(..., misere=True)`` finds it for sums of huge heaps."""
        return Quotient.from_dict(self._native.quotient(heaps, max_order=max_order, max_seconds=max_seconds,
                                                        max_memory=max_memory))

    def misere_sequence(self, to: int, *, numpy: bool = False, max_seconds: Optional[float] = None,
                        max_positions: Optional[int] = None, max_memory: Optional[int] = None) -> Union[List[int], _npt.NDArray[_np.uint64]]:
        """Misère nim-values of heaps ``0..=to`` (1 for a heap with no move): a list, or with ``numpy=True`` a
        numpy ``uint64`` array made on the Rust side."""
        if numpy:
            import numpy as np  # noqa: F401 (a clear ImportError here when numpy is missing)

        values: Union[List[int], _npt.NDArray[_np.uint64]] = self._native.misere(
            to, genus=False, max_seconds=max_seconds, max_positions=max_positions, max_memory=max_memory, numpy=numpy
        )
        return values

    def genus(self, to: int, *, max_seconds: Optional[float] = None, max_positions: Optional[int] = None,
              max_memory: Optional[int] = None) -> List[Genus]:
        """The genus of heaps ``0..=to``: one :class:`Genus` per heap, with ``genus`` in CGSuite's notation
        (``4^146``), ``nim_value``, ``misere_nim_value`` and ``tame``."""
        genera = self._native.misere(to, genus=True, max_seconds=max_seconds, max_positions=max_positions,
                                     max_memory=max_memory)
        return [Genus.from_dict(g) for g in genera]


def game(spec: str) -> Game:
    """A game of the catalog by name (``kayles``, ``lasker``, ``wythoff``, ``subtraction:1,3,4``) or a
    take-and-break code (``0.77``, ``4!.0``): see :func:`games`. An unknown name is a ``ValueError``."""
    if not isinstance(spec, str):
        raise TypeError(f"a game is named by a string such as 'kayles' or '0.77', not {spec!r}")
    return Game(_grundy.lookup(spec))


def games() -> List[CatalogEntry]:
    """The catalog: one :class:`CatalogEntry` per game with ``name``, ``display_name``, ``aliases``, ``param``,
    ``kind`` (``heap``, ``board``, ``graph`` or ``scoring``), ``spec`` and ``summary``."""
    return [CatalogEntry.from_dict(e) for e in _grundy.catalog()]


def survey(
    family: Optional[str] = None,
    *,
    codes: Optional[Iterable[str]] = None,
    to: Optional[int] = None,
    seconds: float = 60.0,
    max_memory: Optional[int] = None,
    threads: int = 1,
) -> List[SurveyRecord]:
    """A survey of the periods of every code of a family (``"0.dd"``, ``"0.ddd"``, ``"octal:K"``,
    ``"subtraction:SIZE,MAX"``: see ``grundy sweep --help``) or of a list of codes (``codes=["0.07", "0.137"]``;
    with a family too, every code must be one of its codes), as ``grundy sweep``: one :class:`SurveyRecord` per
    code, in the family's order, each code searched for at most ``seconds`` (and up to heap ``to`` when given).
    A certified record's period is proved by a theorem; an open one says why it stopped. ``pandas.DataFrame``
    reads the list directly. The work runs with the GIL released; Ctrl-C stops it before the next code."""
    if isinstance(codes, str):
        raise TypeError("survey: codes is a list of codes, not one string")
    native = _grundy.survey(family, None if codes is None else list(codes), to=to, seconds=seconds,
                            max_memory=max_memory, threads=threads)
    return [SurveyRecord.from_dict(r) for r in native]


def splits(total: int, max_parts: int = 2, min_parts: int = 0, distinct: bool = False) -> Splits:
    """As an item of a game's options: every way to leave ``total`` tokens as between ``min_parts`` and
    ``max_parts`` non-empty heaps (pairwise unequal when ``distinct``), each way once, enumerated natively.
    ``splits(n - t)`` is every Kayles-like move that takes ``t`` and leaves the rest as 0, 1 or 2 heaps;
    ``splits(n, min_parts=2, distinct=True)`` is Grundy's game. ``list(s.ways())`` shows them."""
    return Splits(total, max_parts, min_parts, distinct)


def define(
    rules: Any,
    *,
    name: Optional[str] = None,
    heap: bool = False,
    components: Optional[Callable[[Any], Iterable[Any]]] = None,
    play: Literal["normal", "misere"] = "normal",
) -> Game:
    """A game defined in Python, analysed like any catalog game and memoised natively.

    ``rules`` is a function from a position to its options, or an object with an ``options`` method (and
    optionally ``components`` and ``name``). Positions are ints (with ``heap=True``: heap sizes from 0, and the game
    has a sequence, a period and misère genera) or tuples of ints. Each item the options function returns is:

    - a position: an option with one component;
    - a list of positions: an option that is their sum (a split heap: ``[a, b]``; ``[]`` leaves nothing);
    - a ``range``: one option per number in it (``range(n)`` is every Nim move of a heap of ``n``), read natively;
    - :func:`splits`: every way to leave a total as a sum of heaps, enumerated natively.

    ``components(position)``, when given, returns a ``list`` of the independent positions a position is the sum of
    (a row with gaps is a sum of rows; ``[position]`` when it does not split), each of the position's own kind: its value is then the nim-sum of theirs. The options function must still answer for
    whole positions (winning moves are moves of the whole). Exceptions raised by the functions end the analysis
    with that exception; a position that can be reached from itself is a :class:`LoopyError` (use ``loopy=True``).

    ``play="misere"`` states that the game's own rules are misère (the last mover loses, as a rules script's
    ``const PLAY = "misere"``): its positions are then answered under misère play without ``misere=True`` (which is
    refused on top of it), and it has no normal-play nim-values.

    Facts a theorem needs are read off the options, never assumed: whether a move splits a heap (the SJ theorem and
    misère Nim's rule need that none does) is read from the options of the heaps a sum reaches.
    """
    options = rules
    if not callable(rules):
        options = getattr(rules, "options", None)
        if not callable(options):
            raise InputError("define: give a function from a position to its options, or an object with an "
                             "options method")
        if components is None:
            components = getattr(rules, "components", None)
        if name is None:
            name = getattr(rules, "name", None) or type(rules).__name__
    if name is None:
        name = getattr(rules, "__name__", None) or "python-game"
    if not isinstance(name, str):
        raise InputError(f"define: name is a string, not {name!r}")
    if components is not None and not callable(components):
        raise InputError("define: components is a function from a position to its components")
    if play not in ("normal", "misere"):
        raise InputError(f"define: play is 'normal' or 'misere' (the game's own convention), not {play!r}")
    return Game(_grundy.define(options, name, heap=bool(heap), components=components, misere=play == "misere"))


def analyse(
    *parts: Part,
    misere: bool = False,
    loopy: bool = False,
    max_heap: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_positions: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> AnyAnalysis:
    """The analysis of a sum of positions of several games: ``grundy.analyse(kayles([5, 7]), nim(3))``. See
    :meth:`Game.analyse` for the result; long calls on catalog games release the GIL, and Ctrl-C interrupts."""
    native = []
    for p in parts:
        if not isinstance(p, Part):
            raise InputError(f"a part of a sum is made by calling a game, as kayles(5, 7), not {p!r}")
        native.append((p.game._native, p.positions))
    return _analysis(
        _grundy.analyse_sum(
            native,
            play=_play(misere, loopy),
            max_heap=max_heap,
            max_seconds=max_seconds,
            max_positions=max_positions,
            max_memory=max_memory,
        )
    )
