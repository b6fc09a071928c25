"""Cultural influence, one test (or more) per rule id (Primer: Cultural Influence)."""

from clash_widget.coc import scoring
from clash_widget.coc.board import board_neighbours, hex_distance, is_land
from clash_widget.coc.combat import capture
from clash_widget.coc.vocab import BARBARIANS
from clash_widget.engine.game import Events

from .helpers import accepted, open_map, refused, rig_dice


def _land_at(s, centre, dist):
    keys = sorted(
        k
        for k in s.state["hexes"]
        if is_land(s.state, k)
        and s.state["hexes"][k]["terrain"] != "barren"
        and hex_distance(k, centre) == dist
        and k not in s.state["cities"]
        and all(n not in s.state["cities"] for n in board_neighbours(s.state, k) if n != centre)
    )
    return keys[0]


def setup(
    *,
    dist=1,
    pieces=("temple",),
    p1_advances=("myths",),
    p0_advances=(),
    culture=0,
    mood="neutral",
    dice=(),
    actions=None,
    hand=(),
):
    """Blue (0) owns a size-1 city ``dist`` spaces from Orange's (1) capital; Blue holds the
    action cards ``hand`` (none by default: a free card could lift a missed roll)."""
    s = open_map()
    cap1 = s.capital(1)
    src = _land_at(s, cap1, dist)
    s.advances(1, *p1_advances).advances(0, *p0_advances)
    s.city(0, src)
    for i in range(len(pieces)):  # Orange needs as many cities as its capital's size
        s.city(1, _land_at(s, cap1, 3 + i))
    s.city(1, cap1, pieces=pieces, mood=mood)
    s.state["cities"][cap1]["capital"] = True
    s.resources(0, culture=culture)
    s.hand(0, *hand)
    s.turn(0, actions=actions)
    rig_dice(s, *dice)
    return s, src, cap1


def _rolls(m):
    return [e for e in m.log if e["kind"] == "influence_roll"]


def test_influence_success_takes_a_piece_that_scores_for_the_influencer():
    s, src, cap1 = setup(dice=(5,))
    m = s.match()
    vp0, vp1 = scoring.vp(m.state, 0), scoring.vp(m.state, 1)
    accepted(m, f"influence {src} {cap1}")
    city = m.state["cities"][cap1]
    assert city["pieces"]["temple"] == 0 and city["owner"] == 1  # still Orange's city
    assert scoring.vp(m.state, 0) == vp0 + 1 and scoring.vp(m.state, 1) == vp1 - 1
    assert m.state["turn"]["actions"] == 2  # it cost an action
    roll = _rolls(m)[-1]
    assert roll["die"] == 5 and roll["need"] == 5 and roll["success"] is True
    assert m.state["stats"]["influence_attempt"] == 1
    assert m.state["stats"]["influence_success"] == 1


def test_influence_roll_below_five_fails():
    s, src, cap1 = setup(dice=(4,))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["cities"][cap1]["pieces"]["temple"] == 1
    assert _rolls(m)[-1]["success"] is False
    assert m.state["stack"][-1]["kind"] == "turn"  # no tokens: nothing to decide
    assert "influence_success" not in m.state["stats"]


def test_influence_boost_tokens_after_seeing_the_die():
    s, src, cap1 = setup(dice=(3,), culture=3)
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    frame = m.state["stack"][-1]
    assert frame["kind"] == "influence_boost" and frame["die"] == 3 and frame["cost"] == 2
    assert sorted(str(a) for a in m.legal_actions()) == ["boost", "pass"]
    accepted(m, "boost")
    assert m.state["players"][0]["culture"] == 1
    assert m.state["cities"][cap1]["pieces"]["temple"] == 0


def test_influence_pass_keeps_tokens_and_fails():
    s, src, cap1 = setup(dice=(4,), culture=1)
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    accepted(m, "pass")
    assert m.state["players"][0]["culture"] == 1
    assert m.state["cities"][cap1]["pieces"]["temple"] == 1
    assert any(e["kind"] == "influence_failed" for e in m.log)


def test_influence_boost_tokens_not_enough_means_no_choice():
    s, src, cap1 = setup(dice=(2,), culture=2)  # needs 3 tokens
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["stack"][-1]["kind"] == "turn"
    assert m.state["players"][0]["culture"] == 2


def test_influence_conversion_succeeds_on_four_and_gains_a_token():
    s, src, cap1 = setup(dice=(4,), p0_advances=("myths", "state_religion", "dogma", "conversion"))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["cities"][cap1]["pieces"]["temple"] == 0
    assert m.state["players"][0]["culture"] == 1
    assert _rolls(m)[-1]["need"] == 4


def test_influence_once_a_turn():
    s, src, cap1 = setup(dice=(6,), pieces=("temple", "academy"), p1_advances=("myths", "writing"))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    accepted(m, "piece academy")
    assert refused(m, f"influence {src} {cap1}") == "influence.once-a-turn"
    assert not any(a.kind == "influence" for a in m.legal_actions())


def test_influence_may_retry_after_a_failure():
    s, src, cap1 = setup(dice=(1, 6))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    accepted(m, f"influence {src} {cap1}")
    assert m.state["cities"][cap1]["pieces"]["temple"] == 0


def test_influence_action():
    s, src, cap1 = setup(actions=0)
    assert refused(s.match(), f"influence {src} {cap1}") == "influence.action"


def test_influence_art_needs_advance():
    s, src, cap1 = setup(culture=1)
    assert refused(s.match(), f"influence {src} {cap1} art") == "influence.art"


def test_influence_art_costs_a_token_not_an_action_once_a_turn():
    s, src, cap1 = setup(dice=(2,), culture=2, actions=1, p0_advances=("art_and_sculptures",))
    m = s.match()
    accepted(m, f"influence {src} {cap1} art")
    assert m.state["turn"]["actions"] == 1
    assert m.state["players"][0]["culture"] == 1
    assert refused(m, f"influence {src} {cap1} art") == "influence.art-once"
    accepted(m, f"influence {src} {cap1}")  # a normal attempt is still possible
    assert m.state["turn"]["actions"] == 0


def test_influence_art_token():
    s, src, cap1 = setup(p0_advances=("art_and_sculptures",))
    assert refused(s.match(), f"influence {src} {cap1} art") == "influence.art-token"


def test_influence_source():
    s, src, cap1 = setup()
    empty = s.find("forest", near=cap1)  # no city there
    assert refused(s.match(), f"influence {empty} {cap1}") == "influence.source"
    assert refused(s.match(), f"influence {cap1} {src}") == "influence.source"


def test_influence_target():
    s, src, cap1 = setup()
    m = s.match()
    assert refused(m, f"influence {src} {s.capital(0)}") == "influence.target"
    assert refused(m, f"influence {src} {s.find('forest', near=src)}") == "influence.target"


def test_influence_target_barbarian_city():
    s, src, cap1 = setup()
    spot = _land_at(s, src, 1)
    s.state["cities"][spot] = {
        **s.state["cities"][cap1],
        "owner": BARBARIANS,
        "pieces": {},
        "capital": False,
        "wonders": [],
    }
    assert refused(s.match(), f"influence {src} {spot}") == "influence.target"


def test_influence_target_size():
    s, src, cap1 = setup(pieces=())
    assert refused(s.match(), f"influence {src} {cap1}") == "influence.target-size"


def test_influence_target_piece():
    s, src, cap1 = setup()
    s.state["cities"][cap1]["pieces"]["temple"] = 0  # influenced earlier
    assert refused(s.match(), f"influence {src} {cap1}") == "influence.target-piece"


def test_influence_range_is_real_size_plus_tokens():
    s, src, cap1 = setup(dist=2)
    assert refused(s.match(), f"influence {src} {cap1}") == "influence.range"
    s, src, cap1 = setup(dist=2, culture=1, dice=(6,))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["players"][0]["culture"] == 0
    assert _rolls(m)[-1]["range_tokens"] == 1
    assert m.state["cities"][cap1]["pieces"]["temple"] == 0


def test_influence_range_uses_real_size_not_happy_size():
    s, src, cap1 = setup(dist=2)
    s.state["cities"][src]["mood"] = 2  # happy counts as size+1 only for collect and build
    assert refused(s.match(), f"influence {src} {cap1}") == "influence.range"


def test_influence_piece_choice():
    s, src, cap1 = setup(dice=(5,), pieces=("temple", "academy"), p1_advances=("myths", "writing"))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["stack"][-1]["kind"] == "influence_piece"
    assert sorted(str(a) for a in m.legal_actions()) == ["piece academy", "piece temple"]
    assert refused(m, "piece fortress") == "influence.piece"
    accepted(m, "piece academy")
    assert m.state["cities"][cap1]["pieces"] == {"temple": 1, "academy": 0}
    assert any(e["kind"] == "influence_success" and e["piece"] == "academy" for e in m.log)


def _blocked(**kw):
    s, src, cap1 = setup(dice=(4,), culture=5, **kw)
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["stack"][-1]["kind"] == "turn"  # no chance to boost
    assert m.state["players"][0]["culture"] == 5
    return _rolls(m)[-1]["text"]


DEMOCRACY = ("writing", "philosophy", "voting", "separation_of_power")
AUTOCRACY = ("tactics", "draft", "nationalism", "totalitarianism")
THEOCRACY = ("state_religion", "dogma", "devotion")


def test_influence_boost_forbidden_by_separation_of_power_in_happy_cities():
    assert "Separation of Power" in _blocked(p1_advances=("myths", *DEMOCRACY), mood="happy")
    s, src, cap1 = setup(dice=(4,), culture=1, p1_advances=("myths", *DEMOCRACY))
    m = s.match()  # a neutral city may still be boosted
    accepted(m, f"influence {src} {cap1}")
    assert m.state["stack"][-1]["kind"] == "influence_boost"


def test_influence_boost_forbidden_by_totalitarianism_with_armies():
    s, src, cap1 = setup(dice=(4,), culture=5, p1_advances=("myths", *AUTOCRACY))
    s.units(1, cap1, army=1)
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert "Totalitarianism" in _rolls(m)[-1]["text"]
    assert m.state["stack"][-1]["kind"] == "turn"


def test_influence_boost_forbidden_by_devotion_with_temple():
    assert "Devotion" in _blocked(p1_advances=("myths", *THEOCRACY))


def test_influence_boost_forbidden_check_in_the_frame():
    """The rule behind the missing choice has an id of its own for the rules doc."""
    from clash_widget.coc.influence import boost_allowed

    s, src, cap1 = setup(p1_advances=("myths", *THEOCRACY))
    frame = {"kind": "influence_boost", "player": 0, "at": cap1, "cost": 1}
    assert not boost_allowed.ok(s.state, frame, None)
    assert boost_allowed.rule.id == "influence.boost-forbidden"


def test_influenced_piece_stays_with_the_influencer_on_capture():
    s, src, cap1 = setup(pieces=("temple", "academy"), p1_advances=("myths", "writing"))
    s.state["cities"][cap1]["pieces"]["temple"] = 0
    st = s.state
    capture(st, BARBARIANS, cap1, Events())
    assert st["cities"][cap1]["pieces"] == {"temple": 0, "academy": BARBARIANS}
    capture(st, 1, cap1, Events())  # Orange takes it back from the barbarians ...
    accepted_frame = st["stack"].pop()
    assert accepted_frame["kind"] == "barbarian_city"
    from clash_widget.coc.combat import apply_barbarian_choice

    st["stack"].append(accepted_frame)
    apply_barbarian_choice(st, accepted_frame, "keep", Events())
    assert st["cities"][cap1]["pieces"] == {"temple": 0, "academy": 1}  # ... not Blue's temple


def test_influenced_piece_stays_when_the_influencer_captures():
    s, src, cap1 = setup(pieces=("temple", "academy"), p1_advances=("myths", "writing"))
    s.state["cities"][cap1]["pieces"]["temple"] = 0
    capture(s.state, 0, cap1, Events())
    assert s.state["cities"][cap1]["pieces"] == {"temple": 0, "academy": 0}


def test_influence_can_be_stepped_through_from_the_log():
    """A notebook reads the die, the target and the outcome from the events."""
    s, src, cap1 = setup(dice=(3,), culture=2)
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    roll = _rolls(m)[-1]
    assert (roll["die"], roll["need"], roll["success"]) == (3, 5, None)
    assert roll["hexes"] == [src, cap1] and "rolls 3" in roll["text"]
    accepted(m, "boost")
    assert [e["kind"] for e in m.log][-2:] == ["influence_boost", "influence_success"]
