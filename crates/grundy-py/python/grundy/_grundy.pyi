"""Type stubs of the native module `grundy._grundy` (the package `grundy` wraps it; use that)."""

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

__version__: str

# A position as the native module takes it: a command-line word (a str or an int) of a catalog game, or a position
# of a game defined in Python (an int, a tuple of ints).
Position = Union[int, Tuple[int, ...], str]

# The exception family, defined in grundy._errors and reachable from here under the same names.
from ._errors import CancelledError as CancelledError
from ._errors import GrundyError as GrundyError
from ._errors import InputError as InputError
from ._errors import LimitError as LimitError
from ._errors import LoopyError as LoopyError
from ._errors import UnsupportedError as UnsupportedError

class Splits:
    """As an item of a game's options: every way to leave `total` tokens as between `min_parts` and `max_parts`
    non-empty heaps (pairwise unequal when `distinct`), each way once, heaps in non-increasing order."""

    total: int
    max_parts: int
    min_parts: int
    distinct: bool
    def __init__(
        self, total: int, max_parts: Optional[int] = 2, min_parts: Optional[int] = 0, distinct: bool = False
    ) -> None: ...
    def ways(self) -> List[List[int]]:
        """Every way, as lists of heaps."""

class NativeGame:
    """A catalog game or a game defined in Python (wrapped by grundy.Game)."""

    @property
    def name(self) -> str: ...
    @property
    def is_heap(self) -> bool: ...
    @property
    def is_python(self) -> bool: ...
    @property
    def parameters(self) -> int: ...
    @property
    def position_syntax(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def tokens_on_graph(self) -> bool: ...
    def analyse(
        self,
        positions: Iterable[Position],
        play: str = "normal",
        max_heap: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
        outcome_only: bool = False,
    ) -> Dict[str, Any]: ...
    def scoring(self, positions: Iterable[Position]) -> Dict[str, Any]: ...
    def memo_nim_value(
        self,
        position: Position,
        max_seconds: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Optional[int]: ...
    def sequence(
        self, to: int, max_seconds: Optional[float] = None, max_memory: Optional[int] = None, numpy: bool = False
    ) -> Any: ...
    def period(
        self, to: Optional[int] = None, max_seconds: Optional[float] = None, max_memory: Optional[int] = None
    ) -> Dict[str, Any]: ...
    def table(
        self,
        rows: Tuple[int, int],
        cols: Optional[Tuple[int, int]] = None,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
        numpy: bool = False,
    ) -> Dict[str, Any]: ...
    def pattern(
        self,
        to: Optional[int] = None,
        rows: Optional[Tuple[int, int]] = None,
        cols: Optional[Tuple[int, int]] = None,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Dict[str, Any]: ...
    def misere(
        self,
        to: int,
        genus: bool = False,
        max_seconds: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
        numpy: bool = False,
    ) -> Any: ...

    def quotient(
        self,
        heaps: Optional[int] = None,
        max_order: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Dict[str, Any]: ...
    def plot(
        self,
        what: str,
        to: Optional[int] = None,
        rows: Optional[Tuple[int, int]] = None,
        cols: Optional[Tuple[int, int]] = None,
        position: Optional[List[str]] = None,
        misere: bool = False,
        rare: bool = False,
        width: Optional[int] = None,
        height: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> NativePicture: ...

class NativePicture:
    """A picture (the library's scene) and what it shows."""

    def svg(self) -> str: ...
    def png(self) -> bytes: ...
    def save(self, path: str) -> str: ...
    def summary(self) -> Optional[Dict[str, Any]]: ...

def table_picture(
    game: str,
    rows: Tuple[int, int],
    cols: Optional[Tuple[int, int]],
    values: List[List[Optional[int]]],
    p_positions: List[List[int]],
    width: Optional[int] = None,
    height: Optional[int] = None,
) -> NativePicture: ...
def lookup(spec: str) -> NativeGame: ...
def define(
    options: Callable[[Any], Iterable[Any]],
    name: str,
    heap: bool = False,
    components: Optional[Callable[[Any], Iterable[Any]]] = None,
    misere: bool = False,
) -> NativeGame: ...
def analyse_sum(
    parts: Iterable[Tuple[NativeGame, Iterable[Position]]],
    play: str = "normal",
    max_heap: Optional[int] = None,
    max_seconds: Optional[float] = None,
    max_positions: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Dict[str, Any]: ...
def catalog() -> List[Dict[str, Any]]: ...
def survey(
    family: Optional[str] = None,
    codes: Optional[List[str]] = None,
    to: Optional[int] = None,
    seconds: float = 60.0,
    max_memory: Optional[int] = None,
    threads: int = 1,
) -> List[Dict[str, Any]]: ...
def nim_mul(a: int, b: int) -> int:
    """The nim-product of a and b in the field of nimbers below 2^64."""

def nim_inv(a: int) -> int:
    """The nim-inverse of a (a != 0)."""

def nim_pow(a: int, k: int) -> int:
    """a nim-multiplied by itself k times (a^0 = 1)."""

def nim_sum(*values: int) -> int:
    """The nim-sum (XOR) of nimbers."""

def mex(values: Iterable[int]) -> int:
    """The least nimber not among values."""
