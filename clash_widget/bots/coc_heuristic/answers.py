"""The heuristic's answers to decisions: one function per decision frame kind, in the table
:data:`ANSWERS` (a kind without an answer gets the bot's fallback: anything but passing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...coc.board import board_neighbours, city_size, terrain
from ...coc.cards import action_cards, card_base
from ...coc.odds import battle_odds
from ...coc.research import read_payment
from ...coc.vocab import HAPPY, LAND
from ...coc.windows import gives
from ...coc.wonders import wonder_cards
from ...engine import Action
from ..coc_thumbs import ADVANCE_VALUE
from .plan import FAR, Mind, Seat, shortfall
from .trades import helps
from .turn import advance_worth, can_draft, civic_plan, turn_scores

Answer = Callable[[Mind, Seat, dict[str, Any], list[Action]], Action]


def turn(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return bot.pick(legal, turn_scores(bot, seat, frame, legal))


def trade_reply(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    # frame["give"] is what I would receive, frame["get"] what I would hand over
    if helps(seat, frame["give"], frame["get"]):
        for a in legal:
            if a.args[:1] == ("accept",):
                return a
    return Action("reply", ("decline",))


def collect(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    got: dict[str, int] = {}
    for _, r in frame["picks"]:
        got[r] = got.get(r, 0) + 1
    base = seat.worth_of_goods(got)
    best, best_v = None, 0.0
    for a in legal:
        if a.kind != "take":
            continue
        more = dict(got)
        more[a.args[1]] = more.get(a.args[1], 0) + 1
        v = seat.worth_of_goods(more) - base + bot.rng.random() * 0.01
        if v > best_v:
            best, best_v = a, v
    if best is not None:
        return best
    done = [a for a in legal if a.kind == "done"]
    return done[0] if done else legal[0]


def build(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    built = frame["built"]
    kinds = {a.args[0]: a for a in legal if a.kind == "unit" and len(a.args) == 1}
    draft = [a for a in legal if a.kind == "unit" and a.args[1:] == ("draft",)]
    settlers_wanted = seat.wants_settler and built.count("settler") < max(
        1, int(bot.w["target_cities"]) - len(seat.mine) - seat.settlers
    )
    guard = seat.guards.get(frame["city"], 0) - seat.mine_at(frame["city"], "army")
    if guard > 0 and "army" in kinds:
        return kinds["army"]
    if "settler" in kinds and settlers_wanted and not built.count("settler"):
        return kinds["settler"]
    if seat.army_wanted > 0 or (built.count("army") == 0 and seat.guards.get(frame["city"], 0) > 0):
        if draft and can_draft(seat):
            return draft[0]
        if "army" in kinds:
            return kinds["army"]
    if "settler" in kinds and settlers_wanted:
        return kinds["settler"]
    done = [a for a in legal if a.kind == "done"]
    if done:
        culture = [a for a in done if a.args == ("culture",)]
        return culture[0] if culture and seat.me["mood"] >= 3 else done[0]
    return legal[0]


def move(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    best, best_v = None, 0.0
    for a in legal:
        if a.kind != "group":
            continue
        src, dst, spec = a.args[0], a.args[1], a.args[2]
        if len(a.args) > 3:
            continue  # Roads: paying goods to go further is left out
        if "h" in spec:
            continue  # ships: the bot builds none
        n_army, n_settler = group_size(spec)
        v = seat.group_value(src, dst, n_army, n_settler) + bot.rng.random() * 0.01
        if v > best_v:
            best, best_v = a, v
    if best is not None:
        return best
    done = [a for a in legal if a.kind == "done"]
    if done:
        return done[0]
    groups = [a for a in legal if a.kind == "group" and len(a.args) == 3]
    return bot.best(
        seat,
        frame,
        groups or legal,
        lambda s, f, a: (
            s.group_value(a.args[0], a.args[1], *group_size(a.args[2])) if a.kind == "group" else -1
        ),
    )


def civic(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    """Lift the planned cities with mood tokens, then done."""
    for k, _, _ in civic_plan(seat, seat.me["mood"]):
        a = Action("improve", (k,))
        if a in legal:
            return a
    done = [a for a in legal if a.kind == "done"]
    return done[0] if done else legal[0]


def battle_round(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    at = frame["at"]
    if frame.get("naval"):
        return Action("battle", ("continue",))
    mine = seat.armies(at, seat.p)
    theirs = sum(
        1
        for u in seat.by_hex.get(at, ())
        if u["owner"] == frame["defender"] and u["kind"] == "army" and u["on"] is None
    )
    if theirs == 0:
        return Action("battle", ("continue",))
    win = battle_odds(mine, theirs, False, seat.s["options"]["hit_divisor"])["wins"]
    return Action("battle", ("continue" if win >= bot.w["retreat_odds"] else "retreat",))


def barbarian_city(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return Action("city", ("keep",))


def combat_card(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    cards = [a for a in legal if a.kind == "tactic"]
    if not cards:
        return Action("pass")
    strength = {"dice": 3, "cancel": 3, "bonus": 2}

    def power(a: Action) -> float:
        spec = action_cards()[card_base(a.args[0])].get("combat") or {}
        return strength.get(spec.get("effect", ""), 0) * spec.get("n", 1)

    return max(cards, key=power)


def casualties(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    def cargo(a: Action) -> int:
        return sum(1 for u in seat.units.values() if u["on"] == a.args[0])

    return min(legal, key=lambda a: (cargo(a), a.args))


def siegecraft(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    for pay in ("both", "ore", "wood", "nothing"):
        a = Action("siege", (pay,))
        if a in legal:
            return a
    return legal[0]


def refugee_city(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return award_city(bot, seat, legal)


def fanaticism_city(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return award_city(bot, seat, legal)


def influence_boost(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    boost = Action("boost")
    return boost if boost in legal else legal[0]


def window(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    """A window opens when I am short of something (culture for an influence roll, mood
    for Myths, food for a famine): use what gives it, else pass."""
    need = frame.get("need", "")
    useful = [a for a in legal if gives(a, need) > 0]
    return max(useful, key=lambda a: gives(a, need)) if useful else Action("pass")


def influence_piece(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    order = {"temple": 0, "academy": 1, "fortress": 2, "port": 3}
    return min(legal, key=lambda a: order.get(a.args[0], 9))


def research_payment(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    """Pay for an advance with what is worth least to the purchases I save for."""
    return min(legal, key=lambda a: (payment_loss(seat, a.args[0]), a.args))


def payment(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    """Gold or the resource: pay with what is worth least to the purchases I save for."""
    return min(legal, key=lambda a: (payment_loss(seat, a.args[0]), a.args))


def trade_routes(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    def worth(a: Action) -> float:
        n, gold = frame["routes"], int(a.args[0])
        return seat.worth_of_goods({"food": n - gold}) + seat.worth_of_goods({"gold": gold}) * 1.2

    return max(legal, key=worth)


def free_advance(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return max(legal, key=lambda a: advance_worth(bot, seat, a.args[0]) if a.args else -1)


def raze(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return Action("pass") if Action("pass") in legal else legal[0]


def monuments_pick(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return min(legal, key=lambda a: shortfall(seat.res, wonder_cards()[a.args[0]]["cost"]))


def dogma_advance(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return max(legal, key=lambda a: ADVANCE_VALUE.get(a.args[0], 0))


def government_cubes(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    return max(legal, key=lambda a: ADVANCE_VALUE.get(a.args[0], 0))


def event_mood(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    myths = Action("myths")
    if myths in legal and seat.me["mood"] >= 2:
        return myths
    cities = [a for a in legal if a.kind == "lower"]
    if not cities:
        return legal[0]

    def cost(a: Action) -> tuple[int, int, str]:
        c = seat.cities[a.args[0]]
        return (0 if c["mood"] == HAPPY else 1, city_size(c), a.args[0])

    return min(cities, key=cost)


def which_units(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
    """Send the units that keep their options: a fresh unit over one that entered a forest
    (it may still attack from where it goes), an empty ship over a loaded one (the cargo
    stays where it is) unless the ship sails to a new shore its cargo could land on, and
    land units aboard the empty ship (the loaded one keeps its room for its own)."""
    src, to = frame["args"]["from"], frame["args"]["to"]
    shore = {k for k in board_neighbours(seat.s, to) if terrain(seat.s, k) in LAND}
    new_shore = bool(shore - set(board_neighbours(seat.s, src)) - {src})

    def keeps_options(a: Action) -> tuple[int, str]:
        good = 0
        for cls in a.args[0].split("+"):
            if cls.endswith("-fresh") or cls == "aboard-ship-empty":
                good += 1
            elif cls == "ship-empty":
                good += 0 if new_shore else 1
            elif cls.startswith("ship-carrying-"):
                good += 1 if new_shore else 0
        return good, a.args[0]

    picks = [a for a in legal if a.kind == "pick" and a.args]
    return max(picks, key=keeps_options) if picks else legal[0]


def group_size(spec: str) -> tuple[int, int]:
    n_army = n_settler = 0
    for letter, n in zip(spec[::2], spec[1::2], strict=False):
        if letter == "a":
            n_army += int(n)
        elif letter == "s":
            n_settler += int(n)
    return n_army, n_settler


def payment_loss(seat: Seat, key: str) -> float:
    try:
        take = read_payment(key)  # "free": a discount taken, nothing paid
    except ValueError:
        return FAR
    keep = {"ideas": 1.0, "gold": 12.0}
    loss = 0.0
    for r, n in take.items():
        if r in keep:
            loss += keep[r] * n
        elif r in seat.res:  # tokens (a wonder's) cost the same whichever way: skip
            stock = dict(seat.res)
            before = seat.worth_of_goods({})
            stock[r] = max(0, stock[r] - n)
            loss += (
                sum(
                    g.per_unit * (shortfall(stock, g.cost) - shortfall(seat.res, g.cost))
                    for g in seat.goals[:3]
                    if g.name != "research"
                )
                + 2 * n
                + before * 0
            )
    return loss


def award_city(bot: Mind, seat: Seat, legal: list[Action]) -> Action:
    def need(a: Action) -> tuple[int, str]:
        k = a.args[0]
        return (-(seat.guards.get(k, 0) - seat.mine_at(k, "army")), k)

    return min(legal, key=need)


# frame kind -> its answer (tests/test_heuristic_answers.py checks every kind has one)
ANSWERS: dict[str, Answer] = {
    "turn": turn,
    "trade_reply": trade_reply,
    "collect": collect,
    "build": build,
    "move": move,
    "which_units": which_units,
    "civic": civic,
    "battle_round": battle_round,
    "barbarian_city": barbarian_city,
    "combat_card": combat_card,
    "casualties": casualties,
    "siegecraft": siegecraft,
    "refugee_city": refugee_city,
    "fanaticism_city": fanaticism_city,
    "influence_boost": influence_boost,
    "window": window,
    "influence_piece": influence_piece,
    "research_payment": research_payment,
    "payment": payment,
    "trade_routes": trade_routes,
    "free_advance": free_advance,
    "raze": raze,
    "monuments_pick": monuments_pick,
    "dogma_advance": dogma_advance,
    "government_cubes": government_cubes,
    "event_mood": event_mood,
}
