"""Cultural influence: culture tokens spent on the roll after seeing the die.

French rulings (livret p. 10-11): "vous pouvez dépenser des jetons Culture pour ajouter
+1 à la portée par jeton ou +1 au résultat du dé par jeton (les jetons ajoutant un bonus
au résultat peuvent être dépensés après le lancer)".
"""

from clash_widget.coc.board import board_neighbours, hex_distance, is_land

from .helpers import accepted, open_map, refused, rig_dice


def _next_to(s, centre):
    """A free non-barren land hex next to ``centre`` with no other city around it."""
    hexes = s.state["hexes"]
    return next(
        k
        for k in sorted(hexes)
        if is_land(s.state, k)
        and hexes[k]["terrain"] != "barren"
        and hex_distance(k, centre) == 1
        and k not in s.state["cities"]
        and all(n not in s.state["cities"] for n in board_neighbours(s.state, k) if n != centre)
    )


def _missed_roll(die, culture):
    """Blue (0) influences Orange's size-2 capital (a temple) from next door; the die shows
    ``die`` (5 is needed) and Blue holds ``culture`` tokens."""
    s = open_map()
    cap1 = s.capital(1)
    src = _next_to(s, cap1)
    s.city(0, src)
    s.city(1, s.find("plains", near=cap1))  # Orange's second city: its capital may be size 2
    s.advances(1, "myths").city(1, cap1, pieces=("temple",))
    s.resources(0, culture=culture).turn(0)
    rig_dice(s, die)
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    return m, cap1


def test_influence_boost_tokens_lift_the_roll():
    """Primer, Cultural Influence: "Culture tokens may be spent to ... add 1 to the die
    result per token"; the rulings: those tokens "peuvent être dépensés après le lancer"."""
    m, cap1 = _missed_roll(3, culture=3)
    frame = m.state["stack"][-1]
    assert frame["kind"] == "influence_boost" and frame["cost"] == 2
    accepted(m, "boost")
    assert m.state["players"][0]["culture"] == 1
    assert m.state["cities"][cap1]["pieces"]["temple"] == 0


def test_influence_boost_tokens():
    """Primer, Cultural Influence: "Culture tokens may be spent to ... add 1 to the die
    result per token": a boost needs a token for each point the die missed by.

    The boost frame opens only when the tokens suffice and nothing spends tokens while it
    waits, so play never reaches this refusal: it guards a position prepared by hand
    (here: tokens taken away after the frame opened)."""
    m, cap1 = _missed_roll(3, culture=3)
    assert m.state["stack"][-1]["cost"] == 2
    m.state["players"][0]["culture"] = 1
    assert refused(m, "boost") == "influence.boost-tokens"
    accepted(m, "pass")
    assert m.state["cities"][cap1]["pieces"]["temple"] == 1
    assert m.state["players"][0]["culture"] == 1
