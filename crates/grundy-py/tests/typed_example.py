"""A typed use of the package, checked by `mypy --strict` (tests/test_api.py) and run as a test."""

from typing import List, Optional, Tuple

import grundy


def cold_pairs(n: int) -> List[Tuple[int, int]]:
    """The P-positions (a, b), a <= b < n, of Wythoff's game."""
    wythoff = grundy.game("wythoff")
    out: List[Tuple[int, int]] = []
    for a in range(n):
        for b in range(a, n):
            if wythoff.outcome((a, b)) == "P":
                out.append((a, b))
    return out


def first_winning_move(spec: str, heaps: List[int]) -> Optional[str]:
    a = grundy.game(spec).analyse(heaps)
    if not isinstance(a, grundy.Analysis):
        return None
    moves: Tuple[grundy.Move, ...] = a.winning_moves
    value: Optional[int] = a.nim_value
    assert value is None or value >= 0
    return moves[0].result if moves else None


def kayles_values(n: int) -> Tuple[List[int], int]:
    """The list of Kayles' nim-values to heap n, and the largest of them from the numpy array."""
    kayles = grundy.game("kayles")
    values: List[int] = kayles.sequence(n)
    array = kayles.sequence(n, numpy=True)
    return values, int(array.max())


def budget_of(call_seconds: float) -> Optional[str]:
    try:
        grundy.game("cram").nim_value("5x7", max_seconds=call_seconds)
    except grundy.LimitError as e:
        return e.budget
    except grundy.GrundyError:
        return "other"
    return None


def main() -> None:
    assert cold_pairs(6) == [(0, 0), (1, 2), (3, 5)]
    assert first_winning_move("kayles", [5, 7]) == "1 + 3"
    assert budget_of(0.2) == "max_seconds"
    assert kayles_values(12) == ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4], 6)


if __name__ == "__main__":
    main()
