"""Advance abilities used from the turn, and civic improvement: one refused case per rule id
and a positive case checking the primer's effect.

Primer: Advances (Cartography, Bartering, Taxation, Civil Liberties, Drama and Music,
Absolute Power, Forced Labour, Voting); Actions (Expanded), Civic Improvement.
"""

from clash_widget.coc.board import effective_size
from clash_widget.coc.vocab import HAPPY

from .helpers import accepted, open_map, refused

DEMOCRACY = ("writing", "philosophy", "voting")
AUTOCRACY = ("tactics", "draft", "nationalism")


def _p(m, p=0):
    return m.state["players"][p]


# -- Cartography --------------------------------------------------------------------------------


def test_ability_cartography():
    """Primer, Cartography: "AAA: Get 1 Culture token and 1 Idea for each region with one of
    your Ships in it. Only usable once per turn." (needs the advance)."""
    assert refused(open_map().match(), "cartography") == "ability.cartography"
    s = open_map().advances(0, "fishing", "cartography")
    s.units(0, "2,-1", ship=1).units(0, "3,-1", ship=1).units(0, "5,-1", ship=1)  # 2 regions
    m = s.match()
    accepted(m, "cartography")
    assert _p(m)["culture"] == 2 and _p(m)["res"]["ideas"] == 2
    assert m.state["turn"]["actions"] == 2


def test_ability_cartography_once():
    """Primer, Cartography: "Only usable once per turn."."""
    m = open_map().advances(0, "fishing", "cartography").match()
    accepted(m, "cartography")
    assert refused(m, "cartography") == "ability.cartography-once"


# -- Bartering ----------------------------------------------------------------------------------


def test_ability_bartering():
    """Primer, Bartering: "AAA: Exchange up to 3 resources into a mix of Gold or Culture
    tokens." (needs the advance)."""
    m = open_map().resources(0, food=2).match()
    assert refused(m, "barter food:2 1:1") == "ability.bartering"
    m = open_map().advances(0, "bartering").resources(0, food=2).match()
    accepted(m, "barter food:2 1:1")
    assert _p(m)["res"]["food"] == 0 and _p(m)["res"]["gold"] == 1 and _p(m)["culture"] == 1
    assert m.state["turn"]["actions"] == 2


def test_ability_barter_amounts():
    """Primer, Bartering: "Exchange up to 3 resources into a mix of Gold or Culture tokens"
    - no more than 3, no more than you hold, and as many tokens and gold as resources."""
    s = open_map().advances(0, "bartering").resources(0, food=2, wood=2, ore=2)
    m = s.match()
    assert refused(m, "barter food:2+wood:2 4:0") == "ability.barter-amounts"  # 4 > 3
    assert refused(m, "barter ore:3 3:0") == "ability.barter-amounts"  # only 2 ore
    assert refused(m, "barter food:2 2:1") == "ability.barter-amounts"  # 3 out for 2 in
    accepted(m, "barter wood:2+ore:1 0:3")
    assert _p(m)["culture"] == 3 and _p(m)["res"]["ore"] == 1


# -- Taxation -----------------------------------------------------------------------------------

TAX = ("bartering", "currency", "taxation")


def test_ability_taxation():
    """Primer, Taxation: "AAA: Pay 1 Mood token to get 1 Gold for each city you have."."""
    assert refused(open_map().resources(0, mood=1).match(), "taxation") == "ability.taxation"
    s = open_map().advances(0, *TAX).resources(0, mood=1)
    s.city(0, s.find("plains", near=s.capital(0)))
    m = s.match()
    accepted(m, "taxation")
    assert _p(m)["res"]["gold"] == 2 and _p(m)["mood"] == 0
    assert m.state["turn"]["actions"] == 2


def test_ability_taxation_mood():
    """Primer, Taxation: "Pay 1 Mood token to get 1 Gold for each city you have."."""
    m = open_map().advances(0, *TAX).resources(0, mood=0).match()
    assert refused(m, "taxation") == "ability.taxation-mood"


def test_ability_taxation_once():
    """Primer, Taxation: "Only usable once per turn."."""
    m = open_map().advances(0, *TAX).resources(0, mood=2).match()
    accepted(m, "taxation")
    assert refused(m, "taxation") == "ability.taxation-once"


# -- Civil Liberties ----------------------------------------------------------------------------


def test_ability_civil_liberties():
    """Primer, Civil Liberties: "AAA: Get 3 Mood Tokens."."""
    assert refused(open_map().match(), "liberties") == "ability.civil-liberties"
    m = open_map().advances(0, *DEMOCRACY, "civil_liberties").match()
    accepted(m, "liberties")
    assert _p(m)["mood"] == 3 and m.state["turn"]["actions"] == 2


# -- Drama and Music ----------------------------------------------------------------------------

DRAMA = ("art_and_sculptures", "drama_and_music")


def test_ability_drama():
    """Primer, Drama and Music: "Once per turn, exchange a Mood token into a Culture token or
    vice versa." (needs the advance; no action)."""
    m = open_map().resources(0, mood=1).match()
    assert refused(m, "drama mood>culture") == "ability.drama"
    s = open_map().advances(0, *DRAMA).resources(0, mood=1)
    s.turn(0, actions=0)
    m = s.match()
    accepted(m, "drama mood>culture")
    assert _p(m)["mood"] == 0 and _p(m)["culture"] == 1


def test_ability_drama_once():
    """Primer, Drama and Music: "Once per turn, exchange ..."."""
    m = open_map().advances(0, *DRAMA).resources(0, mood=1).match()
    accepted(m, "drama mood>culture")
    assert refused(m, "drama culture>mood") == "ability.drama-once"


def test_ability_drama_token():
    """Primer, Drama and Music: "exchange a Mood token into a Culture token or vice versa"
    - a token you hold, one way or the other."""
    m = open_map().advances(0, *DRAMA).resources(0, mood=0, culture=1).match()
    assert refused(m, "drama mood>culture") == "ability.drama-token"
    assert refused(m, "drama mood>gold") == "ability.drama-token"
    accepted(m, "drama culture>mood")
    assert _p(m)["mood"] == 1 and _p(m)["culture"] == 0


# -- Absolute Power -----------------------------------------------------------------------------


def test_ability_absolute_power():
    """Primer, Absolute Power: "Once per turn, pay 2 Mood tokens to take an extra action."."""
    m = open_map().resources(0, mood=2).match()
    assert refused(m, "absolute_power") == "ability.absolute-power"
    m = open_map().advances(0, *AUTOCRACY, "absolute_power").resources(0, mood=2).match()
    accepted(m, "absolute_power")
    assert m.state["turn"]["actions"] == 4 and _p(m)["mood"] == 0


def test_ability_absolute_power_once():
    """Primer, Absolute Power: "Once per turn ..."."""
    m = open_map().advances(0, *AUTOCRACY, "absolute_power").resources(0, mood=4).match()
    accepted(m, "absolute_power")
    assert refused(m, "absolute_power") == "ability.absolute-power-once"


def test_ability_two_mood():
    """Primer, Absolute Power: "pay 2 Mood tokens to take an extra action"."""
    m = open_map().advances(0, *AUTOCRACY, "absolute_power").resources(0, mood=1).match()
    assert refused(m, "absolute_power") == "ability.two-mood"


# -- Forced Labour ------------------------------------------------------------------------------


def _angry_capital(*advances, mood=1):
    s = open_map().advances(0, *advances).resources(0, mood=mood)
    cap = s.capital(0)
    s.city(0, cap, pieces=("fortress",), mood="angry")
    s.state["cities"][cap]["capital"] = True
    return s, cap


def test_ability_forced_labour():
    """Primer, Forced Labour: "Pay 1 Mood token to treat your angry cities as neutral for
    this turn." (an angry city counts as size 1 otherwise: Activate a City)."""
    s, _ = _angry_capital(*AUTOCRACY)
    assert refused(s.match(), "forced_labour") == "ability.forced-labour"
    s, cap = _angry_capital(*AUTOCRACY, "forced_labour")
    m = s.match()
    assert effective_size(m.state, m.state["cities"][cap]) == 1
    accepted(m, "forced_labour")
    assert effective_size(m.state, m.state["cities"][cap]) == 2  # its size, as if neutral
    assert _p(m)["mood"] == 0 and m.state["turn"]["actions"] == 3


def test_ability_forced_labour_once():
    """Primer, Forced Labour: "... as neutral for this turn" - once in force, paying again
    would buy nothing."""
    s, _ = _angry_capital(*AUTOCRACY, "forced_labour", mood=2)
    m = s.match()
    accepted(m, "forced_labour")
    assert refused(m, "forced_labour") == "ability.forced-labour-once"


def test_ability_one_mood():
    """Primer, Forced Labour: "Pay 1 Mood token ..."."""
    s, _ = _angry_capital(*AUTOCRACY, "forced_labour", mood=0)
    assert refused(s.match(), "forced_labour") == "ability.one-mood"


# -- Civic improvement --------------------------------------------------------------------------


def test_civic_voting():
    """Primer, Voting: "Pay 1 Mood token to take a Civic Improvement action at no action
    cost."."""
    m = open_map().resources(0, mood=2).match()
    assert refused(m, "civic voting") == "civic.voting"
    s = open_map().advances(0, *DEMOCRACY).resources(0, mood=2)
    cap = s.capital(0)
    m = s.match()
    accepted(m, "civic voting")
    accepted(m, f"improve {cap}")
    accepted(m, "done")
    assert m.state["turn"]["actions"] == 3 and _p(m)["mood"] == 0
    assert m.state["cities"][cap]["mood"] == HAPPY


def test_civic_at_least_one():
    """Primer, Civic Improvement: "By spending a number of Mood tokens equal to the size of a
    city, you may bump the mood of a city up one step" - the action improves something."""
    m = open_map().resources(0, mood=1).match()
    accepted(m, "civic")
    assert refused(m, "done") == "civic.at-least-one"


def test_civic_own_city():
    """Primer, Civic Improvement: "... bump the mood of a city up one step" - one of yours."""
    s = open_map().resources(0, mood=1)
    m = s.match()
    accepted(m, "civic")
    assert refused(m, f"improve {s.capital(1)}") == "civic.own-city"


def test_civic_cost():
    """Primer, Civic Improvement: "By spending a number of Mood tokens equal to the size of a
    city, you may bump the mood of a city up one step ... as many times for as many cities as
    you wish within one action, if you have the tokens to spare"."""
    s = open_map().resources(0, mood=2)
    cap = s.capital(0)
    s.city(0, cap, pieces=("fortress",))  # size 2
    s.state["cities"][cap]["capital"] = True
    second = s.find("plains", near=cap)
    s.city(0, second)
    m = s.match()
    accepted(m, "civic")
    accepted(m, f"improve {second}")  # size 1: 1 token
    assert refused(m, f"improve {cap}") == "civic.cost"  # size 2: 2 tokens, 1 left
    accepted(m, "done")
    assert _p(m)["mood"] == 1 and m.state["cities"][second]["mood"] == HAPPY
