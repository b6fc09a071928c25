"""Rules that are our reading where the primer and the rulings are silent (source "ours").

Each test names the rule id; docs/rules.md marks these ``ours``, never ``seed``.
"""

from clash_widget.coc import explore
from clash_widget.coc.rulebook import RULES
from clash_widget.coc.scenario import Scenario

from .helpers import accepted, open_map, refused
from .test_influence import THEOCRACY, _rolls, setup


def _status_raze(s):
    m = s.match()
    m.state["stack"].append({"kind": "raze", "player": 0})
    return m


def test_status_raze_size_one():
    """Primer, Status Phase: players "may choose to raze a single size 1 city in exchange
    for a Gold". A size-2 city cannot be razed; a size-1 city can, for 1 gold."""
    s = open_map()
    cap = s.capital(0)
    small = s.find("plains", near=cap)
    s.city(0, small).city(0, cap, pieces=("temple",))
    m = _status_raze(s)
    assert refused(m, f"raze {cap}") == "status.raze-size-one"
    gold = m.state["players"][0]["res"]["gold"]
    accepted(m, f"raze {small}")
    assert small not in m.state["cities"]
    assert m.state["players"][0]["res"]["gold"] == gold + 1


def test_status_raze_size_one_any_city_even_the_last():
    """Primer, Status Phase: players "may choose to raze a single size 1 city in exchange
    for a Gold" - any size-1 city, the seed names no exception: the only city too."""
    m = _status_raze(open_map())
    cap = open_map().capital(0)
    accepted(m, f"raze {cap}")
    assert cap not in m.state["cities"]


def test_status_raze_not_last_is_our_reading_kept_as_an_option():
    """The primer does not forbid razing one's only city; the option raze_not_last keeps
    our former reading (source "ours"): a player with no city could never build again."""
    assert RULES["status.raze-not-last"].source == "ours"
    assert RULES["status.raze-size-one"].source == "seed"
    m = _status_raze(open_map(raze_not_last=True))
    assert refused(m, f"raze {open_map().capital(0)}") == "status.raze-not-last"


def test_explore_ship_entry_sea_is_our_reading():
    """French rulings pp. 16-18 speak of the hex a unit enters not being sea; for a ship
    we turn the region so the hex it enters is sea (source "ours")."""
    s = Scenario(players=2, seed=11)
    st = s.state
    region = next(i for i, r in enumerate(st["regions"]) if not r["explored"])
    st["regions"][region]["tile"] = "t01"  # sea at a and c
    entry = st["regions"][region]["hexes"][0]
    assert explore.orientation_ruling(st, region, entry, by_ship=True) == (
        [0],
        RULES["explore.ship-entry-sea"],
    )
    assert explore.orientation_ruling(st, region, entry, by_ship=False) == (
        [1],
        RULES["explore.entry-not-sea"],
    )
    assert RULES["explore.ship-entry-sea"].source == "ours"


def test_influence_guards_spare_range_tokens():
    """Primer, Devotion: "Opponents cannot spend Culture tokens to boost their Cultural
    Influence rolls against your cities with Temples in them." Our reading
    ("influence.guards-spare-range"): tokens for range are still allowed."""
    assert RULES["influence.guards-spare-range"].source == "ours"
    s, src, cap1 = setup(dist=2, culture=1, dice=(6,), p1_advances=("myths", *THEOCRACY))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")  # one token buys the second space of range
    assert _rolls(m)[-1]["range_tokens"] == 1
    assert m.state["cities"][cap1]["pieces"]["temple"] == 0


def test_status_free_advance_received_no_pass():
    """Primer, Status Phase: players "receive a free Advance": it is given, not offered, so
    the status phase asks which advance and has no "pass"."""
    m = open_map().match()
    m.state["stack"].append({"kind": "free_advance", "player": 0})
    keys = {str(a) for a in m.legal_actions()}
    assert "advance writing" in keys and "pass" not in keys
    assert refused(m, "pass") == "engine.not-now"
    accepted(m, "advance writing")
    assert "writing" in m.state["players"][0]["advances"]
