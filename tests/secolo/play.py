"""Random self-play with checks after every step (shared by several tests)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from clash_widget.bots import RandomBot
from clash_widget.engine import Action, Match
from clash_widget.secolo import cards as catalogue
from clash_widget.secolo import logic


def variants(i: int) -> tuple[int, dict[str, Any]]:
    """Game ``i`` of a sweep: 2-5 players, both decks, the pairs variant every 5th game."""
    if i % 5 == 4:
        return 4, {"deck": "base" if i % 2 else "extended", "pairs": True}
    players = 2 + i % 4
    return players, {"deck": "base" if (i // 5) % 2 else "extended"}


def independent_protection(state: dict[str, Any], target: str) -> bool:
    """Is ``target`` protected? Written from the rulebook text, apart from the game code."""
    for p in state["players"]:
        if target in p["city"]:
            if p["sheltered"] or target in p["attached"].values():
                return True
            cul = catalogue.card(target)["culture"]
            return any(
                catalogue.card(c)["type"] == "bulwark" and catalogue.card(c)["culture"] == cul
                for c in p["city"]
            )
    raise AssertionError(f"{target} is not in play")


def hidden_ids(state: dict[str, Any], seat: int | None) -> set[str]:
    """Card ids ``seat`` must not see: the deck, and other seats' hands not publicly known."""
    out = set(state["deck"])
    for p in state["players"]:
        if seat is not None and p["seat"] != seat:
            out |= {c for c in p["hand"] if state["revealed"].get(c) != p["seat"]}
    return out


def strings(x: Any) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings(k) | strings(v) for k, v in x.items())) if x else set()
    if isinstance(x, list | tuple):
        return set().union(*(strings(v) for v in x)) if x else set()
    return set()


def check_step(m: Match, legal: list[Action], chosen: Action) -> None:
    """Checks of one step of a self-play game (before ``chosen`` is played)."""
    st = m.state
    for a in legal:
        assert m.game.check(st, a) is None, f"listed action {a} refused: {m.game.check(st, a)}"
    if chosen.kind == "attack":
        assert not independent_protection(st, chosen.args[3])
    if chosen.kind == "play":
        cid = chosen.args[0]
        turn = st["turn"]
        cul = catalogue.culture(cid)
        allowed = cul in turn["cultures"] or len(turn["cultures"]) < 1 + turn["extra_cultures"]
        bonus = (
            catalogue.ctype(cid) == "character"
            and logic.protagonist_power(st, m.current_player) == "patron"
            and not turn["bonus_used"]
        )
        assert allowed or bonus, f"{chosen} breaks one culture per turn"


def self_play(
    seed: int,
    players: int,
    options: dict[str, Any],
    *,
    checks: bool = True,
    views: bool = False,
    keep_undo: bool = False,
) -> Match:
    m = Match.new("secolo", players, seed, options, keep_undo=keep_undo)
    bots = [RandomBot(seed * 31 + s) for s in range(players)]
    steps = 0
    public: set[str] = set()  # cards that have been face up at some time (the log may name them)
    while not m.is_over:
        legal = m.legal_actions()
        assert legal, "a live game must offer actions"
        a = bots[m.current_player].choose(m.game, m.state, legal)
        if checks:
            check_step(m, legal, a)
        held = {c for p in m.state["players"] for c in p["hand"]} if views else set()
        o = m.play(a)
        assert o.ok, (a, o.verdict)
        if checks:
            bad = m.game.invariants(m.state)
            assert not bad, (seed, steps, bad)
        if views:
            public |= set(m.state["discard"]) | set(m.state["revealed"])
            for e in o.events:  # discarded face up, even if reshuffled and drawn in the step
                if e["kind"] == "redraw_discard":
                    public |= set(e["cards"])
            if any(e["kind"] == "reshuffle" for e in o.events):
                # every card of a reshuffled deck lay face up in the discard pile
                public |= set(m.state["deck"])
                public |= {c for p in m.state["players"] for c in p["hand"]} - held
            for p in m.state["players"]:
                public |= set(p["city"])
        if views and steps % 7 == 0:
            for seat in [None, *range(players)]:
                v = m.view(seat)
                log = v.pop("log")
                hidden = hidden_ids(m.state, seat)
                leak = strings(v) & hidden
                assert not leak, f"seat {seat} view leaks {sorted(leak)}"
                leak = strings(log) & (hidden - public)
                assert not leak, f"seat {seat} log names never-seen cards {sorted(leak)}"
        steps += 1
        assert steps < 5000, "game too long"
    assert m.legal_actions() == [] and m.state["result"]
    return m


def event_counts(matches: list[Match]) -> Counter:
    c: Counter = Counter()
    for m in matches:
        c.update(e["kind"] for e in m.log)
    return c
