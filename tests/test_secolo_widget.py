"""SecoloTable without a browser: intents, refusals, and what each seat is shown.

Intents are simulated the way the front end sends them: by assigning a new dict to
``t.intent``. The opening of seed 2 (2 players) reaches an Attack in nine actions and
the defender holds Specials, so it exercises the reaction window too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import traitlets
from match_checks import ROOT, assert_js_fixtures_fresh, assert_traits_match_typescript, send

from clash_widget.bots import RandomBot
from clash_widget.engine import Match
from clash_widget.secolo.opening import ATTACK, OPENING
from clash_widget.widget import SecoloTable
from clash_widget.widget.base import MatchWidget


def opened(seat: int | None = None) -> SecoloTable:
    t = SecoloTable(players=2, seed=2, seat=seat)
    for key in OPENING:
        assert t.play(key).ok, key
    return t


def snapshot(t: SecoloTable) -> tuple[str, int, dict[str, Any], list[str]]:
    return t.match.state_hash(), t.match.version, t.view, list(t.match.actions)


# -- construction -------------------------------------------------------------------------
def test_default_table_starts_a_secolo_match() -> None:
    t = SecoloTable(players=3, seed=5)
    assert isinstance(t, MatchWidget)
    assert t.match.game.name == "secolo" and t.match.players == 3
    assert t.view["game"] == "secolo" and t.view["frame"]["kind"] == "pick"
    assert t.view["version"] == t.match.version == 0


def test_options_reach_the_match() -> None:
    t = SecoloTable(players=4, seed=1, options={"deck": "extended", "pairs": True})
    assert t.view["options"]["deck"] == "extended" and t.view["options"]["pairs"] is True
    assert len(t.view["cultures"]) == 7


def test_refuses_a_match_of_another_game() -> None:
    with pytest.raises(ValueError, match="secolo"):
        SecoloTable(Match.new("coc", 2, 0))


def test_trait_names_match_typescript_model() -> None:
    assert_traits_match_typescript(SecoloTable)


def test_js_fixtures_match_the_rules_core() -> None:
    # js/test/secolo.test.ts renders these views; regenerate them when the core changes.
    assert_js_fixtures_fresh("secolo")


def test_bundle_or_fallback_esm() -> None:
    js = ROOT / "clash_widget/static/secolo.js"
    esm = SecoloTable._esm
    if js.is_file():
        assert Path(str(esm)) == js or "render" in str(esm)
    else:
        assert "npm run build" in str(esm)


# -- intents ------------------------------------------------------------------------------
def test_act_intent_plays_and_sends_a_new_view() -> None:
    t = SecoloTable(players=2, seed=2)
    old = t.view
    fb = send(t, type="act", key="pick ind-pr-1")
    assert fb["ok"] is True and fb["rule_id"] is None
    assert t.view is not old and t.view["version"] == 1
    assert t.last_action == "pick ind-pr-1"
    assert t.match.state["players"][0]["protagonist"] == "ind-pr-1"


def test_illegal_act_explains_and_changes_nothing() -> None:
    t = opened()
    before = snapshot(t)
    # atk-5 is an Attack card, but it is in the other player's hand
    fb = send(t, type="act", key="attack atk-5 ind-ch-5 ind-pr-1 pir-ch-4")
    assert fb["ok"] is False and fb["rule_id"] == "attack.needs-attack-card"
    # one sentence for the player; the rule travels apart, never inside it
    assert fb["kind"] == "refused" and fb["rule"]["id"] == fb["rule_id"] and fb["section"]
    assert fb["rule_id"] not in fb["text"] and "attack atk-5" not in fb["text"]
    assert snapshot(t) == before


@pytest.mark.parametrize(
    "bad",
    [
        {"seq": 1, "version": 0, "type": "select", "q": 0, "r": 0},
        {"seq": 1, "version": 0, "type": "act"},
        {"seq": 1, "version": 0, "type": "act", "key": ""},
        {"seq": 1, "version": 0, "type": "act", "key": 7},
        {"seq": "1", "version": 0, "type": "act", "key": "keep"},
        {"seq": 1, "version": True, "type": "undo"},
        {"seq": 1, "version": 0, "type": "undo", "key": "keep"},
        {"seq": 1, "version": 0, "type": "act", "key": "keep", "extra": 1},
        {"seq": 1, "version": 0, "type": "act", "key": "attack"},
        {"seq": 1, "version": 0, "type": "act", "key": "   "},
    ],
)
def test_malformed_intents_change_nothing(bad: dict[str, Any]) -> None:
    t = opened()
    bad = {**bad, "version": t.match.version} if _is_plain_int(bad["version"]) else bad
    before = snapshot(t)
    t.intent = bad
    assert t.feedback["ok"] is False
    assert t.feedback["rule_id"] == "engine.malformed", t.feedback
    assert snapshot(t) == before


def _is_plain_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def test_stale_intents_change_nothing() -> None:
    t = opened()
    before = snapshot(t)
    t.intent = {"seq": 5, "version": t.match.version - 1, "type": "act", "key": ATTACK}
    assert t.feedback["rule_id"] == "engine.stale" and t.feedback["seq"] == 5
    assert snapshot(t) == before
    # the same action at the right version is played
    send(t, type="act", key=ATTACK)
    assert t.feedback["ok"] is True and t.match.actions[-1] == ATTACK


def test_a_seat_view_cannot_act_for_another_seat() -> None:
    t = opened(seat=1)  # player 0 is to move
    before = snapshot(t)
    fb = send(t, type="act", key=ATTACK)
    assert fb["ok"] is False and fb["rule_id"] == "widget.not-your-turn"
    assert snapshot(t) == before
    t.seat = 0
    assert send(t, type="act", key=ATTACK)["ok"] is True


def test_undo_redo_intents() -> None:
    t = opened()
    send(t, type="act", key="play ind-bw-2")
    assert "ind-bw-2" in t.city(0)
    assert send(t, type="undo")["ok"] is True
    assert "ind-bw-2" in t.hand(0) and t.view["can_redo"] is True
    assert send(t, type="redo")["ok"] is True
    assert "ind-bw-2" in t.city(0)
    # drawing cards is a barrier: after "keep" there is nothing to undo
    t2 = SecoloTable(players=2, seed=2)
    for key in OPENING[:3]:
        t2.play(key)
    before = snapshot(t2)
    fb = send(t2, type="undo")
    assert fb["ok"] is False and fb["rule_id"] == "widget.no-undo"
    assert snapshot(t2) == before


def test_on_action_and_explain() -> None:
    t = opened()
    seen: list[str] = []
    t.on_action(lambda o: seen.append(str(o.action)))
    t.play("play ind-bw-2")
    assert seen == ["play ind-bw-2"]
    assert t.explain("end") != "legal"  # player 1 may use a Special now (any-moment window)
    t.play("pass")
    assert t.explain("end") == "legal"
    assert "play." in t.explain("play atk-18")  # an Attack is not put into a city


def test_bad_seat_is_refused() -> None:
    t = SecoloTable(players=2, seed=0)
    with pytest.raises(traitlets.TraitError):
        t.seat = 2
    assert t.seat is None


def test_base_accepts_extra_intent_types_from_subclasses() -> None:
    # ClashBoard's "select" would plug in like this; the base checks the fields' names.
    class Pinged(SecoloTable):
        EXTRA_INTENTS = {"ping": frozenset({"card"})}
        _esm = "export default { render() {} };"

        def _check_extra(self, kind: str, intent: dict[str, Any]) -> str | None:
            return None if isinstance(intent["card"], str) else "'card' must be a card id"

        def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int) -> None:
            self._say(True, f"pong {intent['card']}", None, seq=seq)

    t = Pinged(players=2, seed=0)
    assert send(t, type="ping", card="atk-1")["message"] == "pong atk-1"
    assert send(t, type="ping", card=3)["rule_id"] == "engine.malformed"
    assert send(t, type="ping")["rule_id"] == "engine.malformed"  # missing field
    assert send(t, type="ping", card="x", q=1)["rule_id"] == "engine.malformed"


def test_clicks_and_code_from_two_threads_keep_the_match_sound() -> None:
    # Comm messages may arrive on a subshell thread while a cell plays: the lock serialises.
    import threading

    t = SecoloTable(players=3, seed=7)
    bots = [RandomBot(seed=s) for s in range(3)]

    def choice() -> tuple[str, int]:
        with t.lock:  # a consistent position to choose from; acting happens unlocked
            m = t.match
            if m.is_over:
                return "end", m.version
            return str(bots[m.current_player].choose(m.game, m.state, m.legal_actions())), m.version

    def code() -> None:
        for _ in range(60):
            t.play(choice()[0])  # may be refused if the other thread moved first

    def clicks() -> None:
        for i in range(60):
            key, v = choice()
            t.intent = {"seq": i + 1, "version": v, "type": "act", "key": key}  # may be stale

    threads = [threading.Thread(target=code), threading.Thread(target=clicks)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(t.match.actions) >= 30
    assert t.match.game.invariants(t.match.state) == []
    assert Match.replay(t.match.record()).state_hash() == t.match.state_hash()
    assert t.view["version"] == t.match.version


# -- what each seat sees -------------------------------------------------------------------
def test_reaction_prompt_and_buttons_for_the_defender() -> None:
    t = opened(seat=0)
    send(t, type="act", key=ATTACK)
    v = t.view
    assert v["frame"]["kind"] == "react" and v["frame"]["player"] == 1
    assert v["frame"]["attack"]["target"] == "pir-ch-4"
    assert v["legal"] == []  # seat 0 waits for player 1's answer
    t.seat = 1
    keys = {a["key"] for a in t.view["legal"]}
    assert {"pass", "special sp-tre-1"} <= keys
    send(t, type="act", key="pass")
    assert "pir-ch-4" in t.match.state["discard"]


def hidden_from(state: dict[str, Any], seat: int) -> set[str]:
    """Card ids ``seat`` must not learn: the deck and other hands' not-revealed cards."""
    out = set(state["deck"])
    for p in state["players"]:
        if p["seat"] != seat:
            out |= {c for c in p["hand"] if state["revealed"].get(c) != p["seat"]}
    return out


def ids_in(payload: Any) -> set[str]:
    return set(re.findall(r'"([a-z]{2,3}-[a-z0-9-]+)"', json.dumps(payload)))


def test_payload_for_a_seat_never_contains_hidden_cards() -> None:
    t = SecoloTable(players=3, seed=4)
    bots = [RandomBot(seed=s) for s in range(3)]
    checked = 0
    for _ in range(150):
        if t.match.is_over:
            break
        for seat in range(3):
            t.seat = seat
            v = dict(t.view)
            # the log may name a card that was public then and is hidden now (reshuffled)
            v.pop("log")
            leaked = ids_in(v) & hidden_from(t.match.state, seat)
            assert not leaked, f"seat {seat} sees {sorted(leaked)}"
            assert v["players"][seat]["hand"] is not None
            assert all(p["hand"] is None for p in v["players"] if p["seat"] != seat)
            checked += 1
        mover = t.match.current_player
        t.play(str(bots[mover].choose(t.match.game, t.match.state, t.match.legal_actions())))
    assert checked > 100


def test_seat_view_is_the_same_whatever_the_hidden_cards() -> None:
    # Resample every hand but seat 0's and the deck order: seat 0's payload must not move.
    m = opened().match
    m.play(ATTACK)
    for seat in (0, 1):
        other = Match.from_state("secolo", m.game.determinize(m.state, seat, seed=99))
        other.log = list(m.log)
        assert other.state["players"][1 - seat]["hand"] != m.state["players"][1 - seat]["hand"]
        mine, theirs = SecoloTable(m, seat=seat).view, SecoloTable(other, seat=seat).view
        for k in ("version", "can_undo", "can_redo"):
            mine.pop(k), theirs.pop(k)
        assert mine == theirs


def test_teacher_view_shows_every_hand() -> None:
    t = opened()
    hands = [p["hand"] for p in t.view["players"]]
    assert all(h is not None for h in hands)
    assert sorted(c["id"] for c in hands[1]) == sorted(t.hand(1))
