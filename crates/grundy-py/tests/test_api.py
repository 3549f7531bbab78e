"""Tests of the package's Python shape (issue 43): one exception family, a game object that keeps its game, typed
positions."""

import pytest

import grundy
from grundy import _grundy

# ----- one exception family -----


def test_every_error_is_a_grundy_error():
    assert issubclass(grundy.InputError, grundy.GrundyError) and issubclass(grundy.InputError, ValueError)
    assert issubclass(grundy.LimitError, grundy.GrundyError) and not issubclass(grundy.LimitError, ValueError)
    for kind in (grundy.LoopyError, grundy.UnsupportedError):
        assert issubclass(kind, grundy.GrundyError) and issubclass(kind, ValueError)
    assert issubclass(grundy.CancelledError, grundy.GrundyError)
    assert not issubclass(grundy.CancelledError, KeyboardInterrupt)
    # The old names stay importable, from the package and from the native module, as the same classes.
    assert _grundy.LimitError is grundy.LimitError and _grundy.LoopyError is grundy.LoopyError
    assert _grundy.UnsupportedError is grundy.UnsupportedError and _grundy.GrundyError is grundy.GrundyError


@pytest.mark.parametrize(
    "kind, call",
    [
        (grundy.InputError, lambda: grundy.game("nope")),
        (grundy.InputError, lambda: grundy.game("kayles").analyse("x")),
        (grundy.InputError, lambda: grundy.nim_inv(0)),
        (grundy.InputError, lambda: grundy.game("kayles").analyse(5, max_seconds=-1)),
        (grundy.InputError, lambda: grundy.splits(5, 2, 3)),
        (grundy.InputError, lambda: grundy.define(lambda n: ["x"], heap=True).nim_value(3)),
        (grundy.LimitError, lambda: grundy.game("kayles").sequence(10**9, max_memory=1 << 20)),
        (grundy.LoopyError, lambda: grundy.game("20.3").analyse(1)),
        (grundy.UnsupportedError, lambda: grundy.game("wythoff").sequence(5)),
        (grundy.UnsupportedError, lambda: grundy.game("kayles").analyse(3, misere=True, loopy=True)),
    ],
)
def test_each_kind_of_error_is_caught_as_grundy_error(kind, call):
    with pytest.raises(grundy.GrundyError) as e:
        call()
    assert type(e.value) is kind, (type(e.value), str(e.value))
    assert "\n" not in str(e.value) and "--" not in str(e.value)


def test_limit_remedies_are_worded_from_the_budget():
    # Each budget's remedy names its keyword argument, and the error carries the budget and its value as data.
    chain = grundy.define(lambda n: [n - 1] if n > 0 else [], name="chain")
    cases = [
        (lambda: chain.nim_value(100_000, max_positions=1000), "max_positions", 1000),
        (lambda: grundy.game("kayles").sequence(10**9, max_memory=1 << 20), "max_memory", 1 << 20),
        (lambda: grundy.game("cram").nim_value("5x7", max_seconds=0.2), "max_seconds", 0.2),
    ]
    for call, budget, limit in cases:
        with pytest.raises(grundy.LimitError) as e:
            call()
        assert (e.value.budget, e.value.limit) == (budget, limit)
        assert str(e.value).endswith(f"(raise it with {budget}=)"), str(e.value)
        assert str(e.value).count(budget) == 1, str(e.value)


def test_a_limit_error_can_be_made_and_raised_from_python():
    e = grundy.LimitError("over", "max_seconds", 2.5)
    assert (str(e), e.budget, e.limit) == ("over", "max_seconds", 2.5)
    assert grundy.LimitError("fixed bound").budget is None


# ----- a game object that keeps its game, typed positions -----


def test_the_examples_of_the_issue():
    a = grundy.game("wythoff").analyse((3, 5))
    assert (a.outcome, a.nim_value) == ("P", 0)
    a = grundy.game("kayles").analyse([5, 7])
    assert (a.nim_value, [p.position for p in a.parts]) == (4 ^ 2, ["5", "7"])


def test_typed_positions_are_the_command_line_words():
    kayles, wythoff = grundy.game("kayles"), grundy.game("wythoff")
    # A heap, a sum of heaps (list or tuple), and the same as the old form and as words.
    assert kayles.analyse(5) == kayles.analyse("5")
    assert kayles.analyse([5, 7]) == kayles.analyse((5, 7)) == kayles.analyse(5, 7) == kayles.analyse("5 7")
    # A pair; a sum of pairs; the old form; words.
    assert wythoff.analyse((3, 4)) == wythoff.analyse(3, 4) == wythoff.analyse("3 4")
    assert wythoff.analyse([(3, 5), (1, 2)]) == wythoff.analyse(3, 5, 1, 2)
    assert wythoff.nim_value((1, 2)) == 0
    assert grundy.game("ed").analyse((2, 3)) == grundy.game("ed").analyse("2 3")
    # Rectangles and boards: a tuple is "AxB", a str is read as words.
    cutting = grundy.game("cutting")
    assert cutting.analyse((3, 5)) == cutting.analyse("3x5")
    assert cutting.analyse([(3, 5), (2, 2)]) == cutting.analyse("3x5 2x2")
    cram = grundy.game("cram")
    assert cram.analyse((2, 3)) == cram.analyse("2x3")
    assert cram.nim_value("2x3") == cram.nim_value((2, 3))
    assert kayles([5, 7]).positions == ["5", "7"]
    assert grundy.analyse(kayles([5, 7]), grundy.game("nim")(3)).nim_value == 5


def test_typed_positions_of_games_defined_in_python():
    nim = grundy.define(lambda n: range(n), heap=True, name="my-nim")
    assert nim.analyse([1, 2, 3]).nim_value == 0 and nim.analyse((1, 2)).nim_value == 3
    assert nim.nim_value(5) == 5 and nim.nim_value([5, 1]) == 4

    def pairs(p):
        a, b = p
        return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    g = grundy.define(pairs, name="pairs")
    # One token that steps towards (0, 0): its value is the parity of a + b.
    assert g.analyse((1, 2)).nim_value == 1 and g.nim_value((1, 2)) == 1
    assert g.analyse([(1, 0), (0, 1)]).nim_value == 0


@pytest.mark.parametrize(
    "spec, position, kind, message",
    [
        ("kayles", 2.5, TypeError, r"^kayles: a position is an int \(a heap\) or a list of ints"),
        ("kayles", True, TypeError, r"^kayles: a position is an int"),
        ("kayles", [5, "7"], TypeError, r"^kayles: .*'7' in \[5, '7'\] is not an int$"),
        ("kayles", {5: 7}, TypeError, r"^kayles: a position is"),
        ("wythoff", 5, TypeError, r"^wythoff: a position is a tuple of two ints such as \(3, 5\)"),
        ("wythoff", (1, 2, 3), TypeError, r"^wythoff: a position is a tuple of two ints such as \(3, 5\), not \(1, 2, 3\)$"),
        ("wythoff", [(1, 2), 3], TypeError, r"^wythoff: a position is a tuple of two ints"),
        ("cutting", (3, "x"), TypeError, r"^cutting: a position is a tuple of two ints"),
        ("kayles", -1, grundy.InputError, r"-1"),
        ("kayles", "5 'x", grundy.InputError, r"^kayles: \"5 'x\" cannot be read as command-line words: No closing quotation$"),
    ],
)
def test_a_position_of_the_wrong_shape_is_a_one_line_error(spec, position, kind, message):
    with pytest.raises(kind, match=message) as e:
        grundy.game(spec).analyse(position)
    assert "\n" not in str(e.value)


def test_game_facts():
    assert grundy.game("wythoff").parameters == 2 and grundy.game("kayles").parameters == 1
    assert grundy.game("wythoff").position_syntax == "A B [A B]..."
    with pytest.raises(TypeError, match="a game is named by a string"):
        grundy.game(5)  # type: ignore[arg-type]


def test_a_game_keeps_its_game_across_calls_and_threads():
    import threading

    kayles = grundy.game("kayles")
    want = [kayles.nim_value(n) for n in range(30)]
    out = {}

    def work(i):
        out[i] = [kayles.nim_value(n) for n in range(30)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(v == want for v in out.values()) and len(out) == 4


# ----- typed results -----


@pytest.mark.parametrize(
    "spec, position",
    [("kayles", [5, 7]), ("wythoff", (3, 4)), ("kayles", 10**12), ("cram", "3x4"), ("fibonacci-nim", 10**6),
     ("nim", [1, 2, 3])],
)
def test_to_dict_is_the_json_of_the_native_analysis(spec, position):
    g = grundy.game(spec)
    a = g.analyse(position)
    assert isinstance(a, grundy.Analysis)
    native = g._native.analyse(grundy._positions(g._native, (position,)))
    assert a.to_dict() == native
    assert grundy.Analysis.from_dict(a.to_dict()) == a


def test_results_are_frozen_values_with_a_repr():
    import dataclasses

    a = grundy.game("kayles").analyse([5, 7])
    b = grundy.game("kayles").analyse((5, 7))
    assert a == b and hash(a) == hash(b) and a != grundy.game("kayles").analyse(5)
    assert repr(a).startswith("Analysis(nim_value=6, outcome='N', parts=(PartValue(game='kayles', position='5'")
    m = a.winning_moves[0]
    assert m == grundy.Move(component=0, game="kayles", position="5", move=m.move, result="1 + 3", value_after=2)
    assert m.to_dict() == {"component": 0, "game": "kayles", "position": "5", "move": m.move, "result": "1 + 3",
                           "value_after": 2}
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.nim_value = 0  # type: ignore[misc]
    for cls in (grundy.Analysis, grundy.Move, grundy.PartValue, grundy.MoveFamily, grundy.UnlistedMoves):
        assert cls.__doc__ and len(cls.__doc__) > 40


def test_huge_heaps_have_move_families_and_a_large_count():
    a = grundy.game("kayles").analyse(10**12)
    assert a.winning_move_count == 83333333338 and len(a.winning_move_families) == 2
    f = a.winning_move_families[0]
    assert (f.take, f.first, f.step, f.count) == (2, 73, 12, 41666666661)
    assert a.winning_move_count == len(a.winning_moves) + sum(f.count for f in a.winning_move_families)
    big = grundy.Analysis(nim_value=1, outcome="N", parts=(), winning_moves=(), winning_move_count=2**70)
    assert big.to_dict()["winning_move_count"] == str(2**70)
    assert grundy.Analysis.from_dict(big.to_dict()).winning_move_count == 2**70


@pytest.mark.parametrize("spec, position", [("kayles", [5, 7]), ("nim", [1, 1, 1]), ("candy-piles", "3 1")])
def test_misere_analyses_are_typed(spec, position):
    g = grundy.game(spec)
    own = spec == "candy-piles"
    m = g.analyse(position, misere=not own)
    assert isinstance(m, grundy.MisereAnalysis) and m.play == "misere"
    native = g._native.analyse(grundy._positions(g._native, (position,)), play="normal" if own else "misere")
    assert m.to_dict() == native and grundy.MisereAnalysis.from_dict(native) == m
    assert all(isinstance(p, grundy.MiserePart) for p in m.parts)
    assert all(isinstance(w, grundy.MisereMove) for w in m.winning_moves)
    assert (m.outcome == "N") == bool(m.winning_moves)


def test_kayles_5_misere_has_its_genus():
    m = grundy.game("kayles").analyse([5, 7], misere=True)
    assert isinstance(m, grundy.MisereAnalysis)
    assert [(p.genus, p.tame) for p in m.parts] == [("4^146", False), ("2^20", False)]


def test_a_game_misere_by_its_own_rules_has_no_nim_value():
    with pytest.raises(grundy.UnsupportedError, match="^candy-piles is played misère by its own rules"):
        grundy.game("candy-piles").nim_value([1, 3])
    assert grundy.game("candy-piles").outcome([1, 3]) == "N"


def test_loopy_analyses_are_typed():
    d = grundy.game("20.3").analyse(1, loopy=True, max_heap=50)
    assert isinstance(d, grundy.LoopyAnalysis) and isinstance(d.value, grundy.LoopyValue)
    assert d.to_dict() == grundy._grundy.lookup("20.3").analyse([1], play="loopy", max_heap=50)
    # Its note says the heap bound, and names no command line flag.
    assert "at most 50 tokens" in d.note and "--" not in d.note, d.note


def test_the_typed_example_runs_and_passes_mypy_strict():
    import os
    import subprocess
    import sys

    pytest.importorskip("numpy")  # (the example asks for an array)
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    try:
        import typed_example
    finally:
        sys.path.remove(here)
    typed_example.main()
    pytest.importorskip("mypy")
    # The example, and the package's own sources (its annotations and stubs) when the tests run from a checkout.
    paths = [os.path.join(here, "typed_example.py")]
    source = os.path.join(here, "..", "python", "grundy")
    if os.path.isdir(source):
        paths.append(source)
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, *paths],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


# ----- numpy -----


def test_numpy_sequences_are_made_on_the_rust_side():
    np = pytest.importorskip("numpy")
    for spec in ("kayles", "0.137", "subtraction:1,3,4"):
        g = grundy.game(spec)
        a = g.sequence(2000, numpy=True)
        assert isinstance(a, np.ndarray) and a.dtype == np.uint64 and a.shape == (2001,)
        assert a.tolist() == g.sequence(2000)
        # The array owns the library's vector (its base is the container of the Rust data), not a copy of a list.
        assert a.base is not None and not isinstance(a.base, np.ndarray)
    mine = grundy.define(lambda n: range(n), heap=True, name="my-nim")
    assert mine.sequence(10, numpy=True).tolist() == list(range(11))
    with pytest.raises(grundy.UnsupportedError, match="not heaps"):
        grundy.game("wythoff").sequence(5, numpy=True)


@pytest.mark.skipif(__import__("os").name != "posix", reason="sends SIGINT to itself")
def test_after_ctrl_c_the_kept_game_answers_at_once(ctrl_c_raises):
    import os
    import signal
    import threading
    import time

    cram = grundy.game("cram")
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cram.nim_value("5x7", max_seconds=4)
    finally:
        timer.cancel()
    # The interrupted computation still runs on its worker, which is not reused: the next call starts another.
    t = time.perf_counter()
    assert cram.nim_value((2, 3)) == cram.nim_value("2x3")
    assert time.perf_counter() - t < 1


# ----- packaging -----


def test_the_installed_wheel_declares_its_license_and_pythons():
    from importlib import metadata

    m = metadata.metadata("grundy")
    assert m["License-Expression"] == "MIT OR Apache-2.0"  # PEP 639
    assert m["Requires-Python"] == ">=3.10"
    assert not [c for c in m.get_all("Classifier") or [] if c.startswith("License ::")]


def test_numpy_tables_are_2d_arrays():
    np = pytest.importorskip("numpy")
    w = grundy.game("wythoff")
    t, a = w.table((0, 9), (0, 7)), w.table((0, 9), (0, 7), numpy=True)
    v = a.values
    assert isinstance(v, np.ndarray) and not isinstance(v, np.ma.MaskedArray)
    assert v.dtype == np.uint64 and v.shape == (10, 8) and v.tolist() == [list(r) for r in t.values]
    assert a == t and a.to_dict() == t.to_dict() and a[3, 5] == t[3, 5] == 0
    k = grundy.game("kayles").table((0, 12), numpy=True).values
    assert k.shape == (13, 1) and k[:, 0].tolist() == grundy.game("kayles").sequence(12)
    # Numbers that name no position (a board with no row) are masked.
    ct = grundy.game("chomp").table((0, 3), (0, 3), numpy=True)
    c = ct.values
    assert isinstance(c, np.ma.MaskedArray) and c.dtype == np.uint64
    plain = grundy.game("chomp").table((0, 3), (0, 3))
    assert c.tolist() == [list(r) for r in plain.values]  # masked cells read as None
    assert ct == plain and ct[0, 2] is None
    assert c.mask[0].all() and not c.mask[1:, 1:].any()


def test_a_remedy_is_worded_as_a_keyword_argument():
    # The library's error carries its remedy as data; the package words it as a keyword argument, never a flag.
    with pytest.raises(grundy.LoopyError) as e:
        grundy.game("14.0").analyse(3)
    assert str(e.value).endswith("(analyse it with loopy=True)"), str(e.value)
    assert "--" not in str(e.value)


def test_a_python_heap_function_recognised_as_a_code_answers_huge_heaps_with_the_assumption():
    take134 = grundy.define(lambda n: [m for m in (n - 1, n - 3, n - 4) if m >= 0], heap=True, name="take134")
    catalog = grundy.game("subtraction:1,3,4")
    huge = 10**18
    a = take134.analyse(huge)
    assert a.nim_value == catalog.nim_value(huge) == 1
    assert len(a.notes) == 1 and "0.3033" in a.notes[0] and "assumption" in a.notes[0]
    assert a.to_dict()["notes"] == list(a.notes)
    # A small heap is valued exactly, with no note; the catalog game has none either.
    assert take134.analyse(10).notes == () and "notes" not in take134.analyse(10).to_dict()
    assert catalog.analyse(huge).notes == ()


# Every typed result is the native JSON object, read into frozen classes and written back by to_dict().
_WYTHOFF = grundy.game("wythoff")


@pytest.mark.parametrize(
    "spec, call, native",
    [
        ("kayles", lambda g: g.period(), lambda n: n.period(None)),
        ("subtraction:1,3,4", lambda g: g.period(), lambda n: n.period(None)),
        ("lasker", lambda g: g.period(200), lambda n: n.period(200)),
        ("wythoff", lambda g: g.table((0, 5), (0, 6)), lambda n: n.table((0, 5), (0, 6))),
        ("kayles", lambda g: g.table((3, 9)), lambda n: n.table((3, 9))),
        ("chomp", lambda g: g.table((0, 2), (0, 3)), lambda n: n.table((0, 2), (0, 3))),
        ("wythoff", lambda g: g.pattern(), lambda n: n.pattern(None, None, None)),
        ("kayles", lambda g: g.pattern(), lambda n: n.pattern(None, None, None)),
        ("0.137", lambda g: g.pattern(50), lambda n: n.pattern(50, None, None)),
        ("ruler", lambda g: g.pattern(64), lambda n: n.pattern(64, None, None)),
        ("cutting", lambda g: g.pattern(rows=(1, 12), cols=(1, 12)), lambda n: n.pattern(None, (1, 12), (1, 12))),
    ],
)
def test_typed_results_write_back_the_native_json(spec, call, native):
    g = grundy.game(spec)
    r = call(g)
    assert r.to_dict() == native(_grundy.lookup(spec))
    assert r == call(grundy.game(spec)) and repr(r).startswith(type(r).__name__ + "(")
    with pytest.raises(AttributeError):
        r.game = "other"  # frozen


def test_genera_catalog_and_scoring_are_typed():
    genus = grundy.game("kayles").genus(6)
    assert [h.to_dict() for h in genus] == _grundy.lookup("kayles").misere(6, genus=True)
    assert all(isinstance(h, grundy.Genus) for h in genus)
    entries = grundy.games()
    assert [e.to_dict() for e in entries] == _grundy.catalog()
    s = grundy.game("fox-cards").scoring(1, 2)
    assert isinstance(s, grundy.Scoring) and s.scores == {"ciel": 2, "jiro": 1} and s["ciel"] == s.ciel == 2
    assert s.to_dict() == _grundy.lookup("fox-cards").scoring(["1", "2"])
    rule = [r for r in grundy.game("subtraction:1,3,4").pattern().rules if r.kind == "periodic"][0]
    assert rule.period == rule["period"] == rule.details["period"] == 7 and rule.checked_rows is not None
    with pytest.raises(AttributeError, match="no field 'nonsense'"):
        rule.nonsense
    with pytest.raises(TypeError, match="read-only"):
        rule.details["period"] = 8  # type: ignore[index]


def test_misere_sequences_as_numpy_arrays():
    np = pytest.importorskip("numpy")
    k = grundy.game("kayles")
    a = k.misere_sequence(14, numpy=True)
    assert isinstance(a, np.ndarray) and a.dtype == np.uint64 and a.tolist() == k.misere_sequence(14)


@pytest.mark.parametrize("kind", ["nodes", "edges"])
def test_graphs_are_edge_lists_or_networkx_graphs(tmp_path, kind):
    # Node Kayles on a path of 5 vertices, given four ways: an edge list, the inline word, a file, networkx.
    nk = grundy.game("node-kayles")
    edges = [(0, 1), (1, 2), (2, 3), (3, 4)]
    f = tmp_path / "p5.txt"
    f.write_text("".join(f"{x} {y}\n" for x, y in edges))
    ways = [edges, "edges:0-1,1-2,2-3,3-4", str(f), "path:5"]
    nx = pytest.importorskip("networkx") if kind == "nodes" else None
    if nx is not None:
        ways.append(nx.path_graph(5))
    answers = [nk.analyse(w) for w in ways]
    assert {a.nim_value for a in answers} == {3} and len({a.winning_moves for a in answers}) == 1
    # A vertex on no edge is listed alone, and a slip in the numbering is an error, not a phantom vertex.
    assert nk.analyse([(0, 1), (1, 2)]).nim_value ^ 1 == nk.analyse("edges:0-1,1-2,3").nim_value
    with pytest.raises(grundy.InputError, match="0 is on no edge"):
        nk.analyse([(1, 2), (2, 3)])
    with pytest.raises(TypeError, match="an edge is a tuple"):
        nk.analyse([(0, 1, 2)])
    if nx is not None:
        # networkx nodes that are not 0..n-1: the graph induced on them, with the same numbers in the answer.
        g = nx.Graph([(1, 2), (2, 3), (5, 6)])
        a = nk.analyse(g)
        assert a.nim_value == nk.analyse([(0, 1), (1, 2)]).nim_value ^ nk.analyse([(0, 1)]).nim_value
        assert all(p.game == "node-kayles" for p in a.parts)
        with pytest.raises(TypeError, match="undirected"):
            nk.analyse(nx.DiGraph([(0, 1)]))


def test_tokens_on_a_digraph_and_the_kept_game_reads_each_calls_graph():
    g = grundy.game("graph")
    assert g.kind == "graph"
    assert g.analyse(([(0, 1), (1, 2)], [0, 1])).nim_value == 1
    # Another graph on the same kept game: its own answer, not the first graph's.
    assert g.analyse(([(0, 1)], 0)).nim_value == 1
    lg = grundy.game("loopy-graph")
    cyc = [(0, 1), (1, 0), (1, 2)]
    assert lg.outcome((cyc, 0), loopy=True) == "P" and lg.outcome((cyc, 1), loopy=True) == "N"
    assert lg.outcome(([(0, 1), (1, 0)], 0), loopy=True) == "D"
    nx = pytest.importorskip("networkx")
    assert lg.outcome((nx.DiGraph(cyc), 0), loopy=True) == "P"
    with pytest.raises(TypeError, match="tuple \\(graph, tokens\\)"):
        g.analyse([(0, 1)])


def test_a_sum_of_catalog_games_keeps_each_game():
    kayles, nim, wythoff = grundy.game("kayles"), grundy.game("nim"), grundy.game("wythoff")
    first = grundy.analyse(kayles([5, 7]), nim(3), wythoff((3, 4)))
    for _ in range(3):
        assert grundy.analyse(kayles([5, 7]), nim(3), wythoff((3, 4))) == first
    assert first.nim_value == kayles.nim_value([5, 7]) ^ 3 ^ wythoff.nim_value((3, 4))


def test_the_walk_through_of_docs_python_md_runs():
    import doctest
    import pathlib

    page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
    if not page.exists():
        pytest.skip("docs/python.md is not beside this checkout")
    failed, attempted = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert attempted >= 20 and failed == 0


def test_a_survey_is_records_as_grundy_sweep_writes_them():
    import json
    import os
    import subprocess

    records = grundy.survey("0.d7", seconds=10, to=3000)
    assert [r.code for r in records] == [f"0.{d}7" for d in range(8)]
    assert all(isinstance(r, grundy.SurveyRecord) and r.family == "0.d7" for r in records)
    kayles = records[7]
    assert (kayles.code, kayles.preperiod, kayles.period, kayles.certified) == ("0.77", 71, 12, True)
    assert records[0].to_dict() == {**records[0].to_dict()} and grundy.SurveyRecord.from_dict(
        records[0].to_dict()) == records[0]
    binary = os.environ.get("GRUNDY_BIN")
    if binary:
        out = subprocess.run([binary, "sweep", "0.d7", "--max-seconds", "10", "--to", "3000"], capture_output=True,
                             text=True)
        lines = [json.loads(line) for line in out.stdout.splitlines()]
        strip = lambda d: {k: v for k, v in d.items() if k != "seconds"}  # noqa: E731
        assert [strip(r.to_dict()) for r in records] == [strip(d) for d in lines]
    listed = grundy.survey(codes=["0.137", "0.07"], seconds=5)
    assert [(r.code, r.family, r.period) for r in listed] == [("0.137", "list", 34), ("0.07", "list", 34)]
    for kwargs, says in [
        (dict(family="kayles"), "family"),
        (dict(family="0.d7", codes=["0.06"]), "0.06"),
        (dict(family="0.d7", seconds=0), "seconds"),
        (dict(), "give a family"),
    ]:
        with pytest.raises(grundy.InputError, match=says):
            grundy.survey(**kwargs)
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(records)
    assert list(frame["code"]) == [r.code for r in records]
    assert list(frame["certified"]) == [r.certified for r in records]


def _png_size(data: bytes):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize(
    "spec, kwargs, args",
    [
        ("kayles", dict(to=300), ["--to", "300"]),
        ("0.07", dict(to=200, rare=True), ["--to", "200", "--rare"]),
        ("kayles", dict(to=40, misere=True), ["--to", "40", "--misere"]),
        ("wythoff", dict(rows=(0, 15), cols=(0, 20)), ["--rows", "0..15", "--cols", "0..20"]),
        ("cram", dict(position="3x4"), ["3x4"]),
        ("chomp", dict(position="5 3 3", width=300, height=250), ["5", "3", "3", "--width", "300", "--height", "250"]),
    ],
)
def test_pictures_are_the_command_lines_files(tmp_path, spec, kwargs, args):
    import os
    import subprocess
    import xml.etree.ElementTree as ET

    pic = grundy.game(spec).plot(**kwargs)
    root = ET.fromstring(pic.svg)
    assert root.tag.endswith("svg") and pic._repr_svg_() == pic.svg
    width, height = _png_size(pic.png())
    assert (width, height) == (kwargs.get("width", int(root.get("width"))), kwargs.get("height", int(root.get("height"))))
    assert pic.summary["game"] == spec or pic.summary["game"] == grundy.game(spec).name
    for ext in ("png", "svg"):
        mine = tmp_path / f"mine.{ext}"
        assert pic.save(mine) == ext and mine.read_bytes() == (pic.png() if ext == "png" else pic.svg.encode())
        binary = os.environ.get("GRUNDY_BIN")
        if binary:
            theirs = tmp_path / f"theirs.{ext}"
            r = subprocess.run([binary, "plot", spec, *args, "-o", str(theirs)], capture_output=True, text=True)
            assert r.returncode == 0, r.stderr
            assert theirs.read_bytes() == mine.read_bytes(), (spec, ext)


def test_a_table_draws_itself_and_bad_pictures_are_one_line_errors():
    w = grundy.game("wythoff")
    t = w.table((0, 15), (0, 20))
    assert t._repr_svg_() == w.plot(rows=(0, 15), cols=(0, 20)).svg
    assert grundy.game("kayles").table((0, 50))._repr_svg_().startswith("<svg")
    assert grundy.game("kayles").table((5, 50))._repr_svg_() is None  # a sequence is drawn from heap 0
    with pytest.raises(grundy.InputError, match="needs to=N"):
        grundy.game("kayles").plot()
    with pytest.raises(grundy.InputError, match="too small"):
        grundy.game("kayles").plot(to=10, width=20)
    with pytest.raises(grundy.InputError, match="png|svg|PNG|SVG|extension"):
        grundy.game("kayles").plot("/tmp/picture.gif", to=10)
    with pytest.raises(grundy.GrundyError):
        grundy.game("wythoff").plot(position="3 4")


def test_misere_quotients_are_typed_and_the_command_lines(tmp_path, monkeypatch):
    import json
    import os
    import subprocess

    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    kayles = grundy.game("kayles")
    q = kayles.quotient()
    # Plambeck and Siegel: Kayles' misère quotient has order 40 (certified for every heap here).
    assert isinstance(q, grundy.Quotient) and (q.order, q.certified, q.p_portion_size) == (40, True, 9)
    assert q.to_dict() == _grundy.lookup("kayles").quotient(None)
    assert q.periodic is not None
    p = q.periodic
    assert all(q.element(n) == q.heap_elements[n] for n in range(len(q.heap_elements)))
    assert q.element(10**12) == q.heap_elements[p.preperiod + (10**12 - p.preperiod) % p.period]
    small = grundy.game("0.07").quotient(20)
    assert not small.certified and small.heaps == 20 and small.scope == "for heaps up to 20"
    with pytest.raises(ValueError, match="not certified"):
        small.element(10**6)
    with pytest.raises(grundy.UnsupportedError):
        grundy.game("wythoff").quotient()
    binary = os.environ.get("GRUNDY_BIN")
    if binary:
        out = subprocess.run([binary, "quotient", "kayles", "--json"], capture_output=True, text=True,
                             env={**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)})
        assert json.loads(out.stdout) == q.to_dict()


def test_a_time_limit_ends_the_listing_of_winning_moves_not_the_answer():
    # 3000 Kayles rows of 600,000 and more: the values and the outcome at once, each row's moves read from its
    # 300,000 options; a limit of 1 s ends the listing, not the answer, and says why in the API's words.
    heaps = [600_000 + (i * 7919) % 300_000 for i in range(3000)]
    a = grundy.game("kayles").analyse(*heaps, max_seconds=1)
    if a.outcome == "P":
        # A sum of nim-value 0 has no winning move to list: one pin more (Kayles 1 has nim-value 1).
        heaps.append(1)
        a = grundy.game("kayles").analyse(*heaps, max_seconds=1)
    assert a.outcome == "N" and a.nim_value is not None
    assert a.winning_moves_stopped is not None
    assert "max_seconds" in a.winning_moves_stopped, a.winning_moves_stopped
    # Only the moves found are counted: those listed, in families and counted, of the parts searched.
    found = len(a.winning_moves) + sum(f.count for f in a.winning_move_families)
    assert a.winning_move_count == found + sum(u.count for u in a.unlisted_winning_moves)
    assert a.to_dict()["winning_moves_stopped"] == a.winning_moves_stopped
    # Every listed move makes the nim-sum 0: the part's value after it, valued from scratch.
    for m in a.winning_moves[:: max(1, len(a.winning_moves) // 5)]:
        before = a.parts[m.component].nim_value
        after = [int(h) for h in m.result.split(" + ")]
        v = grundy.game("kayles").analyse(*after).nim_value
        assert a.nim_value ^ before ^ v == 0
