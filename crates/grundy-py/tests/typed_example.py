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


def period_of(spec: str) -> Tuple[Optional[int], Optional[int], bool]:
    p: grundy.Period = grundy.game(spec).period()
    return p.preperiod, p.period, p.certified


def wythoff_table_p_positions(n: int) -> List[Tuple[int, ...]]:
    t: grundy.Table = grundy.game("wythoff").table((0, n - 1), (0, n - 1))
    assert t.cols is not None and len(t.cols) == n
    return [p for p in t.p_positions if t[p[0], p[1]] == 0]


def certified_rules(spec: str) -> List[str]:
    rules: Tuple[grundy.Rule, ...] = grundy.game(spec).pattern().rules
    return [r.kind for r in rules if r.certified]


def loopy_outcome() -> str:
    a = grundy.game("loopy-graph").analyse(([(0, 1), (1, 0)], 0), loopy=True)
    assert isinstance(a, grundy.LoopyAnalysis)
    v: grundy.LoopyValue = a.value
    return a.outcome + ":" + v.text


def genera(n: int) -> List[str]:
    return [g.genus for g in grundy.game("kayles").genus(n)]


def main() -> None:
    assert cold_pairs(6) == [(0, 0), (1, 2), (3, 5)]
    assert first_winning_move("kayles", [5, 7]) == "1 + 3"
    assert budget_of(0.2) == "max_seconds"
    assert kayles_values(12) == ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4], 6)
    assert period_of("kayles") == (71, 12, True)
    assert wythoff_table_p_positions(6) == [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]
    assert "periodic" in certified_rules("subtraction:1,3,4")
    assert loopy_outcome() == "D:inf()"
    assert genera(5)[5] == "4^146"


if __name__ == "__main__":
    main()
