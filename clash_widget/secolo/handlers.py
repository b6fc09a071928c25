"""Decision frames of 600 il Secolo di Ferro.

``pick``    each player in turn chooses a Protagonist (setup).
``draw``    the turn player marks cards to discard one by one, then ``redraw`` (or ``keep``).
``act``     the turn player puts cards of one culture into play, attacks once, plays
            Specials and Object powers, then ``end``\\ s the turn.
``react``   reaction window after an Attack is declared: every other player in turn
            order may play Specials or use Objects, or ``pass``.
``counter`` after a Special stops an Attack, every other player may answer it with a
            Countermand, or ``pass``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..engine import Action, Events, FrameHandler, Verdict
from ..engine.game import MALFORMED, NOT_NOW
from ..engine.rng import below
from . import cards as C
from . import logic as L
from . import rules as R

State = dict[str, Any]
Frame = dict[str, Any]

# Which Special timings each frame accepts.
SPECIAL_TIMINGS = {
    "act": ("anytime", "turn"),
    "react": ("reaction", "anytime"),
    "counter": ("counter",),
}
BLOCKERS = ("truce", "escape", "retaliation")
NO_ARG_SPECIALS = ("truce", "escape", "countermand", "patron", "alliance")
NO_ARG_OBJECTS = ("rosary", "bible", "telescope")


def malformed(action: Action, why: str) -> Verdict:
    return MALFORMED.refuse(f"{action}: {why}")


def seat_arg(text: str) -> int | None:
    return int(text) if text.isdigit() and str(int(text)) == text else None


# -- playing cards into a city -------------------------------------------------------------
def culture_mode(state: State, seat: int, cid: str) -> str | None:
    """How ``cid`` may enter play this turn: "normal", "bonus" (Workshop Mistress) or None."""
    turn = state["turn"]
    cul = C.culture(cid)
    if cul in turn["cultures"] or len(turn["cultures"]) < 1 + turn["extra_cultures"]:
        return "normal"
    if (
        C.ctype(cid) == "character"
        and L.protagonist_power(state, seat) == "patron"
        and not turn["bonus_used"]
    ):
        return "bonus"
    return None


def parse_play(action: Action, seat: int) -> tuple[str, int, str | None] | Verdict:
    args = list(action.args)
    if not 1 <= len(args) <= 3:
        return malformed(action, "use: play <card> [city seat] [attach-to]")
    cid, rest = args[0], args[1:]
    where = seat
    if rest and seat_arg(rest[0]) is not None:
        where = seat_arg(rest[0])
        rest = rest[1:]
    holder = rest[0] if rest else None
    if len(rest) > 1:
        return malformed(action, "too many arguments")
    return cid, where, holder


def check_play(state: State, seat: int, action: Action) -> Verdict | None:
    parsed = parse_play(action, seat)
    if isinstance(parsed, Verdict):
        return parsed
    cid, where, holder = parsed
    if cid not in L.hand(state, seat):
        return R.PLAY_IN_HAND.refuse(cid)
    kind = C.ctype(cid)
    if kind not in C.PLAYABLE_TYPES:
        return R.PLAY_KIND.refuse(f"{C.label(cid)} is a {kind}")
    if where not in L.play_cities(state, seat):
        return R.PLAY_CITY.refuse(f"city {where}")
    if culture_mode(state, seat, cid) is None:
        done = ", ".join(C.cultures()[c]["name"] for c in state["turn"]["cultures"])
        return R.ONE_CULTURE.refuse(f"this turn you play {done}")
    if kind == "object":
        if (
            holder is None
            or holder not in L.citizens(state, where)
            or C.culture(holder) != C.culture(cid)
        ):
            return R.OBJECT_HOLDER.refuse(f"attach {C.label(cid)} to a citizen of its culture")
    elif holder is not None:
        return malformed(action, "only an Object is attached to a citizen")
    return None


def legal_plays(state: State, seat: int) -> list[Action]:
    out = []
    for cid in sorted(set(L.hand(state, seat))):
        kind = C.ctype(cid)
        if kind not in C.PLAYABLE_TYPES or culture_mode(state, seat, cid) is None:
            continue
        for where in L.play_cities(state, seat):
            head = (cid,) if where == seat else (cid, str(where))
            if kind == "object":
                for h in L.citizens(state, where):
                    if C.culture(h) == C.culture(cid):
                        out.append(Action("play", (*head, h)))
            else:
                out.append(Action("play", head))
    return out


def apply_play(state: State, seat: int, action: Action, ev: Events) -> None:
    cid, where, holder = parse_play(action, seat)  # type: ignore[misc]
    mode = culture_mode(state, seat, cid)
    turn = state["turn"]
    if mode == "normal" and C.culture(cid) not in turn["cultures"]:
        turn["cultures"].append(C.culture(cid))
    if mode == "bonus":
        turn["bonus_used"] = True
    turn["played"].append([cid, C.culture(cid), mode])
    L.from_hand(state, seat, cid)
    L.enter_city(state, where, cid, holder)
    text = f"Player {seat} puts {C.label(cid)} into "
    text += "their city" if where == seat else f"player {where}'s city"
    if holder:
        text += f", attached to {C.label(holder)}"
    if mode == "bonus":
        text += " (Workshop Mistress: extra Character)"
    ev.emit("card_played", text, seat=seat, card=cid, city=where, holder=holder)
    if C.ctype(cid) in ("bulwark", "object") and L.protagonist_power(state, seat) == "abbess":
        L.draw(state, seat, 1, ev, "the Abbess")


# -- attacks --------------------------------------------------------------------------------
def pair_culture(state: State, seat: int, a1: str, a2: str) -> str | None:
    cits = L.citizens(state, seat)
    if a1 == a2 or a1 not in cits or a2 not in cits:
        return None
    c1, c2 = C.culture(a1), C.culture(a2)
    if c1 == c2:
        return c1
    if L.protagonist_power(state, seat) == "vizier":
        pr = state["players"][seat]["protagonist"]
        if a1 == pr:
            return c2
        if a2 == pr:
            return c1
    return None


def attack_pairs(state: State, seat: int) -> list[tuple[str, str, str]]:
    cits = sorted(L.citizens(state, seat))
    out = []
    for a1, a2 in combinations(cits, 2):
        cul = pair_culture(state, seat, a1, a2)
        if cul is not None:
            out.append((a1, a2, cul))
    return out


def check_attack(state: State, seat: int, action: Action) -> Verdict | None:
    if len(action.args) != 4:
        return malformed(action, "use: attack <attack-card> <attacker> <attacker> <target>")
    if state["turn"]["attacks"] >= 1:
        return R.ATTACK_ONCE.refuse()
    atk, a1, a2, target = action.args
    if atk not in L.hand(state, seat) or C.ctype(atk) != "attack":
        return R.ATTACK_CARD.refuse(atk)
    cul = pair_culture(state, seat, a1, a2)
    if cul is None:
        return R.ATTACK_PAIR.refuse(f"{a1}, {a2}")
    if target not in C.catalogue() or C.ctype(target) != "character":
        return R.ATTACK_TARGET.refuse(target)
    where = L.city_of(state, target)
    if where is None or where not in L.opponents(state, seat):
        return R.ATTACK_TARGET.refuse(f"{C.label(target)} is not in an opponent's city")
    if C.culture(target) == cul:
        return R.ATTACK_CULTURE.refuse(f"both are {C.cultures()[cul]['name']}")
    why = L.protection(state, where, target)
    if why is not None:
        return R.ATTACK_PROTECTED.refuse(f"{C.label(target)} is protected by {why}")
    return None


def legal_attacks(state: State, seat: int) -> list[Action]:
    if state["turn"]["attacks"] >= 1:
        return []
    atks = sorted(c for c in L.hand(state, seat) if C.ctype(c) == "attack")
    if not atks:
        return []
    targets = L.open_targets(state, seat)
    if not targets:
        return []
    out = []
    for a1, a2, cul in attack_pairs(state, seat):
        for t in targets:
            if C.culture(t) != cul:
                out.extend(Action("attack", (atk, a1, a2, t)) for atk in atks)
    return out


def apply_attack(state: State, seat: int, action: Action, ev: Events) -> None:
    atk, a1, a2, target = action.args
    cul = pair_culture(state, seat, a1, a2)
    where = L.city_of(state, target)
    L.from_hand(state, seat, atk)
    L.to_discard(state, atk, seat)
    state["turn"]["attacks"] += 1
    ev.emit(
        "attack",
        f"Player {seat} attacks {C.label(target)} in player {where}'s city with "
        f"{C.label(a1)} and {C.label(a2)}",
        seat=seat,
        card=atk,
        attackers=[a1, a2],
        target=target,
        city=where,
    )
    queue = L.turn_order_after(state, seat)
    state["stack"].append(
        {
            "kind": "react",
            "player": queue[0],
            "queue": queue[1:],
            "attack": {
                "by": seat,
                "card": atk,
                "attackers": [a1, a2],
                "culture": cul,
                "target": target,
                "city": where,
            },
        }
    )


def resolve_attack(state: State, frame: Frame, ev: Events) -> None:
    L.pop_frame(state, frame)
    att = frame["attack"]
    by, target, where = att["by"], att["target"], att["city"]
    if target not in L.city(state, where):
        ev.emit(
            "attack_fizzled",
            f"{C.label(target)} has left the city: the Attack misses",
            target=target,
            city=where,
        )
        return
    why = L.protection(state, where, target)
    if why is not None:
        ev.emit(
            "attack_protected",
            f"{C.label(target)} is now protected ({why}): the Attack fails",
            target=target,
            city=where,
            by_kind="protection",
            by=why,
        )
        return
    if L.protagonist_power(state, by) == "corsair":
        L.leave_city(state, where, target, by)
        L.to_hand(state, by, target, known=True)
        ev.emit(
            "attack_hit",
            f"The Corsair King takes {C.label(target)} into player {by}'s hand",
            target=target,
            city=where,
            seat=by,
            captured=True,
        )
    else:
        L.discard_from_city(state, where, target, by, ev, "attack")
        ev.emit(
            "attack_hit",
            f"The Attack succeeds: {C.label(target)} is discarded",
            target=target,
            city=where,
            seat=by,
            captured=False,
        )
    if L.protagonist_power(state, where) == "witch":
        L.draw(state, where, 2, ev, "the Witch Mother")


# -- specials ------------------------------------------------------------------------------
def attack_of(state: State) -> dict[str, Any] | None:
    for f in reversed(state["stack"]):
        if f["kind"] == "react":
            return f["attack"]
    return None


def plague_cultures(state: State) -> list[str]:
    out = []
    for cul in C.deck_cultures(state["options"]["deck"]):
        if any(
            C.culture(c) == cul and not L.is_protected(state, s, c)
            for s in range(L.n_players(state))
            for c in L.characters(state, s)
        ):
            out.append(cul)
    return out


def special_args(state: State, seat: int, eff: str) -> list[tuple[str, ...]]:
    if eff in NO_ARG_SPECIALS:
        return [()]
    if eff == "retaliation":
        att = attack_of(state)
        if att is None:
            return []
        return [
            (a,)
            for a in sorted(att["attackers"])
            if C.ctype(a) == "character" and a in L.city(state, att["by"])
        ]
    if eff in ("conversion", "exile"):
        return [(t,) for t in sorted(L.open_targets(state, seat))]
    if eff == "plague":
        return [(c,) for c in plague_cultures(state)]
    if eff == "demolition":
        return [(b,) for b in sorted(L.opponent_bulwarks(state, seat))]
    raise ValueError(f"unknown special effect {eff}")


def check_special(state: State, frame: Frame, action: Action) -> Verdict | None:
    seat = frame["player"]
    if not action.args:
        return malformed(action, "use: special <card> [target]")
    cid, rest = action.args[0], tuple(action.args[1:])
    if cid not in L.hand(state, seat) or C.ctype(cid) != "special":
        return R.SPECIAL_IN_HAND.refuse(cid)
    if C.card(cid)["timing"] not in SPECIAL_TIMINGS[frame["kind"]]:
        return R.SPECIAL_TIMING.refuse(f"{C.label(cid)} is a {C.card(cid)['timing']} card")
    eff = C.effect(cid)
    if eff in NO_ARG_SPECIALS:
        return None if not rest else malformed(action, f"{C.label(cid)} takes no target")
    if len(rest) != 1:
        return malformed(action, f"{C.label(cid)} takes one target")
    if rest not in special_args(state, seat, eff):
        return R.SPECIAL_TARGET.refuse(f"{C.label(cid)}: {rest[0]}")
    return None


def legal_specials(state: State, frame: Frame) -> list[Action]:
    seat = frame["player"]
    timings = SPECIAL_TIMINGS[frame["kind"]]
    out = []
    for cid in sorted(set(L.hand(state, seat))):
        if C.ctype(cid) != "special" or C.card(cid)["timing"] not in timings:
            continue
        out.extend(Action("special", (cid, *a)) for a in special_args(state, seat, C.effect(cid)))
    return out


def apply_special(state: State, frame: Frame, action: Action, ev: Events) -> None:
    seat = frame["player"]
    cid, rest = action.args[0], action.args[1:]
    eff = C.effect(cid)
    L.from_hand(state, seat, cid)
    L.to_discard(state, cid, seat)
    kind = "special_played" if frame["kind"] == "act" else "special_reaction"
    text = f"Player {seat} plays {C.label(cid)}"
    if rest:
        arg = rest[0]
        text += " on " + (C.cultures()[arg]["name"] if arg in C.cultures() else C.label(arg))
    ev.emit(kind, text, seat=seat, card=cid, effect=eff, target=rest[0] if rest else None)
    if eff in BLOCKERS:
        queue = L.turn_order_after(state, seat)
        state["stack"].append(
            {
                "kind": "counter",
                "player": queue[0],
                "queue": queue[1:],
                "pending": {
                    "by": seat,
                    "card": cid,
                    "effect": eff,
                    "arg": rest[0] if rest else None,
                },
            }
        )
    elif eff == "countermand":
        pending = frame["pending"]
        ev.emit(
            "special_countered",
            f"{C.label(pending['card'])} is cancelled",
            seat=seat,
            card=pending["card"],
        )
        L.pop_frame(state, frame)
        react = state["stack"][-1]
        advance(state, react, ev)
    elif eff == "patron":
        L.draw(state, seat, 3, ev, "Patron")
    elif eff == "conversion":
        t = rest[0]
        owner = L.city_of(state, t)
        L.leave_city(state, owner, t, seat)
        L.enter_city(state, seat, t)
        ev.emit(
            "conversion",
            f"{C.label(t)} moves from player {owner}'s city to player {seat}'s",
            card=t,
            source=owner,
            seat=seat,
        )
    elif eff == "exile":
        t = rest[0]
        owner = L.city_of(state, t)
        L.leave_city(state, owner, t, seat)
        L.to_hand(state, owner, t, known=True)
        ev.emit("exile", f"{C.label(t)} goes back to player {owner}'s hand", card=t, seat=owner)
    elif eff == "plague":
        cul = rest[0]
        victims = [
            (s, c)
            for s in range(L.n_players(state))
            for c in L.characters(state, s)
            if C.culture(c) == cul and not L.is_protected(state, s, c)
        ]
        for s, c in victims:
            L.discard_from_city(state, s, c, seat, ev, "Plague")
    elif eff == "demolition":
        b = rest[0]
        L.discard_from_city(state, L.city_of(state, b), b, seat, ev, "Demolition")
    elif eff == "alliance":
        state["turn"]["extra_cultures"] += 1
    if L.protagonist_power(state, seat) == "preacher":
        L.draw(state, seat, 1, ev, "the Geneva Preacher")


# -- objects -------------------------------------------------------------------------------
def object_args(state: State, frame: Frame, seat: int, eff: str) -> list[tuple[str, ...]]:
    if eff == "rosary":
        att = attack_of(state)
        ok = frame["kind"] == "react" and att is not None and att["city"] == seat
        return [()] if ok else []
    if eff in NO_ARG_OBJECTS:
        return [()]
    if eff == "amulet":
        return [
            (c,)
            for c in sorted(set(state["discard"]))
            if C.ctype(c) == "character" and state["discarded_by"].get(c) != seat
        ]
    if eff == "map":
        return [(str(s),) for s in L.opponents(state, seat) if L.hand(state, s)]
    if eff == "bombard":
        return [(b,) for b in sorted(L.opponent_bulwarks(state, seat))]
    if eff == "palette":
        return [(c,) for c in sorted(set(L.hand(state, seat))) if C.ctype(c) == "character"]
    raise ValueError(f"unknown object effect {eff}")


def check_object(state: State, frame: Frame, action: Action) -> Verdict | None:
    seat = frame["player"]
    if not action.args:
        return malformed(action, "use: object <card> [target]")
    cid, rest = action.args[0], tuple(action.args[1:])
    if cid not in L.city(state, seat) or C.ctype(cid) != "object":
        return R.OBJECT_IN_CITY.refuse(cid)
    eff = C.effect(cid)
    if eff == "rosary":
        if rest:
            return malformed(action, "the Rosary takes no target")
        return None if object_args(state, frame, seat, eff) else R.OBJECT_TIMING.refuse()
    if eff in NO_ARG_OBJECTS:
        return None if not rest else malformed(action, f"{C.label(cid)} takes no target")
    if len(rest) != 1:
        return malformed(action, f"{C.label(cid)} takes one target")
    if rest in object_args(state, frame, seat, eff):
        return None
    if eff == "amulet" and rest[0] in state["discard"] and C.ctype(rest[0]) == "character":
        return R.AMULET_OWN.refuse(C.label(rest[0]))
    return R.OBJECT_TARGET.refuse(f"{C.label(cid)}: {rest[0]}")


def legal_objects(state: State, frame: Frame) -> list[Action]:
    seat = frame["player"]
    out = []
    for cid in sorted(L.city(state, seat)):
        if C.ctype(cid) == "object":
            out.extend(
                Action("object", (cid, *a)) for a in object_args(state, frame, seat, C.effect(cid))
            )
    return out


def apply_object(state: State, frame: Frame, action: Action, ev: Events) -> None:
    seat = frame["player"]
    cid, rest = action.args[0], action.args[1:]
    eff = C.effect(cid)
    L.leave_city(state, seat, cid, seat)
    L.to_discard(state, cid, seat)
    ev.emit(
        "object_power",
        f"Player {seat} discards {C.label(cid)} to use its power",
        seat=seat,
        card=cid,
        effect=eff,
        target=rest[0] if rest else None,
    )
    if eff == "rosary":
        att = frame["attack"]
        L.pop_frame(state, frame)
        ev.emit(
            "attack_blocked",
            f"The Rosary cancels the Attack on {C.label(att['target'])}",
            target=att["target"],
            city=att["city"],
            by_kind="object",
            by="rosary",
        )
    elif eff == "bible":
        state["players"][seat]["sheltered"] = True
    elif eff == "telescope":
        L.draw(state, seat, 3, ev, "Telescope")
    elif eff == "amulet":
        c = rest[0]
        state["discard"].remove(c)
        state["discarded_by"].pop(c, None)
        L.enter_city(state, seat, c)
        ev.emit(
            "returned_to_play",
            f"{C.label(c)} comes back into player {seat}'s city",
            card=c,
            seat=seat,
        )
    elif eff == "map":
        victim = int(rest[0])
        h = L.hand(state, victim)
        taken = h.pop(below(state, len(h)))
        L.to_hand(state, seat, taken, known=False)
        ev.emit(
            "card_taken",
            f"Player {seat} takes a random card from player {victim}'s hand",
            seat=seat,
            victim=victim,
        )
    elif eff == "bombard":
        b = rest[0]
        L.discard_from_city(state, L.city_of(state, b), b, seat, ev, "Bombard")
    elif eff == "palette":
        c = rest[0]
        L.from_hand(state, seat, c)
        L.enter_city(state, seat, c)
        ev.emit(
            "card_played",
            f"Player {seat} puts {C.label(c)} into their city (Palette)",
            seat=seat,
            card=c,
            city=seat,
            holder=None,
            via="palette",
        )


# -- windows ---------------------------------------------------------------------------------
def advance(state: State, frame: Frame, ev: Events) -> None:
    """The deciding seat of a window is done: ask the next seat, or close the window."""
    if state["over"]:
        return
    if frame["queue"]:
        frame["player"] = frame["queue"].pop(0)
    elif frame["kind"] == "react":
        resolve_attack(state, frame, ev)
    else:
        apply_block(state, frame, ev)


def apply_block(state: State, counter: Frame, ev: Events) -> None:
    """Nobody countered: the Special stops the Attack."""
    L.pop_frame(state, counter)
    react = state["stack"][-1]
    att = react["attack"]
    L.pop_frame(state, react)
    pending = counter["pending"]
    eff = pending["effect"]
    target, where = att["target"], att["city"]
    if eff == "escape" and target in L.city(state, where):
        L.leave_city(state, where, target, pending["by"])
        L.to_hand(state, where, target, known=True)
    if eff == "retaliation" and pending["arg"] in L.city(state, att["by"]):
        L.discard_from_city(state, att["by"], pending["arg"], pending["by"], ev, "Retaliation")
    what = {
        "truce": "the Attack is cancelled",
        "escape": f"{C.label(target)} escapes to its owner's hand",
        "retaliation": "the Attack is cancelled and an attacker falls",
    }[eff]
    ev.emit(
        "attack_blocked",
        f"{C.label(pending['card'])}: {what}",
        target=target,
        city=where,
        by_kind="special",
        by=eff,
    )


# -- frame handlers ------------------------------------------------------------------------------
class PickHandler(FrameHandler):
    kind = "pick"

    def legal(self, game, state, frame):
        return [Action("pick", (c,)) for c in sorted(state["pool"])]

    def check(self, game, state, frame, action):
        if action.kind != "pick":
            return NOT_NOW.refuse(f"choose a Protagonist first, not {action.kind}")
        if len(action.args) != 1:
            return malformed(action, "use: pick <protagonist>")
        if action.args[0] not in state["pool"]:
            return R.PICK.refuse(action.args[0])
        return None

    def apply(self, game, state, frame, action, ev):
        seat, cid = frame["player"], action.args[0]
        state["pool"].remove(cid)
        p = state["players"][seat]
        p["protagonist"] = cid
        p["city"].append(cid)
        ev.emit("protagonist_chosen", f"Player {seat} chooses {C.label(cid)}", seat=seat, card=cid)
        if frame["queue"]:
            frame["player"] = frame["queue"].pop(0)
            return
        state["removed"].extend(sorted(state["pool"]))
        state["pool"] = []
        for s in range(L.n_players(state)):
            L.draw(state, s, state["options"]["hand_size"], ev, "starting hand")
        state["stack"] = []
        L.start_turn(state, 0, ev)

    def prompt(self, game, state, frame):
        return f"Player {frame['player']}: choose your Protagonist."


class DrawHandler(FrameHandler):
    kind = "draw"

    def legal(self, game, state, frame):
        seat = frame["player"]
        out = []
        if state["options"].get("redraw", True):
            out = [
                Action("discard", (c,))
                for c in sorted(set(L.hand(state, seat)) - set(frame["marked"]))
            ]
        out.append(Action("redraw") if frame["marked"] else Action("keep"))
        return out

    def check(self, game, state, frame, action):
        seat = frame["player"]
        if action.kind == "discard":
            if len(action.args) != 1:
                return malformed(action, "use: discard <card>")
            if not state["options"].get("redraw", True):
                return R.REDRAW_OFF.refuse()
            c = action.args[0]
            if c not in L.hand(state, seat) or c in frame["marked"]:
                return R.DRAW_IN_HAND.refuse(c)
            return None
        if action.kind in ("redraw", "keep"):
            if action.args:
                return malformed(action, f"{action.kind} takes no arguments")
            if action.kind == "redraw" and not frame["marked"]:
                return R.REDRAW_NEEDS.refuse()
            if action.kind == "keep" and frame["marked"]:
                return R.KEEP_CLEAN.refuse(f"{len(frame['marked'])} marked")
            return None
        return NOT_NOW.refuse(f"draw first (discard/redraw/keep), not {action.kind}")

    def apply(self, game, state, frame, action, ev):
        seat = frame["player"]
        if action.kind == "discard":
            frame["marked"].append(action.args[0])
            return
        power = L.protagonist_power(state, seat)
        if action.kind == "redraw":
            marked = sorted(frame["marked"])
            for c in marked:
                L.from_hand(state, seat, c)
                L.to_discard(state, c, seat)
            ev.emit(
                "redraw_discard",
                f"Player {seat} discards {len(marked)} card{'s' if len(marked) > 1 else ''}: "
                + ", ".join(C.label(c) for c in marked),
                seat=seat,
                cards=marked,
            )
            extra = 1 if power == "naturalist" else 0
            L.draw(state, seat, len(marked) + extra, ev, "redraw")
        more = state["options"]["draw"] + (1 if power == "astronomer" else 0)
        L.draw(state, seat, more, ev, "turn draw")
        if not state["over"]:
            L.pop_frame(state, frame)
            state["stack"].append({"kind": "act", "player": seat})

    def prompt(self, game, state, frame):
        n = len(frame["marked"])
        if n:
            return f"Player {frame['player']}: {n} card(s) chosen; choose more or redraw."
        if not state["options"].get("redraw", True):
            return f"Player {frame['player']}: keep your hand and draw (no redrawing here)."
        return f"Player {frame['player']}: choose cards to discard and redraw, or keep your hand."


class ActHandler(FrameHandler):
    kind = "act"

    def legal(self, game, state, frame):
        seat = frame["player"]
        return (
            legal_plays(state, seat)
            + legal_attacks(state, seat)
            + legal_specials(state, frame)
            + legal_objects(state, frame)
            + [Action("end")]
        )

    def check(self, game, state, frame, action):
        seat = frame["player"]
        if action.kind == "play":
            return check_play(state, seat, action)
        if action.kind == "attack":
            return check_attack(state, seat, action)
        if action.kind == "special":
            return check_special(state, frame, action)
        if action.kind == "object":
            v = check_object(state, frame, action)
            return v
        if action.kind == "end":
            return None if not action.args else malformed(action, "end takes no arguments")
        return NOT_NOW.refuse(f"{action.kind} is not an action of your turn")

    def apply(self, game, state, frame, action, ev):
        seat = frame["player"]
        if action.kind == "play":
            apply_play(state, seat, action, ev)
        elif action.kind == "attack":
            apply_attack(state, seat, action, ev)
        elif action.kind == "special":
            apply_special(state, frame, action, ev)
        elif action.kind == "object":
            apply_object(state, frame, action, ev)
        else:
            ev.emit("turn_end", f"Player {seat} ends the turn", seat=seat)
            L.pop_frame(state, frame)
            L.start_turn(state, (seat + 1) % L.n_players(state), ev)

    def prompt(self, game, state, frame):
        return (
            f"Player {frame['player']}: put cards of one culture into play, attack, "
            "play Specials or Objects, or end your turn."
        )


class ReactHandler(FrameHandler):
    kind = "react"

    def legal(self, game, state, frame):
        return legal_specials(state, frame) + legal_objects(state, frame) + [Action("pass")]

    def check(self, game, state, frame, action):
        if action.kind == "pass":
            return None if not action.args else malformed(action, "pass takes no arguments")
        if action.kind == "special":
            return check_special(state, frame, action)
        if action.kind == "object":
            return check_object(state, frame, action)
        return NOT_NOW.refuse(
            f"an Attack waits for answers (special, object or pass), not {action.kind}"
        )

    def apply(self, game, state, frame, action, ev):
        if action.kind == "pass":
            ev.emit("pass", f"Player {frame['player']} lets the Attack go on", seat=frame["player"])
            advance(state, frame, ev)
        elif action.kind == "special":
            apply_special(state, frame, action, ev)
        else:
            apply_object(state, frame, action, ev)

    def prompt(self, game, state, frame):
        att = frame["attack"]
        return (
            f"Player {frame['player']}: player {att['by']} attacks {C.label(att['target'])} "
            f"in player {att['city']}'s city. Play a Special or an Object, or pass."
        )


class CounterHandler(FrameHandler):
    kind = "counter"

    def legal(self, game, state, frame):
        return legal_specials(state, frame) + [Action("pass")]

    def check(self, game, state, frame, action):
        if action.kind == "pass":
            return None if not action.args else malformed(action, "pass takes no arguments")
        if action.kind == "special":
            return check_special(state, frame, action)
        return NOT_NOW.refuse(f"a Special waits for a Countermand or pass, not {action.kind}")

    def apply(self, game, state, frame, action, ev):
        if action.kind == "pass":
            ev.emit(
                "pass", f"Player {frame['player']} lets the Special stand", seat=frame["player"]
            )
            advance(state, frame, ev)
        else:
            apply_special(state, frame, action, ev)

    def prompt(self, game, state, frame):
        p = frame["pending"]
        return (
            f"Player {frame['player']}: player {p['by']} stops the Attack with "
            f"{C.label(p['card'])}. Answer with a Countermand, or pass."
        )


HANDLERS: dict[str, FrameHandler] = {
    h.kind: h
    for h in (PickHandler(), DrawHandler(), ActHandler(), ReactHandler(), CounterHandler())
}
