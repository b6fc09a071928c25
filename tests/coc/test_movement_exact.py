"""Moving exactly as the primer says: one space per Move action, ships, Navigation.

Primer, Actions (Expanded), Move Units: "The Move action allows you to move up to
three units or groups of units. A group is defined as up to four units moving from
the same space to the same space." "Land Units are moved one space per Move action.
They can be moved again by spending more actions on Moving." "Every ship may
transport two Land units by having the units move onto the Ship, and then off it in
a later action."
"""

from clash_widget.coc import movement
from clash_widget.coc.board import board_neighbours

from .helpers import accepted, open_map, refused


def _land_next_to(s, key, avoid=()):
    return next(
        n
        for n in board_neighbours(s.state, key)
        if s.state["hexes"][n]["terrain"] in ("plains", "barren")
        and n not in s.state["cities"]
        and n not in avoid
    )


def _group_keys(m):
    return {str(a) for a in m.legal_actions() if a.kind == "group"}


# -- one space per Move action ---------------------------------------------------------


def test_move_once_per_action_refuses_a_second_step():
    """Primer: "Land Units are moved one space per Move action. They can be moved again
    by spending more actions on Moving." An army moved in the first group cannot be
    moved again as the second group of the same Move action."""
    s = open_map().advances(0, "tactics").clear_units(0)
    cap = s.capital(0)
    s.units(0, cap, army=1)
    m = s.match()
    accepted(m, "move")
    dst = _land_next_to(s, cap)
    accepted(m, f"group {cap} {dst} a1")
    beyond = _land_next_to(s, dst, avoid=(cap,))
    assert refused(m, f"group {dst} {beyond} a1") == "move.once-per-action"
    assert refused(m, f"group {dst} {cap} a1") == "move.once-per-action"
    assert not any(k.startswith(f"group {dst} ") for k in _group_keys(m))


def test_move_once_per_action_other_units_still_move_and_next_action_may_move_again():
    """Primer: "move up to three units or groups of units" and "They can be moved again by
    spending more actions on Moving": three different armies make three groups; the
    army that moved goes on only in a new Move action."""
    s = open_map().advances(0, "tactics").clear_units(0)
    cap = s.capital(0)
    s.units(0, cap, army=3)
    m = s.match()
    dst = _land_next_to(s, cap)
    accepted(m, "move")
    accepted(m, f"group {cap} {dst} a1")
    accepted(m, f"group {cap} {dst} a1")
    assert refused(m, f"group {dst} {cap} a1") == "move.once-per-action"
    accepted(m, f"group {cap} {dst} a1")
    assert m.state["stack"][-1]["kind"] == "turn"  # three groups end the Move action
    accepted(m, "move")
    accepted(m, f"group {dst} {cap} a2")  # a new action: the armies may move again


def test_move_groups_left_after_three_groups():
    """Primer: "The Move action allows you to move up to three units or groups of units."
    The game closes a Move action after its third group by itself, so this refusal is
    what any further group sent to an exhausted Move frame gets."""
    s = open_map().advances(0, "tactics").clear_units(0)
    cap = s.capital(0)
    s.units(0, cap, army=2)
    m = s.match()
    accepted(m, "move")
    m.state["stack"][-1]["left"] = 0
    dst = _land_next_to(s, cap)
    assert refused(m, f"group {cap} {dst} a1") == "move.groups-left"


def test_move_at_least_one_group():
    """Primer: a Move action moves "up to three" groups; taking it to move nothing is
    refused (the action would be spent for nothing)."""
    s = open_map().clear_units(0)
    s.units(0, s.capital(0), settler=1)
    m = s.match()
    accepted(m, "move")
    assert refused(m, "done") == "move.at-least-one-group"


# -- ships -----------------------------------------------------------------------------


def _coast(s):
    """A sea space with a free land space next to it, and that land space."""
    for sea, h in sorted(s.state["hexes"].items()):
        if h["terrain"] != "sea":
            continue
        lands = [
            n
            for n in board_neighbours(s.state, sea)
            if s.state["hexes"][n]["terrain"] in ("plains", "barren") and n not in s.state["cities"]
        ]
        seas = [
            n for n in board_neighbours(s.state, sea) if s.state["hexes"][n]["terrain"] == "sea"
        ]
        if len(lands) >= 2 and seas:
            return sea, lands, seas
    raise AssertionError("no coast on this map")


def test_move_disembark_later_boarding_and_landing_are_different_actions():
    """Primer: "Every ship may transport two Land units by having the units move onto the
    Ship, and then off it in a later action." A settler that boarded in this Move action
    may sail with the ship but cannot land in the same action; it lands in the next one."""
    s = open_map().clear_units(None)
    sea, lands, seas = _coast(s)
    s.units(0, lands[0], settler=1).units(0, sea, ship=1)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {lands[0]} {sea} s1")  # boards
    assert refused(m, f"group {sea} {lands[1]} s1") == "move.disembark-later"
    accepted(m, "done")
    accepted(m, "move")
    accepted(m, f"group {sea} {lands[1]} s1")  # a later action: it lands
    settler = next(u for u in m.state["units"].values() if u["kind"] == "settler")
    assert settler["hex"] == lands[1] and settler["on"] is None


def test_move_riders_aboard_before_the_action_may_land_after_the_ship_sails():
    """Primer: units move onto the ship "and then off it in a later action": a settler
    that boarded in an earlier action may land in this one, after its ship has sailed
    (our reading: being carried is the ship's move, not the settler's)."""
    s = open_map().clear_units(None)
    sea, lands, seas = _coast(s)
    s.units(0, lands[0], settler=1).units(0, sea, ship=1)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {lands[0]} {sea} s1")
    accepted(m, "done")
    accepted(m, "move")
    target = seas[0]
    accepted(m, f"group {sea} {target} h1")
    shore = next(
        n
        for n in board_neighbours(m.state, target)
        if m.state["hexes"][n]["terrain"] in ("plains", "barren", "forest")
        and n not in m.state["cities"]
    )
    accepted(m, f"group {target} {shore} s1")


def test_move_ships_alone_and_ships_need_sea():
    """Primer: "Ships can move any distance between connected Sea spaces"; land units
    ride aboard rather than moving in the ship's group."""
    s = open_map().clear_units(None)
    sea, lands, seas = _coast(s)
    s.units(0, sea, ship=1).units(0, lands[0], settler=1)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {lands[0]} {sea} s1")
    accepted(m, "done")
    accepted(m, "move")
    assert refused(m, f"group {sea} {seas[0]} h1s1") == "move.ships-alone"
    assert refused(m, f"group {sea} {lands[1]} h1") == "move.ships-need-sea"


def test_move_units_present_and_on_board():
    """Primer: a group is "up to four units moving from the same space to the same space":
    the units must be there, and both spaces on the board."""
    s = open_map().advances(0, "tactics").clear_units(0)
    cap = s.capital(0)
    s.units(0, cap, army=1)
    m = s.match()
    accepted(m, "move")
    dst = _land_next_to(s, cap)
    assert refused(m, f"group {cap} {dst} a2") == "move.units-present"
    assert refused(m, f"group {cap} 99,99 a1") == "move.on-board"


def test_move_stack_limit():
    """Primer: "you may never have more than 4 units on a space, not counting army units
    on board a ship"."""
    s = open_map().advances(0, "tactics").clear_units(0)
    cap = s.capital(0)
    dst = _land_next_to(s, cap)
    limit = s.state["options"]["max_units_per_space"]
    s.units(0, dst, settler=limit - 1).units(0, cap, army=2)
    m = s.match()
    accepted(m, "move")
    assert refused(m, f"group {cap} {dst} a2") == "move.stack-limit"
    accepted(m, f"group {cap} {dst} a1")


def test_move_ships_attack_ships():
    """Primer, Battles: only ships fight at sea; land units cannot move into a sea space
    held by enemy ships (they could only board a ship of their own)."""
    s = open_map().advances(0, "tactics").clear_units(None)
    sea, lands, seas = _coast(s)
    s.units(0, lands[0], army=1).units(0, sea, ship=1).units(1, sea, ship=1)
    m = s.match()
    accepted(m, "move")
    assert refused(m, f"group {lands[0]} {sea} a1") == "move.ships-attack-ships"


# -- Navigation ------------------------------------------------------------------------


def _rim_map():
    """Every space plains except four sea spaces spread around the board's rim."""
    s = open_map().clear_units(None)
    for k in s.state["hexes"]:
        if k not in s.state["cities"]:
            s.paint(k, "plains")
    rim = movement._rim(tuple(sorted(s.state["hexes"])))
    step = len(rim) // 4
    seas = [rim[i * step] for i in range(4)]  # clockwise order A, B, C, D
    for k in seas:
        assert k not in s.state["cities"]
        s.paint(k, "sea")
    for a in seas:
        assert not set(board_neighbours(s.state, a)) & set(seas), "seas must not touch"
    return s, seas


def test_move_navigation_reaches_the_first_sea_each_way_round():
    """Primer, Navigation: "Ships may move off the board and around to the first Sea space
    in the direction moved." Without Navigation the lone sea space is a dead end; with
    it, the ship reaches the next sea space on the rim in either direction."""
    s, (a, b, c, d) = _rim_map()
    s.units(0, a, ship=1)
    m = s.match()
    assert refused(m, "move") == "move.nothing-to-move"  # the ship has nowhere to go
    s2, (a, b, c, d) = _rim_map()
    s2.advances(0, "fishing", "cartography", "navigation").units(0, a, ship=1)
    m2 = s2.match()
    accepted(m2, "move")
    assert {f"group {a} {b} h1", f"group {a} {d} h1"} <= _group_keys(m2)


def test_move_navigation_stops_at_the_first_sea_not_any_edge_sea():
    """Primer, Navigation: around "to the first Sea space in the direction moved". Enemy
    ships hold the first sea space each way round, so the ship stops there (to fight) and
    cannot jump to the sea space beyond them (the old reading joined every edge sea)."""
    s, (a, b, c, d) = _rim_map()
    s.advances(0, "fishing", "cartography", "navigation").units(0, a, ship=1)
    s.units(1, b, ship=1).units(1, d, ship=1)
    m = s.match()
    accepted(m, "move")
    keys = _group_keys(m)
    assert {f"group {a} {b} h1", f"group {a} {d} h1"} <= keys
    assert f"group {a} {c} h1" not in keys
    assert refused(m, f"group {a} {c} h1") == "move.adjacent"


def test_move_adjacent_navigation_goes_round_the_rim_once_per_move():
    """Primer, Move Units: "If you have the Navigation advance your move may be used to
    move off the board and around it to the next Sea area"; Navigation: "around to the
    first Sea space in the direction moved". One trip round the rim per move: the ship
    reaches the next sea space each way, but not the one beyond it (a second trip)."""
    s, (a, b, c, d) = _rim_map()
    s.advances(0, "fishing", "cartography", "navigation").units(0, a, ship=1)
    m = s.match()
    accepted(m, "move")
    keys = _group_keys(m)
    assert {f"group {a} {b} h1", f"group {a} {d} h1"} <= keys
    assert f"group {a} {c} h1" not in keys
    assert refused(m, f"group {a} {c} h1") == "move.adjacent"
    accepted(m, f"group {a} {b} h1")  # a trip ends where it arrives; the next move goes on
    accepted(m, "done")
    accepted(m, "move")
    assert f"group {b} {c} h1" in _group_keys(m)


# -- which units go, when units of one kind differ (the player says) -------------------


def _settler_ashore_beside(s, sea):
    """A new settler of Blue's on open land next to ``sea``: (its hex, its unit id)."""
    land = next(
        n
        for n in board_neighbours(s.state, sea)
        if s.state["hexes"][n]["terrain"] in ("plains", "barren") and n not in s.state["cities"]
    )
    s.units(0, land, settler=1)
    return land, max(s.state["units"], key=lambda k: int(k[1:]))


def _two_ships_one_loaded():
    """Two of Blue's ships on one sea space: the older one empty, the newer one carrying a
    settler."""
    s = open_map().clear_units(None)
    sea, lands, seas = _coast(s)
    s.units(0, sea, ship=2).units(0, sea, settler=1)
    ships = sorted(
        (k for k, u in s.state["units"].items() if u["kind"] == "ship"), key=lambda k: int(k[1:])
    )
    settler = next(k for k, u in s.state["units"].items() if u["kind"] == "settler")
    s.state["units"][settler]["on"] = ships[1]
    return s, sea, seas[0], ships, settler


def test_move_which_units_the_player_chooses_the_ship_that_sails():
    """Primer, Move Units: "The Move action allows you to move up to three units or groups of
    units" - the player moves the units; with two ships that differ (one carries a settler)
    the player says which one sails, instead of the engine taking the older one."""
    s, sea, other, ships, settler = _two_ships_one_loaded()
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {sea} {other} h1")
    assert m.state["stack"][-1]["kind"] == "which_units"
    assert sorted(str(a) for a in m.legal_actions()) == [
        "pick ship-carrying-s1",
        "pick ship-empty",
    ]
    labels = {x["label"] for x in m.view(0)["legal"]}
    assert "Move the ship carrying 1 settler" in labels and "Move an empty ship" in labels
    accepted(m, "pick ship-carrying-s1")
    assert m.state["units"][ships[1]]["hex"] == other
    assert m.state["units"][settler]["hex"] == other
    assert m.state["units"][ships[0]]["hex"] == sea
    assert m.state["stack"][-1]["kind"] == "move"


def test_move_which_units_named_in_the_group_key():
    """The choice may be named in the action: pick:<class> (the board can send it)."""
    s, sea, other, ships, settler = _two_ships_one_loaded()
    m = s.match()
    accepted(m, "move")
    assert refused(m, f"group {sea} {other} h1 pick:ship-carrying-a1") == "move.which-units"
    accepted(m, f"group {sea} {other} h1 pick:ship-carrying-s1")
    assert m.state["units"][settler]["hex"] == other
    assert m.state["units"][ships[0]]["hex"] == sea


def test_move_which_units_not_asked_when_the_units_are_alike():
    """Two empty ships: whichever sails changes nothing, so nothing is asked."""
    s = open_map().clear_units(None)
    sea, lands, seas = _coast(s)
    s.units(0, sea, ship=2)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {sea} {seas[0]} h1")
    assert m.state["stack"][-1]["kind"] == "move"


def test_move_which_units_choice_an_army_from_a_forest_or_a_fresh_one():
    """Primer: "Units that move into a Forest can be moved again the same turn, but not if
    this would result in a battle." Which of two armies goes on (one entered a forest this
    turn) decides which may still attack later: the player says."""
    s = open_map().advances(0, "tactics").clear_units(None)
    cap = s.capital(0)
    s.units(0, cap, army=2)
    armies = sorted(s.state["units"], key=lambda k: int(k[1:]))
    s.state["units"][armies[1]]["forest"] = True
    dest = _land_next_to(s, cap)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {cap} {dest} a1")
    assert sorted(str(a) for a in m.legal_actions()) == ["pick army-forest", "pick army-fresh"]
    assert refused(m, "pick army-forest+army-fresh") == "move.which-units-choice"
    accepted(m, "pick army-forest")
    assert m.state["units"][armies[1]]["hex"] == dest
    assert m.state["units"][armies[0]]["hex"] == cap and not m.state["units"][armies[0]]["forest"]


def test_move_which_units_choice_the_ship_boarding_units_ride():
    """Primer: "Every ship may transport two Land units by having the units move onto the
    Ship". Two ships with room that differ (one already carries a settler): the player says
    which one the boarding settler rides."""
    s, sea, other, ships, settler = _two_ships_one_loaded()
    land, boarder = _settler_ashore_beside(s, sea)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {land} {sea} s1")
    assert sorted(str(a) for a in m.legal_actions()) == [
        "pick aboard-ship-carrying-s1+settler-fresh",
        "pick aboard-ship-empty+settler-fresh",
    ]
    accepted(m, "pick aboard-ship-carrying-s1+settler-fresh")
    assert m.state["units"][boarder]["on"] == ships[1]


# -- the heuristic bot's answer to "which units" ------------------------------------------
def _heuristic_pick(m):
    from clash_widget.bots.coc_heuristic import CocHeuristicBot

    return str(CocHeuristicBot(0).choose(m.game, m.state, m.legal_actions()))


def test_move_which_units_the_heuristic_sends_the_fresh_army():
    """Primer: units that moved into a Forest "can be moved again the same turn, but not if
    this would result in a battle": the heuristic sends the fresh army, which may still
    attack from where it goes."""
    s = open_map().advances(0, "tactics").clear_units(None)
    cap = s.capital(0)
    s.units(0, cap, army=2)
    armies = sorted(s.state["units"], key=lambda k: int(k[1:]))
    s.state["units"][armies[1]]["forest"] = True
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {cap} {_land_next_to(s, cap)} a1")
    assert _heuristic_pick(m) == "pick army-fresh"


def _sail_one_of_two_ships(*, shore_beyond: bool):
    """Blue's two ships at 3,-1, one carrying a settler, sail to 2,-1: beyond it lies 1,0, a
    shore 3,-1 does not touch (made sea when ``shore_beyond`` is False)."""
    s = open_map().clear_units(None)
    if not shore_beyond:
        s.state["hexes"]["1,0"]["terrain"] = "sea"
    s.units(0, "3,-1", ship=2).units(0, "3,-1", settler=1)
    ships = sorted((k for k, u in s.state["units"].items() if u["kind"] == "ship"))
    settler = next(k for k, u in s.state["units"].items() if u["kind"] == "settler")
    s.state["units"][settler]["on"] = ships[1]
    m = s.match()
    accepted(m, "move")
    accepted(m, "group 3,-1 2,-1 h1")
    return m


def test_move_which_units_the_heuristic_sails_the_empty_ship_unless_the_cargo_can_land():
    """Two ships, one carrying a settler: along the same shore the empty one sails and the
    settler keeps its place; towards a shore the settler could not reach before, the loaded
    one sails."""
    assert _heuristic_pick(_sail_one_of_two_ships(shore_beyond=False)) == "pick ship-empty"
    assert _heuristic_pick(_sail_one_of_two_ships(shore_beyond=True)) == "pick ship-carrying-s1"
