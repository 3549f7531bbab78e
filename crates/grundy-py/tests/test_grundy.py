"""Tests of the Python package: values against published sequences and brute force, every winning move checked to
lead to a P-position, errors as exceptions with the library's messages, limits, the GIL and Ctrl-C."""

import functools
import itertools
import os
import signal
import threading
import time

import pytest

import grundy

# Kayles (OEIS A002186), heaps 0..=20.
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
# Grundy's game (OEIS A002188), heaps 0..=20.
GRUNDYS = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]


def brute_heap_values(options, n_max):
    """Nim-values of heaps 0..=n_max by the definition: options(n) lists the options as lists of heaps."""

    @functools.lru_cache(maxsize=None)
    def g(n):
        seen = set()
        for opt in options(n):
            v = 0
            for h in opt:
                v ^= g(h)
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        return m

    return [g(n) for n in range(n_max + 1)]


def kayles_splits(n):
    return [grundy.splits(n - t) for t in (1, 2) if t <= n]


def kayles_lists(n):
    return [[a, n - t - a] for t in (1, 2) if t <= n for a in range((n - t) // 2 + 1)]


# ----- the catalog -----


def test_catalog_sequences_match_oeis():
    assert grundy.game("kayles").sequence(20) == KAYLES
    assert grundy.game("0.77").sequence(20) == KAYLES
    assert grundy.game("4!.0").sequence(20) == GRUNDYS
    assert grundy.game("nim").sequence(5) == [0, 1, 2, 3, 4, 5]


def test_catalog_listing():
    entries = grundy.games()
    names = [e.name for e in entries]
    assert "kayles" in names and "wythoff" in names
    kayles = entries[names.index("kayles")]
    assert kayles.kind == "heap" and kayles.spec == "0.77"
    sub = entries[names.index("subtraction")]
    assert sub.display_name == "subtraction:S" and sub.param == "S"


def test_kayles_period_is_certified():
    # Guy and Smith (1956): Kayles has preperiod 71 and period 12.
    p = grundy.game("kayles").period()
    assert (p.preperiod, p.period, p.saltus, p.certified) == (71, 12, 0, True)
    assert p.certificate == "the Guy-Smith periodicity theorem"
    assert set(p.to_dict()) == {"game", "preperiod", "period", "saltus", "certified", "certificate", "values_computed", "needed",
                      "stopped"}
    assert p.stopped is None and p.needed == 168 and p.values_computed >= 168


def test_lasker_period_is_only_observed():
    # Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (saltus 4), no certificate.
    p = grundy.game("lasker").period()
    assert (p.period, p.saltus) == (4, 4)


def test_sum_analysis_has_the_json_schema():
    # As in the library's test of the JSON schema (crates/grundy/src/sum.rs): Kayles 5, 7 and Nim 3.
    kayles, nim = grundy.game("kayles"), grundy.game("nim")
    # The result is a typed Analysis (issue 43); to_dict() is the JSON object of docs/json.md.
    a = grundy.analyse(kayles(5, 7), nim(3))
    assert isinstance(a, grundy.Analysis) and isinstance(a.winning_moves[0], grundy.Move)
    assert a.to_dict() == {
        "nim_value": 5,
        "outcome": "N",
        "parts": [
            {"game": "kayles", "position": "5", "nim_value": 4},
            {"game": "kayles", "position": "7", "nim_value": 2},
            {"game": "nim", "position": "3", "nim_value": 3},
        ],
        "winning_moves": [
            {
                "component": 0,
                "game": "kayles",
                "position": "5",
                "move": "take 1 from the heap of 5, leaving 4",
                "result": "4",
                "value_after": 1,
            }
        ],
        "winning_move_families": [],
        "unlisted_winning_moves": [],
        "winning_move_count": 1,
    }
    assert a.winning_moves[0].result == "4"
    with pytest.raises(AttributeError, match="no attribute 'nimvalue'"):
        a.nimvalue  # type: ignore[attr-defined]


def heaps_of(result):
    return [] if result in ("", "0") else [int(h) for h in result.split(" + ")]


@pytest.mark.parametrize("spec", ["kayles", "0.07", "4!.0", "lasker", "subtraction:1,3,4"])
def test_every_winning_move_leads_to_a_p_position(spec):
    g = grundy.game(spec)
    for heaps in [(5, 7), (10, 3, 6), (12,), (1, 2, 3), (20, 21)]:
        a = g.analyse(*heaps)
        assert a.outcome == ("P" if a.nim_value == 0 else "N")
        assert a.winning_move_count == len(a.winning_moves)
        for m in a.winning_moves:
            after = list(heaps)
            after[m.component : m.component + 1] = heaps_of(m.result)
            assert g.nim_value(*after) == 0 if after else True, (heaps, m)
            assert g.outcome(*after) == "P" if after else True


def test_board_games_and_nim_value():
    w = grundy.game("wythoff")
    assert w.outcome(3, 5) == "P"  # (3, 5) is a cold Wythoff pair
    a = w.analyse(3, 4)
    assert a.outcome == "N" and a.winning_moves[0].result == "1 2"
    assert w.nim_value(1, 2) == 0
    assert grundy.game("kayles").nim_value(5, 7) == 4 ^ 2


def test_scoring_game():
    g = grundy.game("fox-cards")
    with pytest.raises(grundy.UnsupportedError, match="scoring game, not impartial"):
        g.analyse(1, 2)
    # Two piles of one card (values 1 and 2): the middle cards of odd piles go largest first, Ciel then Jiro.
    r = g.scoring(1, 2)
    assert (r.impartial, r.game, r.ciel, r.jiro) == (False, "fox-cards", 2, 1)
    # One pile 1,2,3 (top to bottom): Ciel takes the top half and the middle card (1 + 2), Jiro the bottom (3).
    r = g.scoring("1,2,3")
    assert (r.ciel, r.jiro) == (3, 3) and "scores 3" in r.text
    with pytest.raises(grundy.UnsupportedError, match="not a scoring game"):
        grundy.game("kayles").scoring(3)


def test_misere():
    nim = grundy.game("nim")
    # Misère Nim (Bouton): heaps all of size at most 1 are a P-position exactly when their number is odd.
    assert nim.outcome(1, 1, misere=True) == "N"
    assert nim.outcome(1, 1, 1, misere=True) == "P"
    for heaps in [(1, 1), (2, 3), (1, 4, 5), (3, 3, 1)]:
        m = nim.analyse(*heaps, misere=True)
        assert (m.outcome == "N") == bool(m.winning_moves), heaps
        for mv in m.winning_moves:
            after = list(heaps)
            after[mv.component : mv.component + 1] = heaps_of(mv.result)
            assert nim.outcome(*(after or [0]), misere=True) == "P", (heaps, mv)
    # Kayles heap 5 has genus 4^146 (Winning Ways, ch. 13).
    genus = grundy.game("kayles").genus(6)
    assert genus[5].genus == "4^146" and genus[5].tame is False
    assert [h.heap for h in genus] == list(range(7))
    assert grundy.game("kayles").misere_sequence(4) == [h.misere_nim_value for h in genus[:5]]


def test_loopy_play():
    # 20.3 adds or removes one token; a heap of 1 can be emptied, leaving the terminal heap 0: an N-position.
    a = grundy.game("20.3").analyse(1, loopy=True, max_heap=50)
    assert (a.outcome, a.value.text, a.value.infinite) == ("N", "inf(0)", (0,))
    assert [(m.from_, m.to, m.value_after.text) for m in a.winning_moves] == [(1, 0, "0")]
    assert "at most 50 tokens" in a.note
    # Two positions that move to each other and nowhere else: perfect play never ends, a draw.
    cycle = grundy.define(lambda p: [1 - p] if p in (0, 1) else [], name="two-cycle")
    d = cycle.analyse(0, loopy=True)
    assert (d.outcome, d.winning_moves, d.drawing_moves[0].to) == ("D", (), 1)
    with pytest.raises(ValueError, match="loopy"):
        grundy.game("kayles").analyse(3, max_heap=5)


# ----- games defined in Python -----


def test_python_kayles_three_ways_agree_with_the_catalog():
    n = 300
    want = grundy.game("kayles").sequence(n)
    assert grundy.define(kayles_splits, heap=True).sequence(n) == want
    assert grundy.define(kayles_lists, heap=True).sequence(n) == want
    g = grundy.define(kayles_splits, heap=True, name="py-kayles")
    assert [g.nim_value(h) for h in range(n + 1)] == want
    assert g.name == "py-kayles" and g.is_heap and g.is_python


def test_python_grundys_game_with_distinct_splits():
    g = grundy.define(lambda n: [grundy.splits(n, min_parts=2, distinct=True)], heap=True)
    assert g.sequence(20) == GRUNDYS
    assert g.sequence(200) == grundy.game("4!.0").sequence(200)


def test_ranges_and_class_rules():
    class Nim:
        name = "class-nim"

        def options(self, n):
            return [range(n)]

    g = grundy.define(Nim(), heap=True)
    assert g.name == "class-nim"
    assert g.sequence(50) == list(range(51))
    # A stepped range: subtraction of odd amounts, from the top (the values are n mod 2).
    odd = grundy.define(lambda n: [range(n - 1, -1, -2)], heap=True)
    assert odd.sequence(9) == [n % 2 for n in range(10)]


def test_python_period_is_observed_not_certified():
    p = grundy.define(kayles_splits, heap=True).period(2048)
    assert (p.preperiod, p.period, p.certified, p.certificate) == (71, 12, False, None)


def test_python_game_in_a_sum_with_catalog_games():
    g = grundy.define(kayles_splits, heap=True, name="py-kayles")
    a = grundy.analyse(g(5, 7), grundy.game("nim")(3))
    assert a.nim_value == 5
    assert [(p.game, p.position, p.nim_value) for p in a.parts] == [
        ("py-kayles", "5", 4),
        ("py-kayles", "7", 2),
        ("nim", "3", 3),
    ]
    for m in a.winning_moves:
        assert m.value_after == [4, 2, 3][m.component] ^ 5


def test_tuple_positions_wythoff_in_python():
    def wythoff(p):
        a, b = p
        out = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
        out += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
        return out

    g = grundy.define(wythoff, name="py-wythoff")
    w = grundy.game("wythoff")
    for a, b in itertools.product(range(8), repeat=2):
        assert g.nim_value((a, b)) == w.nim_value(a, b), (a, b)
    an = g.analyse((3, 4))
    assert an.outcome == "N"
    assert [m.result for m in an.winning_moves] == ["(1, 2)"]
    assert g.outcome((3, 5)) == "P"
    assert g.outcome((3, 5), misere=True) in ("P", "N")


def test_components_split_a_position_into_a_sum():
    # A position is a tuple of Nim heaps: a move lowers one heap. Its components are the single heaps, so its value
    # is their nim-sum (the options are still those of the whole position: the moves shown are of the whole).
    def options(p):
        return [p[:i] + (h,) + p[i + 1 :] for i in range(len(p)) for h in range(p[i])]

    calls = []

    def components(p):
        calls.append(p)
        return [(h,) for h in p]

    g = grundy.define(options, components=components)
    assert g.nim_value((3, 5, 6)) == 3 ^ 5 ^ 6
    assert calls == [(3, 5, 6)]
    assert g.outcome((1, 2, 3)) == "P"
    a = g.analyse((1, 2, 4))
    assert a.nim_value == 7
    # Nim 1 + 2 + 4: the one winning move takes the heap of 4 to 3.
    assert [(m.value_after, m.result) for m in a.winning_moves] == [(0, "(1, 2, 3)")]


def test_components_that_return_the_position_itself_are_refused():
    # A tuple returned as it is would read as a sum of its numbers (a wrong value): only a list of positions of the
    # position's own kind is a split.
    def options(p):
        return [p[:i] + (h,) + p[i + 1 :] for i in range(len(p)) for h in range(p[i])]

    g = grundy.define(options, components=lambda p: p)
    with pytest.raises(ValueError, match="not a list of positions"):
        g.nim_value((3, 5))
    g = grundy.define(options, components=lambda p: list(p))
    with pytest.raises(ValueError, match="same kind"):
        g.nim_value((3, 5))
    g = grundy.define(options, components=lambda p: [p, p])
    with pytest.raises(ValueError, match="itself"):
        g.nim_value((3, 5))
    # [p] is the position alone: its value is the game's.
    assert grundy.define(options, components=lambda p: [p]).nim_value((3, 5)) == 3 ^ 5


def test_splits_ways_match_brute_force():
    def brute(total, lo, hi, distinct):
        out = set()
        for k in range(lo, hi + 1):
            for parts in itertools.product(range(1, total + 1), repeat=k):
                if sum(parts) == total and (not distinct or len(set(parts)) == k):
                    out.add(tuple(sorted(parts, reverse=True)))
        return out

    for total in range(0, 9):
        for lo in range(0, 4):
            for hi in range(lo, 4):
                for distinct in (False, True):
                    ways = grundy.splits(total, hi, lo, distinct).ways()
                    assert len(ways) == len(set(map(tuple, ways)))
                    assert set(map(tuple, ways)) == brute(total, lo, hi, distinct), (total, lo, hi, distinct)


def test_too_many_splits_are_refused_before_any_work():
    # 5 * 10^17 ways into two heaps, and about 10^35 into three: refused at once, not after enumerating 50 million.
    for args in ((10**18,), (10**18, 3, 3), (10**5, 3, 3, True)):
        start = time.monotonic()
        with pytest.raises(grundy.LimitError, match="ways") as e:
            grundy.splits(*args).ways()
        assert (e.value.budget, e.value.limit) == (None, None)  # a fixed bound: no argument raises it
        assert time.monotonic() - start < 1.0, args
    assert len(grundy.splits(1000, 3, 3).ways()) == (1000 * 1000 + 6) // 12


def test_python_games_against_brute_force():
    # 0.137 (Dawson's Chess) as explicit lists, compared with the definition evaluated in Python.
    def dawson(n):
        out = []
        if n >= 1 and n == 1:
            out.append([])
        if n >= 2:
            out.append([n - 2])
        if n >= 3:
            out += [[a, n - 3 - a] for a in range(1, (n - 3) // 2 + 1)]
            out.append([n - 3])
        if n == 3:
            out.append([])
        return out

    want = brute_heap_values(dawson, 60)
    assert grundy.define(dawson, heap=True).sequence(60) == want
    assert grundy.game("0.137").sequence(60) == want


# ----- errors -----


def test_errors_carry_the_library_messages():
    with pytest.raises(ValueError, match=r"^unknown game 'nope' \(see 'grundy games'"):
        grundy.game("nope")
    with pytest.raises(ValueError, match="expected a non-negative integer, found 'x'"):
        grundy.game("kayles").analyse("x")
    with pytest.raises(ValueError, match="0 has no inverse"):
        grundy.nim_inv(0)
    with pytest.raises(ValueError, match="expected an int from 0 to 2"):
        grundy.nim_mul(-1, 2)
    with pytest.raises(ValueError, match="found a bool"):
        grundy.nim_mul(True, 2)
    with pytest.raises(ValueError, match="not heaps"):
        grundy.game("wythoff").sequence(5)
    with pytest.raises(ValueError, match="max_seconds"):
        grundy.game("kayles").analyse(5, max_seconds=-1)
    with pytest.raises(ValueError, match="min_parts"):
        grundy.splits(5, 2, 3)


def test_exceptions_in_python_rules_propagate_and_the_game_recovers():
    calls = []

    def flaky(n):
        calls.append(n)
        if n == 7 and len(calls) < 20:
            raise ZeroDivisionError("boom at 7")
        return kayles_splits(n)

    g = grundy.define(flaky, heap=True)
    with pytest.raises(ZeroDivisionError, match="boom at 7"):
        g.nim_value(10)
    # The exception ended that search before any value from it was stored: later values are right.
    calls.extend(range(30))
    assert [g.nim_value(n) for n in range(21)] == KAYLES
    with pytest.raises(ZeroDivisionError):
        grundy.define(lambda n: 1 // 0, heap=True).sequence(5)


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError, match="options are sums of smaller heaps"):
        grundy.define(lambda n: [n], heap=True).sequence(3)
    with pytest.raises(ValueError, match="a position of a heap game is a heap size"):
        grundy.define(lambda n: ["x"], heap=True).nim_value(3)
    with pytest.raises(ValueError, match="not an iterable of options"):
        grundy.define(lambda n: 5, heap=True).nim_value(3)
    with pytest.raises(ValueError, match="a position is an int or a tuple of ints"):
        grundy.define(lambda p: [1.5]).nim_value(3)
    with pytest.raises(ValueError, match="define: give a function"):
        grundy.define(42)


def test_cycles_are_loopy_errors():
    g = grundy.define(lambda p: [1 - p] if p in (0, 1) else [], name="two-cycle")
    with pytest.raises(grundy.LoopyError, match="reached from itself"):
        g.nim_value(0)
    assert issubclass(grundy.LoopyError, ValueError)


def test_limits_are_limit_errors():
    chain = grundy.define(lambda n: [n - 1] if n > 0 else [], name="chain")
    # Messages name the keyword argument to raise, not the command line's flag.
    with pytest.raises(grundy.LimitError, match=r"positions, the limit \(raise it with max_positions=\)$") as e:
        chain.nim_value(100_000, max_positions=1000)
    # The budget that stopped the work, as data: the keyword argument that raises it, and its value.
    assert (e.value.budget, e.value.limit) == ("max_positions", 1000)
    assert chain.nim_value(100_000) == 0  # the memo survives a limit
    # Cram on a 5x7 board is a long search (6x6 is answered at once by the mirror strategy): the deadline ends it.
    t = time.perf_counter()
    with pytest.raises(grundy.LimitError, match=r"^the call took longer than its time limit of 0\.3 s \(raise it with max_seconds=\)$") as e:
        grundy.game("cram").nim_value("5x7", max_seconds=0.3)
    assert (e.value.budget, e.value.limit) == ("max_seconds", 0.3)
    assert time.perf_counter() - t < 5
    with pytest.raises(grundy.LimitError, match="time limit"):
        chain.nim_value(10**7, max_seconds=0.2)
    assert not issubclass(grundy.LimitError, ValueError)


def test_messages_name_keyword_arguments_not_command_line_flags():
    # The library's errors carry their remedies as data; here they are worded as keyword arguments (the command
    # line says --max-memory, --loopy, ...), and text the caller gave is quoted unchanged.
    cases = [
        (grundy.LimitError, r"over the limit of 1\.0 MiB \(raise it with max_memory=\)$",
         lambda: grundy.game("kayles").sequence(10**9, max_memory=1 << 20)),
        (grundy.LimitError, r"while listing the moves of a sum \(raise it with max_positions=\)$",
         lambda: grundy.game("kayles").analyse(30, 31, 32, 33, 34, 35, 36, misere=True, max_positions=100)),
        (grundy.LoopyError, r"^20\.3: moves of this code can add tokens, so positions can repeat "
                            r"\(analyse it with loopy=True\)$",
         lambda: grundy.game("20.3").analyse(1)),
        (ValueError, r"^20\.3: heap size \(at most the largest heap, 50\): 60 is too large.*\(raise max_heap=\)$",
         lambda: grundy.game("20.3").analyse(60, loopy=True, max_heap=50)),
        (ValueError, r"is played misère by its own rules already \(the last mover loses\) \(leave out misere=True\)$",
         lambda: grundy.game("candy-piles").analyse(1, 3, misere=True)),
        (ValueError, r"^unknown game '--loopy'", lambda: grundy.game("--loopy")),
    ]
    for kind, pattern, call in cases:
        with pytest.raises(kind, match=pattern) as e:
            call()
        assert "--" not in str(e.value) or "'--loopy'" in str(e.value), str(e.value)


# ----- nimbers -----


def test_nimber_arithmetic():
    # The nim-multiplication table of 0..3 (the field of four elements).
    table = [[grundy.nim_mul(a, b) for b in range(4)] for a in range(4)]
    assert table == [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    assert grundy.nim_mul(16, 16) == 24  # Fermat 2-powers: F ⊗ F = 3F/2
    for a in [1, 2, 7, 255, 2**32 + 5, 2**64 - 1]:
        assert grundy.nim_mul(a, grundy.nim_inv(a)) == 1
        assert grundy.nim_pow(a, 3) == grundy.nim_mul(a, grundy.nim_mul(a, a))
    assert grundy.nim_pow(5, 0) == 1
    assert grundy.nim_sum(1, 2, 3) == 0 and grundy.nim_sum() == 0
    assert grundy.mex([0, 1, 3]) == 2 and grundy.mex([]) == 0


def test_numpy_arrays():
    np = pytest.importorskip("numpy")
    a = grundy.game("kayles").sequence(20, numpy=True)
    assert isinstance(a, np.ndarray) and a.dtype == np.uint64
    assert a.tolist() == KAYLES


# ----- the GIL and Ctrl-C -----


def test_long_native_calls_release_the_gil():
    window = {}

    def work():
        window["start"] = time.perf_counter()
        try:
            grundy.game("cram").nim_value("5x7", max_seconds=0.6)
        except grundy.LimitError:
            pass
        window["end"] = time.perf_counter()

    t = threading.Thread(target=work)
    stamps = []
    t.start()
    while t.is_alive():
        stamps.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    inside = [s for s in stamps if window["start"] + 0.05 < s < window["end"] - 0.05]
    # With the GIL held for the whole call this thread could not run at all meanwhile.
    assert len(inside) > 50, len(inside)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to itself")
@pytest.mark.parametrize("which", ["native", "python"])
def test_ctrl_c_interrupts_a_long_call(which, ctrl_c_raises):
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    t = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            if which == "native":
                grundy.game("cram").nim_value("5x7", max_seconds=4)
            else:
                grundy.define(lambda n: [n - 1] if n > 0 else [], name="chain").nim_value(10**7, max_seconds=30)
    finally:
        timer.cancel()
    # Well before the time limit: the interrupt, not the deadline, ended the call.
    assert time.perf_counter() - t < 3


def test_the_package_docstring_examples_run():
    import doctest

    failed, attempted = doctest.testmod(grundy, verbose=False)
    assert attempted >= 8 and failed == 0


def _wythoff_brute(n):
    """Wythoff's nim-values on an n x n board by the mex of the definition."""
    g = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {g[a - k][b] for k in range(1, a + 1)}
            seen |= {g[a][b - k] for k in range(1, b + 1)}
            seen |= {g[a - k][b - k] for k in range(1, min(a, b) + 1)}
            v = 0
            while v in seen:
                v += 1
            g[a][b] = v
    return g


def test_table_of_a_two_parameter_game_equals_the_mex_rule():
    t = grundy.game("wythoff").table((0, 11), (0, 11))
    assert t.parameters == 2 and t.rows.last == 11 and t.cols is not None and t.cols.last == 11
    assert [list(r) for r in t.values] == _wythoff_brute(12)
    assert (0, 0) in t.p_positions and (3, 5) in t.p_positions and (5, 3) in t.p_positions
    assert all(t[a, b] == 0 for a, b in t.p_positions)


def test_table_of_a_heap_game_and_of_a_python_game():
    assert [row[0] for row in grundy.game("kayles").table((0, 9)).values] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
    sub = grundy.define(lambda n: [n - t for t in (1, 3, 4) if t <= n], heap=True, name="s134")
    t = sub.table((0, 13))
    assert [t[n] for n in range(14)] == [0, 1, 0, 1, 2, 3, 2] * 2
    assert t.p_positions == ((0,), (2,), (7,), (9,))
    with pytest.raises(ValueError):
        grundy.game("kayles").table((0, 5), (0, 5))


def test_pattern_certified_for_a_code_and_observed_for_a_python_game():
    p = grundy.game("subtraction:1,3,4").pattern()
    periodic = [r for r in p.rules if r.kind == "periodic"][0]
    assert (periodic.preperiod, periodic.period, periodic.certified) == (0, 7, True)
    sub = grundy.define(lambda n: [n - t for t in (1, 3, 4) if t <= n], heap=True, name="s134")
    q = sub.pattern(to=200)
    periodic = [r for r in q.rules if r.kind == "periodic"][0]
    assert (periodic.preperiod, periodic.period, periodic.certified) == (0, 7, False)


def test_pattern_of_wythoff_finds_the_golden_beatty_pairs():
    p = grundy.game("wythoff").pattern(rows=(0, 40), cols=(0, 40))
    kinds = {r.kind for r in p.rules}
    assert "symmetric" in kinds
    assert any("φ" in r.statement or "golden" in r.statement for r in p.rules), [r.statement for r in p.rules]
    with pytest.raises(ValueError):
        grundy.game("wythoff").pattern(to=10)


def test_chomp_values_of_the_release_build_equal_a_brute_force():
    # The wheel is a release build (opt-level 3, LTO): this walks the Chomp dense search there, where an earlier
    # form of its odometer gave wrong values in release builds only (crates/grundy/src/games/chomp/dense.rs).
    # Every sub-diagram of the 5x6 rectangle (462 positions) against a memoised mex over Young diagrams.
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def brute(rows):
        opts = set()
        for i, length in enumerate(rows):
            for j in range(length):
                if i == 0 and j == 0:
                    continue  # the poisoned square: eating it loses, so it is no move
                after = tuple(x if k < i else min(x, j) for k, x in enumerate(rows))
                opts.add(brute(tuple(x for x in after if x > 0)))
        v = 0
        while v in opts:
            v += 1
        return v

    g = grundy.game("chomp")
    seen = 0

    def walk(prefix, bound, rows_left):
        nonlocal seen
        if prefix:
            assert g.nim_value(*prefix) == brute(tuple(prefix)), prefix
            seen += 1
        if rows_left == 0:
            return
        for length in range(1, bound + 1):
            walk(prefix + [length], length, rows_left - 1)

    walk([], 6, 5)
    assert seen == 461  # C(11, 5) sub-diagrams, less the empty one
    assert g.nim_value(7, 7, 7, 7, 7, 7) == 28


# ----- one game, one answer: the Python statement of each corpus game against the catalog's and a brute force -----


def brute_misere_wins(options, heaps, memo):
    """Misère: whether the player to move wins the sum of ``heaps`` (no theory: a sum with no move is won by the
    player to move, who cannot move)."""
    key = tuple(sorted(h for h in heaps if h > 0))
    if key in memo:
        return memo[key]
    moved = False
    win = False
    for i, h in enumerate(key):
        for opt in options(h):
            moved = True
            rest = list(key[:i]) + list(key[i + 1:]) + [x for x in opt if x > 0]
            if not brute_misere_wins(options, rest, memo):
                win = True
                break
        if win:
            break
    memo[key] = win or not moved
    return memo[key]


def _ref_two(r):
    return [[x for x in (a, r - a) if x > 0] for a in range(r // 2 + 1)]


CORPUS = [
    # (catalog spec, Python options as grundy.define reads them, the reference options as lists of heaps, max heap)
    ("kayles", kayles_splits, lambda n: [o for t in (1, 2) if t <= n for o in _ref_two(n - t)], 9),
    ("dawsons-kayles", lambda n: [grundy.splits(n - 2)] if n >= 2 else [],
     lambda n: _ref_two(n - 2) if n >= 2 else [], 10),
    ("subtraction:1,2,5", lambda n: [n - t for t in (1, 2, 5) if t <= n],
     lambda n: [[n - t] if n > t else [] for t in (1, 2, 5) if t <= n], 12),
    ("subtraction:1,3,4", lambda n: [n - t for t in (1, 3, 4) if t <= n],
     lambda n: [[n - t] if n > t else [] for t in (1, 3, 4) if t <= n], 12),
    ("grundys-game", lambda n: [[a, n - a] for a in range(1, n) if a < n - a],
     lambda n: [[a, n - a] for a in range(1, n) if a < n - a], 11),
    ("nim", lambda n: range(n), lambda n: [[h] if h else [] for h in range(n)], 7),
]


def _sums(max_heap):
    import random

    rng = random.Random(max_heap)
    out = [(0,), (1,), (max_heap,)]
    while len(out) < 16:
        out.append(tuple(rng.randrange(max_heap + 1) for _ in range(rng.randrange(1, 4))))
    return out


def _after(heaps, mv):
    rest = list(heaps)
    rest[mv.component : mv.component + 1] = heaps_of(mv.result)
    return sorted(h for h in rest if h > 0)


@pytest.mark.parametrize("spec,py_options,ref,max_heap", CORPUS, ids=[c[0] for c in CORPUS])
def test_the_python_statement_gives_the_catalogs_answers(spec, py_options, ref, max_heap):
    catalog = grundy.game(spec)
    mine = grundy.define(py_options, heap=True, name="mine")
    assert mine.sequence(30) == catalog.sequence(30) == brute_heap_values(ref, 30)
    assert mine.misere_sequence(12) == catalog.misere_sequence(12)
    memo = {}
    for heaps in _sums(max_heap):
        a, b = mine.analyse(*heaps), catalog.analyse(*heaps)
        assert (a.nim_value, a.outcome) == (b.nim_value, b.outcome), heaps
        assert sorted(_after(heaps, m) for m in a.winning_moves) == sorted(_after(heaps, m) for m in b.winning_moves)
        m, c = mine.analyse(*heaps, misere=True), catalog.analyse(*heaps, misere=True)
        truth = "N" if brute_misere_wins(ref, heaps, memo) else "P"
        assert m.outcome == c.outcome == truth, (heaps, m.method, c.method)
        wins = sorted(
            sorted(h for h in heaps[:i] + heaps[i + 1:] + tuple(o) if h > 0)
            for i, h in enumerate(heaps)
            for o in ref(h)
            if not brute_misere_wins(ref, list(heaps[:i]) + list(heaps[i + 1:]) + list(o), memo)
        )
        assert sorted(_after(heaps, mv) for mv in m.winning_moves) == wins, (heaps, m.method)


def test_a_splitting_python_game_is_not_valued_by_the_sj_theorem():
    # Issue 39's reproducer: the README's Kayles defined in Python, misère heap 8 is N (exact search agrees), not P
    # by the SJ theorem, which needs a game no move of which splits a heap.
    k = grundy.define(kayles_splits, heap=True, name="my-kayles")
    memo = {}
    ref = CORPUS[0][2]
    for heaps in [(8,), (9,), (1, 5)]:
        m = k.analyse(*heaps, misere=True)
        assert "SJ" not in m.method, m.method
        assert m.outcome == ("N" if brute_misere_wins(ref, heaps, memo) else "P"), heaps
    # The game that splits only some heaps: the SJ theorem is not applied where a reachable heap splits.
    def some_split(n):
        return ([n - 1] if n else []) + [[a, n - t - a] for t in (0, 1) for a in range(1, (n - t) // 2 + 1)]

    g = grundy.define(some_split, heap=True, name="g")
    assert g.analyse(5, misere=True).outcome == "N"


def test_a_python_game_played_misere_by_its_own_rules():
    # S(1, 2, 5) whose rules say the last mover loses: answered under misère play, without misere=True.
    g = grundy.define(lambda n: [n - t for t in (1, 2, 5) if t <= n], heap=True, name="mis125", play="misere")
    ref = CORPUS[2][2]
    memo = {}
    for heaps in [(1,), (3,), (6,), (7,), (1, 1, 1), (3, 9)]:
        a = g.analyse(*heaps)
        assert a.play == "misere"
        assert a.outcome == ("N" if brute_misere_wins(ref, heaps, memo) else "P"), heaps
    with pytest.raises(grundy.UnsupportedError):
        g.analyse(1, misere=True)
    with pytest.raises(ValueError):
        grundy.define(lambda n: [], play="loser")


def test_outcome_of_a_python_game_alone_is_a_win_loss_search():
    """Game.outcome asks only the outcome: Fibonacci Nim defined in Python is settled by a win-loss search, with the
    catalog's outcome at every n <= 40, calling the function for fewer positions than its nim-value needs; a sum and
    misère play are answered as analyse answers them."""
    calls = [0]

    def fib(p):
        calls[0] += 1
        n, m = p
        return [(n - k, min(2 * k, n - k)) for k in range(1, min(m, n) + 1)]

    catalog = grundy.game("fibonacci-nim")
    for n in range(2, 41):
        g = grundy.define(fib, name="fibnim")
        assert g.outcome((n, n - 1)) == catalog.outcome(n, n - 1), n
    calls[0] = 0
    assert grundy.define(fib, name="fibnim").outcome((300, 299)) == "N"
    searched = calls[0]
    calls[0] = 0
    whole = grundy.define(fib, name="fibnim").analyse((300, 299))
    assert whole.outcome == "N" and whole.nim_value == 16
    assert searched * 5 < calls[0], (searched, calls[0])
    g = grundy.define(fib, name="fibnim")
    assert g.outcome((5, 4), (8, 7)) == g.analyse((5, 4), (8, 7)).outcome
    assert g.outcome((5, 4), misere=True) == g.analyse((5, 4), misere=True).outcome
