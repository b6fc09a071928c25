"""Kernel protocol: seeded determinism, JSON round trip, undo barriers, refusals leave no trace."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clash_widget.bots import RandomBot, make_bot
from clash_widget.engine import Action, Match
from clash_widget.secolo import Secolo
from clash_widget.secolo import cards as catalogue

from .helpers import new_match
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
    [
        (2, {}),
        (4, {"pairs": True, "deck": "extended"}),
        (5, {"deck": "extended", "auto_pass": False}),
    ],
)
def test_determinism_by_replay(players, opts):
    m = self_play(11, players, opts, checks=False)
    again = Match.replay(m.record())
    assert again.state_hash() == m.state_hash()
    other = self_play(11, players, opts, checks=False)
    assert other.record() == m.record()


def test_json_round_trip():
    m = advance(Match.new("secolo", 3, 5, {"deck": "extended"}), 120)
    text = m.to_json()
    back = Match.from_json(text)
    assert back.state_hash() == m.state_hash()
    assert json.loads(json.dumps(m.state)) == m.state  # plain JSON types only
    advance(m, 40, 99)
    advance(back, 40, 99)
    assert back.state_hash() == m.state_hash()


def test_undo_restores_hashes_until_a_barrier():
    m = new_match(picks=["sci-pr-2", "cat-pr-1"], empty_hands=False)
    m.state["stack"] = [{"kind": "draw", "player": 0, "marked": []}]
    hashes = [m.state_hash()]
    hand = sorted(m.state["players"][0]["hand"])
    for c in hand[:3]:
        assert m.play(f"discard {c}").ok
        hashes.append(m.state_hash())
    assert m.play("redraw").ok  # draws: a barrier
    assert not m.can_undo()
    assert not m.undo()
    # actions after the barrier undo again, back to the barrier
    m2 = advance(Match.new("secolo", 2, 3), 30)
    while m2.can_undo():
        m2.undo()
    assert m2._undo and m2._undo[-1][2]  # stopped at a barrier
    # undo of the marks, one by one (replay the same prefix without the barrier)
    m3 = new_match(picks=["sci-pr-2", "cat-pr-1"], empty_hands=False)
    m3.state["stack"] = [{"kind": "draw", "player": 0, "marked": []}]
    for c in hand[:3]:
        m3.play(f"discard {c}")
    for h in reversed(hashes[:-1]):
        assert m3.undo()
        assert m3.state_hash() == h
    assert m3.redo() and m3.state_hash() == hashes[1]


def test_undo_over_plays_and_attacks():
    m = new_match()
    from .helpers import build, give

    build(m, 0, "pir-ch-1", "pir-ch-2")
    build(m, 1, "ind-ch-1")
    give(m, 0, "atk-1", "cat-ch-1", "cat-ch-2")
    m._undo.clear()
    h0 = m.state_hash()
    for key in ("play cat-ch-1", "play cat-ch-2", "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1"):
        assert m.play(key).ok
    for _ in range(3):
        assert m.undo()
    assert m.state_hash() == h0


KINDS = [
    "pick",
    "discard",
    "redraw",
    "keep",
    "play",
    "attack",
    "special",
    "object",
    "end",
    "pass",
    "fly",
    "PLAY",
    "attack-",
]
ARGS = list(catalogue.catalogue()) + [
    "0",
    "1",
    "2",
    "7",
    "99",
    "-1",
    "cat",
    "ind",
    "zzz",
    "atk-99",
    "sp-mec-9",
    "1,2",
    "ø",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 40),
    steps=st.integers(0, 120),
    kind=st.sampled_from(KINDS),
    args=st.lists(st.sampled_from(ARGS), max_size=5),
    raw=st.text(max_size=12),
)
def test_fuzz_refusals_name_a_rule_and_change_nothing(seed, steps, kind, args, raw):
    players = 2 + seed % 4
    m = advance(Match.new("secolo", players, seed, {"deck": "extended"}), steps, seed)
    legal = {str(a) for a in m.legal_actions()}
    ids = set(Secolo.rules.rules) | {"engine.not-now", "engine.malformed", "engine.game-over"}
    for key in (str(Action(kind, tuple(args))), raw):
        if key in legal:
            continue
        h = m.state_hash()
        v = m.check(key)
        if v is None:
            # accepted keys outside the list: an attacking pair in the other order, own city
            assert canonical(m.current_player, Action.parse(key)) in legal
            continue
        assert v.rule_id in ids, v
        assert not m.play(key).ok
        assert m.state_hash() == h


def test_heuristic_bot_plays_legal_moves_in_every_variant():
    for i, (players, opts) in enumerate(
        [(2, {}), (3, {"deck": "extended"}), (4, {"pairs": True}), (5, {"auto_pass": False})]
    ):
        m = Match.new("secolo", players, i, opts, keep_undo=False)
        bots = [make_bot("heuristic", "secolo", s) for s in range(players)]
        while not m.is_over:
            assert m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions())).ok
        assert not m.game.invariants(m.state)


def test_heuristic_beats_random_in_two_player_games():
    wins, n = 0, 100
    for g in range(n):
        m = Match.new(
            "secolo", 2, 5000 + g, {"deck": "base" if g % 3 else "extended"}, keep_undo=False
        )
        h = g % 2
        bots = {h: make_bot("heuristic", "secolo", g), 1 - h: RandomBot(g)}
        while not m.is_over:
            assert m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions())).ok
        wins += m.game.winners(m.state) == [h]
    assert wins >= 90, f"heuristic won {wins}/{n}"


def test_determinize_keeps_what_the_seat_knows():
    m = advance(Match.new("secolo", 3, 8), 90)
    seat = 1
    d = m.game.determinize(m.state, seat, 123)
    assert d["players"][seat]["hand"] == m.state["players"][seat]["hand"]
    for s in range(3):
        assert len(d["players"][s]["hand"]) == len(m.state["players"][s]["hand"])
        assert d["players"][s]["city"] == m.state["players"][s]["city"]
        for c, t in m.state["revealed"].items():
            if t == s:
                assert c in d["players"][s]["hand"]
    assert d["discard"] == m.state["discard"] and len(d["deck"]) == len(m.state["deck"])
    assert not m.game.invariants(d)
    assert m.game.determinize(m.state, seat, 123) == d
    hidden = (
        set(m.state["deck"])
        | set(m.state["players"][0]["hand"])
        | set(m.state["players"][2]["hand"])
    )
    d2 = m.game.determinize(m.state, seat, 124)
    assert set(d2["deck"]) | set(d2["players"][0]["hand"]) | set(d2["players"][2]["hand"]) == hidden


def test_determinize_depends_only_on_what_the_seat_sees():
    m = advance(Match.new("secolo", 3, 8), 90)
    seat = 1
    twin = copy.deepcopy(m.state)
    rival = twin["players"][0]
    secret = next(c for c in rival["hand"] if twin["revealed"].get(c) != 0)
    i = rival["hand"].index(secret)
    rival["hand"][i], twin["deck"][0] = twin["deck"][0], secret  # a different hidden card
    twin["deck"].reverse()  # and a different deck order
    assert m.game.view(twin, seat) == m.game.view(m.state, seat)
    assert twin != m.state
    assert m.game.determinize(twin, seat, 5) == m.game.determinize(m.state, seat, 5)


def test_options_are_validated():
    with pytest.raises(ValueError):
        Match.new("secolo", 3, 0, {"pairs": True})
    with pytest.raises(ValueError):
        Match.new("secolo", 2, 0, {"deck": "huge"})
    with pytest.raises(TypeError):
        Match.new("secolo", 2, 0, {"colour": "red"})
    assert Secolo.options_class.parse_value("pairs", "yes") is True
    assert Secolo.options_class.parse_value("deck", "extended") == "extended"


def canonical(seat: int, a: Action) -> str:
    """The listed form of an accepted action: pairs sorted, an explicit own city dropped."""
    if a.kind == "attack" and len(a.args) == 4:
        a1, a2 = sorted(a.args[1:3])
        return str(Action("attack", (a.args[0], a1, a2, a.args[3])))
    if a.kind == "play" and len(a.args) > 1 and a.args[1] == str(seat):
        return str(Action("play", (a.args[0], *a.args[2:])))
    return str(a)


def candidates(m: Match) -> list[Action]:
    """A superset of the legal actions, built without the game's own generators."""
    st = m.state
    seat = m.current_player
    n = len(st["players"])
    hand = st["players"][seat]["hand"]
    in_play = [c for p in st["players"] for c in p["city"]]
    seats = [str(s) for s in range(n)]
    out = [Action(k) for k in ("end", "pass", "keep", "redraw")]
    out += [Action("pick", (c,)) for c in st["pool"] + ["cat-ch-1"]]
    out += [Action("discard", (c,)) for c in hand]
    for c in hand:
        out.append(Action("play", (c,)))
        for s in seats:
            out.append(Action("play", (c, s)))
            for h in in_play:
                out.append(Action("play", (c, s, h)))
        for h in in_play:
            out.append(Action("play", (c, h)))
        if catalogue.ctype(c) == "special":
            out.append(Action("special", (c,)))
            for x in in_play + list(catalogue.cultures()) + st["discard"][-5:]:
                out.append(Action("special", (c, x)))
    mine = st["players"][seat]["city"]
    for atk in [c for c in hand if catalogue.ctype(c) == "attack"]:
        for a1 in mine:
            for a2 in mine:
                for t in in_play:
                    out.append(Action("attack", (atk, a1, a2, t)))
    for o in [c for c in in_play if catalogue.ctype(c) == "object"]:
        out.append(Action("object", (o,)))
        for x in seats + in_play + hand + st["discard"]:
            out.append(Action("object", (o, x)))
    return out


def test_reference_checker_legal_equals_accepted():
    for seed in range(40):
        m = advance(Match.new("secolo", 2 + seed % 4, seed, {"deck": "extended"}), seed * 7, seed)
        if m.is_over:
            continue
        seat = m.current_player
        legal = {str(a) for a in m.legal_actions()}
        accepted = {canonical(seat, a) for a in candidates(m) if m.check(a) is None}
        assert accepted == legal, (seed, sorted(accepted ^ legal)[:5])
