"""History CCG on the engine protocol: determinism, files, undo, hidden councils, the
determiniser, refusals."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clash_widget.bots import RandomBot
from clash_widget.engine import Action, Match
from clash_widget.engine.state import clone
from clash_widget.history import HistoryCCG

from .play import self_play


def advance(m: Match, steps: int, seed: int = 0) -> Match:
    bots = [RandomBot(seed + s) for s in range(m.players)]
    for _ in range(steps):
        if m.is_over:
            break
        assert m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions())).ok
    return m


@pytest.mark.parametrize(
    "players,opts",
    [(2, {}), (3, {"deck": "plain52"}), (4, {"growth_multiplier": 5, "founding_cost": 0})],
)
def test_determinism_by_replay(players, opts):
    """A record (seed + actions) replays to the identical state."""
    m = self_play(7, players, opts, checks=False)
    assert m.is_over
    again = Match.replay(m.record())
    assert again.state_hash() == m.state_hash()
    assert self_play(7, players, opts, checks=False).record() == m.record()


def test_json_round_trip():
    m = advance(Match.new("history", 3, 5), 150)
    back = Match.from_json(m.to_json())
    assert back.state_hash() == m.state_hash()
    assert json.loads(json.dumps(m.state)) == m.state
    advance(m, 60, 99)
    advance(back, 60, 99)
    assert back.state_hash() == m.state_hash()


def test_undo_stops_where_cards_were_seen():
    """Consulting or pulling reveals cards: undo stops there; other steps undo exactly."""
    m = Match.new("history", 2, 3)
    hashes = []
    undone = 0
    for _ in range(200):
        legal = m.legal_actions()
        before = m.state_hash()
        treasury = sum(len(p["treasury"]) for p in m.state["players"])
        assert m.play(legal[0]).ok
        after = sum(len(p["treasury"]) for p in m.state["players"])
        if after != treasury:
            assert not m.can_undo()
        elif m.can_undo():
            hashes.append((before, m.state_hash()))
            assert m.undo() and m.state_hash() == before
            assert m.redo() and m.state_hash() == hashes[-1][1]
            undone += 1
        if m.is_over:
            break
    assert undone > 5


def _council_ids(state, seat):
    return set(state["players"][seat]["council"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_councils_never_reach_another_seat(players):
    """Scan every view of every seat at every step of a game: no card of another player's
    council appears anywhere in the position (the log and the last reveals are history:
    their cards were public when they were shown), and events keep private cards private."""
    m = Match.new("history", players, 11 + players, keep_undo=False)
    bots = [RandomBot(s) for s in range(players)]
    steps = 0
    while not m.is_over and steps < 600:
        for seat in range(players):
            v = m.view(seat)
            assert all(v["players"][o]["council"] is None for o in range(players) if o != seat)
            body = json.dumps({k: x for k, x in v.items() if k not in ("log", "shown")})
            for o in range(players):
                if o != seat:
                    leaked = [c for c in _council_ids(m.state, o) if f'"{c}"' in body]
                    assert not leaked, (seat, o, leaked)
            for e in v["log"]:
                assert "private" not in e or e["private"]["seat"] == seat
            if m.current_player != seat:
                assert v["legal"] == []
        a = bots[m.current_player].choose(m.game, m.state, m.legal_actions())
        assert m.play(a).ok
        steps += 1


def test_treasury_order_is_in_no_view():
    m = advance(Match.new("history", 2, 1), 40)
    for seat in (0, 1, None):
        v = m.view(seat)
        assert all("treasury" not in p for p in v["players"])
        assert all(isinstance(p["treasury_count"], int) for p in v["players"])


def _shuffled_hidden(state, seat, seed):
    """The same position as far as ``seat`` can tell: other councils and every treasury
    reordered and swapped among themselves."""
    from clash_widget.engine.rng import Stream

    out = clone(state)
    rng = Stream(seed)
    for p in out["players"]:
        pool = list(p["treasury"]) + ([] if p["seat"] == seat else list(p["council"]))
        rng.shuffle(pool)
        if p["seat"] != seat:
            k = len(p["council"])
            p["council"], pool = pool[:k], pool[k:]
        p["treasury"] = pool
    out["rng"] = 12345
    return out


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_determinizer_depends_only_on_the_view(seat):
    """Two states that look the same to ``seat`` give the same sample for the same seed."""
    g = HistoryCCG()
    m = advance(Match.new("history", 3, 4), 120)
    other = _shuffled_hidden(m.state, seat, 9)
    assert g.view(other, seat)["players"] == g.view(m.state, seat)["players"]
    a, b = g.determinize(m.state, seat, 77), g.determinize(other, seat, 77)
    assert a == b
    assert a["players"][seat]["council"] == m.state["players"][seat]["council"]
    assert not g.invariants(a)
    # the sample really resamples: another seed gives other hidden cards somewhere
    c = g.determinize(m.state, seat, 78)
    assert any(c["players"][p]["treasury"] != a["players"][p]["treasury"] for p in range(3))


def test_determinized_games_play_on():
    g = HistoryCCG()
    m = advance(Match.new("history", 2, 8), 90)
    sample = g.determinize(m.state, m.current_player, 5)
    sm = Match.from_state("history", sample, keep_undo=False)
    advance(sm, 200, 3)
    assert not g.invariants(sm.state)


KINDS = [
    "capital",
    "home",
    "research",
    "consult",
    "cycle",
    "culture",
    "done",
    "discard",
    "produce",
    "explore",
    "attack",
    "found",
    "play",
    "heal",
    "move",
    "ability",
    "clash",
    "pass",
    "take",
    "none",
    "terrain",
    "shrink",
    "fly",
]
ARGS = ["0-00", "0-05", "1-03", "1-39", "2-10", "0-99", "0", "1", "2", "9", "-1", "x", "3"]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 30),
    steps=st.integers(0, 150),
    kind=st.sampled_from(KINDS),
    args=st.lists(st.sampled_from(ARGS), max_size=3),
    raw=st.text(max_size=10),
)
def test_fuzz_refusals_name_a_rule_and_change_nothing(seed, steps, kind, args, raw):
    players = 2 + seed % 3
    m = advance(Match.new("history", players, seed), steps, seed)
    legal = {str(a) for a in m.legal_actions()}
    ids = set(HistoryCCG.rules.rules) | {"engine.not-now", "engine.malformed", "engine.game-over"}
    for key in (str(Action(kind, tuple(args))), raw):
        if key in legal:
            continue
        h = m.state_hash()
        v = m.check(key)
        if v is None:
            # legal although not listed would be a listing bug
            raise AssertionError(f"{key!r} is legal but not in the legal list")
        assert v.rule_id in ids and v.reason
        assert not m.play(key).ok and m.state_hash() == h


def test_legal_actions_pass_their_checks():
    m = Match.new("history", 3, 2)
    bots = [RandomBot(s) for s in range(3)]
    for _ in range(400):
        if m.is_over:
            break
        legal = m.legal_actions()
        assert legal and len(set(map(str, legal))) == len(legal)
        for a in legal:
            assert m.check(a) is None, (a, m.check(a))
        assert m.play(bots[m.current_player].choose(m.game, m.state, legal)).ok


def test_labels_are_plain_words():
    """Labels and prompts name cards and players, never internal ids."""
    import re

    m = Match.new("history", 2, 6)
    bots = [RandomBot(s) for s in range(2)]
    ids = re.compile(r"\b\d-\d\d\b")
    for _ in range(300):
        if m.is_over:
            break
        v = m.view(m.current_player)
        assert not ids.search(v["prompt"]), v["prompt"]
        for x in v["legal"]:
            assert not ids.search(x["label"]), x["label"]
        for e in v["log"]:
            assert not ids.search(e["text"]), e["text"]
        assert m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions())).ok


def test_every_action_kind_has_its_grammar_and_an_example():
    """docs/actions.md lists each kind's grammar and example (they must fit the kind)."""
    g = HistoryCCG()
    for frame, handler in g.handlers.items():
        for kind, spec in handler.table.items():
            assert spec.usage and spec.example, (frame, kind)
            a = Action.parse(spec.example)
            lo, hi = spec.arity
            assert a.kind == kind and lo <= len(a.args) <= hi, (frame, kind, spec.example)
