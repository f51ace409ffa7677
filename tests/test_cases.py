"""Every case of tests/data/cases.json (a copy of the project's shared rule cases), its mirror, and the kinds of fault they stand for.

The kinds are covered by comparing ``play`` with a deliberately plain
reference written here from docs/rules.md alone (absolute board indices, one seed
at a time), on random positions of every board size, both sides to move,
and several seed counts.
"""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import KalahRules, OwareRules, Position, legal_moves, outcome, play

CASES_FILE = Path(__file__).resolve().parent / "data" / "cases.json"
"""The cases where other mancala programs got a rule wrong, copied from the shared cases (facts)."""
CASES = json.loads(CASES_FILE.read_text())


def rules_of(case):
    if case["game"] == "oware":
        return OwareRules(**case.get("variant", {}))
    return KalahRules(**case.get("variant", {}))


def mirror_notation(text):
    return Position.from_notation(text).mirrored().to_notation()


def check_case(case, mirrored):
    rules = rules_of(case)
    flip = mirror_notation if mirrored else (lambda t: t)
    pos = Position.from_notation(flip(case["position"]), rules)
    expect = case["expect"]
    swap = {"south": "north", "north": "south", "draw": "draw"}
    if case["move"] is None:
        assert list(legal_moves(pos, rules)) == expect["legal_moves"]
        end = outcome(pos, rules)
        assert (end is not None) == expect["game_over"]
        got_score, got_result = end.score, end.result
    else:
        r = play(pos, case["move"], rules)
        assert r.position == Position.from_notation(flip(expect["position"]), rules)
        for key in ("extra_turn", "captured", "game_over"):
            if key in expect:
                assert getattr(r, key) == expect[key], key
        if "to_move" in expect:
            assert r.position.to_move == expect["to_move"]
        got_score = r.outcome.score if r.outcome else None
        got_result = r.outcome.result if r.outcome else None
    if "score" in expect:
        score = tuple(expect["score"])
        assert got_score == (score[::-1] if mirrored else score)
    if "result" in expect:
        assert got_result == (swap[expect["result"]] if mirrored else expect["result"])


def test_cases_file_is_there_and_not_empty():
    assert len(CASES) >= 14
    assert {c["game"] for c in CASES} == {"kalah", "oware"}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case):
    check_case(case, mirrored=False)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] + "-mirrored" for c in CASES])
def test_case_mirrored(case):
    """The same fault with North to move: the other side and the other board end."""
    check_case(case, mirrored=True)


# ------------------------------------------------------ plain reference rules


def ref_kalah(pos, pit, rules):
    """Kalah from docs/rules.md, absolute indices: 0..n-1 South, n S store, n+1..2n North, 2n+1 N store."""
    n = rules.pits
    b = [*pos.south, pos.south_store, *pos.north, pos.north_store]
    south = pos.to_move == "S"
    own_store = n if south else 2 * n + 1
    skip = 2 * n + 1 if south else n
    own = range(0, n) if south else range(n + 1, 2 * n + 1)
    i = (pit - 1) if south else (n + pit)
    seeds, b[i] = b[i], 0
    j = i
    for _ in range(seeds):
        j = (j + 1) % (2 * n + 2)
        if j == skip:
            j = (j + 1) % (2 * n + 2)
        b[j] += 1
    extra = j == own_store
    if j in own and b[j] == 1:
        opp = 2 * n - j
        if b[opp] > 0:
            if rules.capture_to == "store":
                b[own_store] += b[opp] + 1
                b[j] = 0
            else:
                b[j] += b[opp]
            b[opp] = 0
        elif rules.empty_capture:
            b[own_store] += 1
            b[j] = 0
    mover = pos.to_move
    nxt = mover if extra else ("N" if south else "S")
    s_row, n_row = b[0:n], b[n + 1 : 2 * n + 1]
    over = False
    if rules.early_win and max(b[n], b[2 * n + 1]) > rules.total_seeds / 2:
        over = True
    elif rules.end_rule == "row_empty":
        over = not any(s_row) or not any(n_row)
    else:
        over = not any(s_row if nxt == "S" else n_row)
    if over:
        b[n] += sum(s_row)
        b[2 * n + 1] += sum(n_row)
        s_row, n_row = [0] * n, [0] * n
        extra = False
    return Position(tuple(s_row), b[n], tuple(n_row), b[2 * n + 1], nxt), extra, over


def ref_oware(pos, pit, rules):
    """Oware (Abapa) from docs/rules.md, absolute indices: 0..5 South pits, 6..11 North pits."""
    b = [*pos.south, *pos.north]
    south = pos.to_move == "S"
    i = (pit - 1) if south else (6 + pit - 1)
    opp_row = range(6, 12) if south else range(0, 6)
    seeds, b[i] = b[i], 0
    j = i
    for _ in range(seeds):
        j = (j + 1) % 12
        if j == i:
            j = (j + 1) % 12
        b[j] += 1
    taken = []
    k = j
    while k in opp_row and b[k] in (2, 3):
        taken.append(k)
        k -= 1
    gain = 0
    if taken:
        slam = sum(b[x] for x in taken) == sum(b[x] for x in opp_row)
        if not slam or rules.grand_slam == "capture_all":
            gain = sum(b[x] for x in taken)
            for x in taken:
                b[x] = 0
    ss = pos.south_store + (gain if south else 0)
    ns = pos.north_store + (0 if south else gain)
    after = Position(tuple(b[:6]), ss, tuple(b[6:]), ns, "N" if south else "S")
    return after


def ref_oware_legal(pos, rules):
    """A5 must feed, A4 'illegal' grand slams (unless nothing else), A6 no move at 25+."""
    if max(pos.south_store, pos.north_store) >= 25:
        return ()
    row = pos.south if pos.to_move == "S" else pos.north
    moves = [p for p in range(1, 7) if row[p - 1]]
    if not any(pos.north if pos.to_move == "S" else pos.south):
        moves = [p for p in moves if row[p - 1] >= 7 - p]  # the sowing reaches the other row
    if rules.grand_slam == "illegal":
        def slam(p):
            after = ref_oware(pos, p, OwareRules(grand_slam="capture_all"))
            gained = after.store(pos.to_move) > pos.store(pos.to_move)
            return gained and not any(after.north if pos.to_move == "S" else after.south)
        fair = [p for p in moves if not slam(p)]
        if fair:
            moves = fair
    return tuple(moves)


def random_position(draw, rules, pits):
    total = rules.total_seeds
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=2 * pits + 1, max_size=2 * pits + 1)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    south, s_store = tuple(parts[:pits]), parts[pits]
    north, n_store = tuple(parts[pits + 1 : 2 * pits + 1]), parts[2 * pits + 1]
    side = draw(st.sampled_from("SN"))
    return Position(south, s_store, north, n_store, side)


@st.composite
def kalah_case(draw):
    rules = KalahRules(
        pits=draw(st.integers(3, 8)),
        seeds=draw(st.sampled_from([1, 2, 3, 4, 5, 6])),
        empty_capture=draw(st.booleans()),
        end_rule=draw(st.sampled_from(["row_empty", "stuck"])),
        capture_to=draw(st.sampled_from(["store", "pit"])),
        early_win=draw(st.booleans()),
    )
    return rules, random_position(draw, rules, rules.pits)


@st.composite
def oware_case(draw):
    rules = OwareRules(grand_slam=draw(st.sampled_from(["no_capture", "illegal", "capture_all"])))
    pos = random_position(draw, rules, 6)
    # stores under 25 so the game is not already won
    if pos.south_store >= 25 or pos.north_store >= 25:
        pos = rules.initial_position(pos.to_move)
    return rules, pos


@settings(max_examples=400, deadline=None)
@given(kalah_case())
def test_kalah_every_kind_of_fault_matches_the_plain_reference(case):
    """Wrap-around, skipped store, captures (both sides, both ends), sweep and end, all variants."""
    rules, pos = case
    rows_empty = not any(pos.south) or not any(pos.north)
    if rules.early_win and max(pos.south_store, pos.north_store) > rules.total_seeds / 2:
        assert legal_moves(pos, rules) == ()
    elif rules.end_rule == "row_empty" and rows_empty:
        assert legal_moves(pos, rules) == ()
    else:
        row = pos.row(pos.to_move)
        assert legal_moves(pos, rules) == tuple(p for p in range(1, rules.pits + 1) if row[p - 1])
    for pit in legal_moves(pos, rules):
        r = play(pos, pit, rules)
        want, extra, over = ref_kalah(pos, pit, rules)
        assert r.position == want
        assert r.extra_turn == extra and r.game_over == over
        if over:
            assert r.outcome.score == (want.south_store, want.north_store)


@settings(max_examples=400, deadline=None)
@given(oware_case())
def test_oware_every_kind_of_fault_matches_the_plain_reference(case):
    """Laps skipping the origin, capture chains, grand slams, feeding and ends, both sides."""
    rules, pos = case
    assert legal_moves(pos, rules) == ref_oware_legal(pos, rules)
    for pit in legal_moves(pos, rules):
        r = play(pos, pit, rules)
        want = ref_oware(pos, pit, rules)
        if r.game_over:
            score = (want.south_store + sum(want.south), want.north_store + sum(want.north))
            assert r.outcome.score == score
            assert r.position == Position((0,) * 6, score[0], (0,) * 6, score[1], want.to_move)
        else:
            assert r.position == want
