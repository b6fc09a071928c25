"""Advances, wonders, events and civic improvement read exactly: what the primer leaves
to the player (pick, choose, may) is asked in a decision frame, and nothing else.

Primer: Wonders; Advances (Monuments, Dogma, Myths, Rituals, Forced Labour,
Bartering); Actions (Expanded), Research an Advance (changing government, events).
"""

from clash_widget.coc import events
from clash_widget.coc.scenario import Scenario
from clash_widget.coc.vocab import ANGRY, HAPPY, NEUTRAL
from clash_widget.engine.game import Events

from .helpers import accepted, open_map, refused

GOV = {"voting", "separation_of_power", "civil_liberties", "economic_liberty"}
AUTOCRACY = {"nationalism", "totalitarianism", "absolute_power", "forced_labour"}


def _keys(m):
    return {str(a) for a in m.legal_actions()}


def _top(m):
    return m.state["stack"][-1]["kind"]


def _wonder_game(*advances, mood="neutral"):
    s = open_map().advances(0, "storage", *advances)
    s.resources(0, food=3, wood=2, ore=7, culture=2)
    cap = s.capital(0)
    s.city(0, cap, mood=mood)
    s.state["cities"][cap]["capital"] = True
    return s, cap


def _second_city(s, mood="neutral"):
    second = s.find("plains", near=s.capital(0))
    s.city(0, second, mood=mood)
    return second


def _event(s, card, p=0):
    """Resolve event ``card`` for player ``p`` as if a track had just reached 3."""
    s.state["decks"]["events"] = [f"{card}#0"]
    events.draw_event(s.state, p, Events())


# -- 1. building a wonder activates the city ---------------------------------------------------


def test_wonder_city_counts_as_an_activation():
    """Primer, Wonders: "a Wonder may be built by paying the cost and spending an action to
    activate a non-angry city"; Activate a City: "every time you activate a City beyond the
    first in a single turn its Mood will drop a step"."""
    s, cap = _wonder_game("engineering")
    s.state["public_wonders"] = ["great_wall"]
    m = s.match()
    accepted(m, f"wonder {cap} great_wall")
    assert m.state["cities"][cap]["mood"] == NEUTRAL  # the first activation this turn
    accepted(m, f"collect {cap}")  # the second one
    assert m.state["cities"][cap]["mood"] == ANGRY


def test_wonder_city_forced_labour_lets_an_angry_city_build():
    """Primer, Forced Labour: "Pay 1 Mood token to treat your angry cities as neutral for
    this turn" - so an angry city may build a wonder ("activate a non-angry city")."""
    s, cap = _wonder_game(
        "engineering", "tactics", "draft", "nationalism", "forced_labour", mood="angry"
    )
    s.resources(0, mood=1)
    s.state["public_wonders"] = ["great_wall"]
    m = s.match()
    assert refused(m, f"wonder {cap} great_wall") == "wonder.city"
    accepted(m, "forced_labour")
    accepted(m, f"wonder {cap} great_wall")
    assert m.state["cities"][cap]["wonders"] == ["great_wall"]


def test_wonder_monuments_city():
    """Primer, Monuments: "only you may build this, and may do so at no action cost once you
    have the resources". Our reading: no action, but still an activation of a non-angry city
    (Wonders: "spending an action to activate a non-angry city")."""
    s, cap = _wonder_game("art_and_sculptures", "circus_and_sports", "monuments", mood="angry")
    s.state["players"][0]["wonders_reserved"] = ["great_wall"]
    assert refused(s.match(), f"wonder {cap} great_wall") == "wonder.monuments-city"
    s, cap = _wonder_game("art_and_sculptures", "circus_and_sports", "monuments")
    s.state["players"][0]["wonders_reserved"] = ["great_wall"]
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, f"take {cap} food")
    accepted(m, "done")
    actions = m.state["turn"]["actions"]
    accepted(m, f"wonder {cap} great_wall")
    assert m.state["turn"]["actions"] == actions  # no action spent
    assert m.state["cities"][cap]["mood"] == ANGRY  # a second activation this turn


# -- 2. Monuments: the player picks the wonder ---------------------------------------------------


def test_wonder_monuments_pick():
    """Primer, Monuments: "Reveal the top Wonder. Pick a Wonder - only you may build this"."""
    s = open_map().advances(0, "art_and_sculptures", "circus_and_sports").resources(0, food=2)
    s.state["decks"]["wonders"].remove("pyramids")
    s.state["public_wonders"] = ["pyramids"]
    m = s.match()
    accepted(m, "research monuments")
    public = m.state["public_wonders"]
    assert len(public) == 2 and _top(m) == "monuments_pick"
    assert _keys(m) == {f"reserve {w}" for w in public}
    hidden = m.state["decks"]["wonders"][0]
    assert refused(m, f"reserve {hidden}") == "wonder.monuments-pick"
    labels = {x["label"] for x in m.view(0)["legal"]}
    assert "Monuments: reserve the Pyramids" in labels  # the wonder's name, not its id
    accepted(m, "reserve pyramids")
    assert m.state["players"][0]["wonders_reserved"] == ["pyramids"]
    assert "pyramids" not in m.state["public_wonders"] and len(m.state["public_wonders"]) == 1
    assert _top(m) == "turn"


def test_wonder_monuments_pick_any_revealed_wonder_not_one_another_player_reserved():
    """Primer, Monuments: "Reveal the top Wonder. Pick a Wonder - only you may build this";
    Wonders: "Once revealed, a Wonder may be built by paying the cost". A wonder another
    player revealed is open to the pick; one another player reserved is theirs alone."""
    s = open_map().advances(0, "art_and_sculptures", "circus_and_sports").resources(0, food=2)
    for w in ("pyramids", "great_wall"):
        s.state["decks"]["wonders"].remove(w)
    s.state["public_wonders"] = ["pyramids"]  # revealed by Orange's Engineering
    s.state["players"][1]["wonders_reserved"] = ["great_wall"]  # reserved by Orange
    m = s.match()
    accepted(m, "research monuments")
    assert "reserve pyramids" in _keys(m)
    assert refused(m, "reserve great_wall") == "wonder.monuments-pick"


def test_wonder_monuments_pick_one_candidate_is_not_asked():
    """Primer, Monuments: "Reveal the top Wonder. Pick a Wonder" - with only the wonder just
    revealed to pick, nothing is asked."""
    s = open_map().advances(0, "art_and_sculptures", "circus_and_sports").resources(0, food=2)
    m = s.match()
    accepted(m, "research monuments")
    assert _top(m) == "turn"
    assert len(m.state["players"][0]["wonders_reserved"]) == 1
    assert m.state["public_wonders"] == []
    assert any(e["kind"] == "wonder_revealed" for e in m.log)


# -- 3. Dogma -----------------------------------------------------------------------------------


def _theocracy(*extra):
    s = open_map().advances(0, "myths", "state_religion", *extra)
    return s


def test_research_dogma_ideas_limit():
    """Primer, Dogma: "Your Ideas stock now has a limit of 2." - from the moment Dogma is
    gained: the ideas over the limit are lost at once."""
    s = _theocracy().resources(0, food=0, ideas=6)
    m = s.match()
    accepted(m, "research dogma")  # 2 ideas pay for it, 4 are left
    assert m.state["players"][0]["res"]["ideas"] == m.state["options"]["dogma_ideas_cap"]
    assert m.game.invariants(m.state) == []
    assert any("Dogma limits" in e["text"] for e in m.log)


def test_research_dogma_choice():
    """Primer, Dogma: "Whenever you build a Temple, you receive a free Theocracy advance." -
    which one is the player's choice."""
    s = _theocracy("dogma").resources(0, food=1, wood=1, ore=1)
    _second_city(s)
    cap = s.capital(0)
    m = s.match()
    accepted(m, f"grow {cap} temple:mood")
    assert _top(m) == "dogma_advance"
    assert _keys(m) == {"dogma devotion", "dogma conversion", "dogma fanaticism"}
    assert refused(m, "dogma voting") == "research.dogma-choice"
    assert refused(m, "dogma dogma") == "research.dogma-choice"
    accepted(m, "dogma fanaticism")
    adv = m.state["players"][0]["advances"]
    assert "fanaticism" in adv and "devotion" not in adv and _top(m) == "turn"


def test_research_dogma_choice_one_candidate_is_not_asked():
    """Primer, Dogma: "you receive a free Theocracy advance" - with one left, it is given."""
    s = _theocracy("dogma", "devotion", "fanaticism").resources(0, food=1, wood=1, ore=1)
    _second_city(s)
    m = s.match()
    accepted(m, f"grow {s.capital(0)} temple:culture")
    assert _top(m) == "turn" and "conversion" in m.state["players"][0]["advances"]


# -- 4. Myths and the city an event hits --------------------------------------------------------


def test_event_myths():
    """Primer, Myths: "Whenever a city would have its Mood reduced by an Event card, you may
    pay 1 Mood token instead." - the player chooses."""
    s = open_map().advances(0, "myths").resources(0, mood=1).hand(0)  # no free card to list
    cap = s.capital(0)
    _event(s, "plague")
    m = s.match()
    assert _top(m) == "event_mood" and _keys(m) == {"myths", f"lower {cap}"}
    accepted(m, f"lower {cap}")  # keep the token, let the city drop
    assert m.state["cities"][cap]["mood"] == ANGRY and m.state["players"][0]["mood"] == 1
    s = open_map().advances(0, "myths").resources(0, mood=1)
    _event(s, "plague")
    m = s.match()
    accepted(m, "myths")
    assert m.state["cities"][cap]["mood"] == NEUTRAL and m.state["players"][0]["mood"] == 0
    # Without Myths (or its token) the choice is the city alone.
    s = open_map().resources(0, mood=1)
    _second_city(s, mood="happy")
    _event(s, "plague")
    m = s.match()
    assert _top(m) == "event_mood"
    assert refused(m, "myths") == "event.myths"


def test_event_myths_only_asked_when_it_can_help():
    """Primer, Myths: "Whenever a city would have its Mood reduced ... you may pay 1 Mood
    token instead" - not asked with no token, nor when no city's mood can drop."""
    s = open_map().advances(0, "myths").resources(0, mood=0)
    cap = s.capital(0)
    _event(s, "plague")
    assert s.state["stack"][-1]["kind"] == "turn" and s.state["cities"][cap]["mood"] == ANGRY
    s = open_map().advances(0, "myths").resources(0, mood=1)
    s.city(0, cap, mood="angry")
    _event(s, "plague")
    assert s.state["stack"][-1]["kind"] == "turn" and s.state["players"][0]["mood"] == 1


def test_event_mood_city():
    """Our Plague card: "One of your cities (you choose which) loses a mood step" (primer,
    Research: events "may force a variety of effects")."""
    s = open_map().hand(0)  # no free card to list beside the question
    cap = s.capital(0)
    second = _second_city(s, mood="happy")
    _event(s, "plague")
    m = s.match()
    assert _keys(m) == {f"lower {cap}", f"lower {second}"}
    enemy = s.capital(1)
    assert refused(m, f"lower {enemy}") == "event.mood-city"
    accepted(m, f"lower {second}")
    assert m.state["cities"][second]["mood"] == NEUTRAL
    assert m.state["cities"][cap]["mood"] == NEUTRAL


# -- 7. Famine: the city becomes angry ----------------------------------------------------------


def test_event_famine_makes_the_city_angry():
    """Primer, Research: events "may force a variety of effects including Famines"; our
    Famine card: "if you have none, one of your cities (you choose which) becomes angry"."""
    s = open_map().resources(0, food=0)
    cap = s.capital(0)
    s.city(0, cap, mood="happy")
    s.state["cities"][cap]["capital"] = True
    _event(s, "famine")
    assert s.state["cities"][cap]["mood"] == ANGRY  # not merely one step down
    text = events.event_cards()["famine"]["text"]
    assert "becomes angry" in text


# -- 5. Rituals ----------------------------------------------------------------------------------


def _size_two_capital(*advances, **res):
    s = open_map().advances(0, "myths", *advances).resources(0, **res)
    cap = s.capital(0)
    s.city(0, cap, pieces=("temple",))  # size 2: a step costs 2
    s.state["cities"][cap]["capital"] = True
    return s, cap


def test_civic_rituals():
    """Primer, Rituals: "When performing Civic Improvement, you may use Resources instead of
    Mood tokens." - the player says which."""
    s, cap = _size_two_capital(food=1, wood=1, mood=2)
    m = s.match()
    accepted(m, "civic")
    assert refused(m, f"improve {cap} food:1+wood:1") == "civic.rituals"
    s, cap = _size_two_capital("rituals", food=1, wood=1, mood=1)
    m = s.match()
    accepted(m, "civic")
    improve = {k for k in _keys(m) if k.startswith("improve")}
    assert improve == {  # every mix that pays 2: one mood token is not enough alone
        f"improve {cap} mood:1+food:1",
        f"improve {cap} mood:1+wood:1",
        f"improve {cap} food:1+wood:1",
    }
    assert refused(m, f"improve {cap} food:2") == "civic.cost"  # only 1 food held
    assert refused(m, f"improve {cap} wood:1") == "civic.cost"  # pays 1 of 2
    labels = {x["label"] for x in m.view(0)["legal"]}
    assert "Improve Blue's capital, paying 1 food, 1 wood" in labels
    accepted(m, f"improve {cap} food+wood")
    p = m.state["players"][0]
    assert m.state["cities"][cap]["mood"] == HAPPY
    assert (p["res"]["food"], p["res"]["wood"], p["mood"]) == (0, 0, 1)


# -- 6. changing government ----------------------------------------------------------------------


def _democrat(plus_one=False, held=("voting", "separation_of_power", "civil_liberties")):
    s = Scenario(players=2, seed=3, government_switch_plus_one=plus_one).explore_all().turn(0)
    s.resources(0, food=2)
    s.advances(0, "writing", "philosophy", *held, "tactics", "draft")
    return s


def _gov(m):
    return set(m.state["players"][0]["advances"]) & (GOV | AUTOCRACY)


def test_research_government_cube():
    """Primer, Research: "You may, upon buying an Advance in another Government tree, move all
    cubes over from one tree to another, placing one on the Advance you just bought." Our
    reading: the bought advance takes one of the moved cubes; the player places the others."""
    m = _democrat().match()
    assert m.state["stats"].get("government_change", 0) == 0
    accepted(m, "research nationalism")
    assert m.state["stats"]["government_change"] == 1  # counted once, for the self-play lab
    assert _top(m) == "government_cubes"
    assert _keys(m) == {"cube totalitarianism", "cube absolute_power", "cube forced_labour"}
    assert refused(m, "cube voting") == "research.government-cube"
    assert refused(m, "cube nationalism") == "research.government-cube"
    accepted(m, "cube forced_labour")
    assert _keys(m) == {"cube totalitarianism", "cube absolute_power"}
    accepted(m, "cube absolute_power")
    assert _top(m) == "turn"
    assert _gov(m) == {"nationalism", "absolute_power", "forced_labour"}  # 3 before, 3 after


def test_research_government_cube_plus_one_option():
    """Primer, Research: "... placing one on the Advance you just bought." The other reading
    (option government_switch_plus_one): the bought advance is one more than the moved cubes."""
    m = _democrat(plus_one=True).match()
    accepted(m, "research nationalism")
    assert _top(m) == "turn"  # 3 cubes for 3 places: nothing to choose
    assert _gov(m) == AUTOCRACY
    m = _democrat(plus_one=True, held=("voting",)).match()
    accepted(m, "research nationalism")
    assert _top(m) == "government_cubes"
    accepted(m, "cube totalitarianism")
    assert _gov(m) == {"nationalism", "totalitarianism"}


def test_research_government_cube_one_cube_is_not_asked():
    """Primer, Research: "move all cubes over ..., placing one on the Advance you just
    bought" - one cube only: it lands on the bought advance, nothing to ask."""
    m = _democrat(held=("voting",)).match()
    accepted(m, "research nationalism")
    assert _top(m) == "turn" and _gov(m) == {"nationalism"}


# -- 8. Bartering: any mix -----------------------------------------------------------------------


def test_ability_barter_amounts_lists_every_mix():
    """Primer, Bartering: "AAA: Exchange up to 3 resources into a mix of Gold or Culture
    tokens." - any resources (gold too), split as the player likes."""
    s = open_map().advances(0, "bartering").resources(0, food=1, wood=1, gold=1)
    m = s.match()
    keys = _keys(m)
    assert {
        "barter food:1+wood:1 1:1",
        "barter food:1+wood:1+gold:1 0:3",
        "barter gold:1 0:1",
    } <= keys
    assert "barter gold:1 1:0" not in keys  # gold for gold changes nothing
    labels = {x["label"] for x in m.view(0)["legal"]}
    assert "Bartering: trade 1 food, 1 wood for 1 gold, 1 culture" in labels
    accepted(m, "barter food:1+wood:1+gold:1 1:2")
    p = m.state["players"][0]
    assert (p["res"]["food"], p["res"]["wood"], p["res"]["gold"], p["culture"]) == (0, 0, 1, 2)
