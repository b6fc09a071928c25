"""Free abilities and free action cards "at any time" (coc/windows.py, engine.reactions).

Primer, Actions (Expanded): "Anything which costs an action on a Card or an Advance has the
term AAA: against it; anything that does not may be used at any time with the exception of
military skills on Action Cards - these require the Tactics advance."
"""

from clash_widget.bots import make_bot
from clash_widget.coc import events
from clash_widget.coc.board import cities_of
from clash_widget.engine.game import Events

from .helpers import accepted, open_map, refused
from .test_combat_rules import land_battle
from .test_influence import setup as influence_setup


def _event(s, card, p=0):
    s.state["decks"]["events"] = [f"{card}#0"]
    events.draw_event(s.state, p, Events())


def _keys(m):
    return sorted(str(a) for a in m.legal_actions())


def _moods(state, p=0):
    return sorted(state["cities"][k]["mood"] for k in cities_of(state, p))


def test_anytime_free():
    """ "anything that does not [cost an action] may be used at any time with the exception of
    military skills on Action Cards": a window lists every free action card in hand (its civil
    effect, never its combat half) and Drama and Music, and pass."""
    s, src, cap1 = influence_setup(
        dice=(4,),
        hand=("patronage", "bumper_crop", "merchant_fleet"),
        p0_advances=("art_and_sculptures", "drama_and_music"),
    )
    s.resources(0, mood=1, food=0)
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    top = m.state["stack"][-1]
    assert top["kind"] == "window" and top["player"] == 0
    keys = _keys(m)
    assert "pass" in keys and "drama mood>culture" in keys
    assert any(k.startswith("play patronage#") for k in keys)
    assert any(k.startswith("play bumper_crop#") for k in keys)  # any free card, at any time
    assert not any("merchant_fleet" in k for k in keys)  # it costs an action
    assert not any(k.startswith(("tactic", "boost")) for k in keys)  # no combat half here
    food = m.state["players"][0]["res"]["food"]
    card = next(k for k in keys if k.startswith("play bumper_crop#"))
    accepted(m, card)  # the civil effect: 2 food (up to the limit)
    assert m.state["players"][0]["res"]["food"] > food
    assert m.state["stack"][-1]["kind"] == "window"  # still short of culture: still asked


def test_anytime_free_card():
    """The primer's exception is for what costs an action: in a window an action card whose
    effect "Costs an action" is refused."""
    s, src, cap1 = influence_setup(dice=(4,), hand=("patronage", "merchant_fleet"))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    fleet = next(c for c in m.state["players"][0]["actions_hand"] if c.startswith("merchant"))
    assert refused(m, f"play {fleet}") == "anytime.free-card"


def test_anytime_influence_roll():
    """ "may be used at any time": the die missed by one and Blue has no culture token, but a
    free card gives one: Blue may play it before deciding, and then lift the roll."""
    s, src, cap1 = influence_setup(dice=(4,), hand=("patronage",))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["stack"][-1]["kind"] == "window"
    card = m.state["players"][0]["actions_hand"][0]
    assert _keys(m) == sorted([f"play {card}", "pass"])
    accepted(m, f"play {card}")
    assert m.state["stack"][-1]["kind"] == "influence_boost"  # made up: the window closed
    accepted(m, "boost")
    assert m.state["cities"][cap1]["pieces"]["temple"] == 0
    assert m.state["players"][0]["culture"] == 0


def test_anytime_influence_roll_pass_means_the_attempt_fails():
    """Passing the window leaves only "keep the tokens": not asked, the influence fails."""
    s, src, cap1 = influence_setup(dice=(4,), hand=("patronage",))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    accepted(m, "pass")
    assert m.state["stack"][-1]["kind"] == "turn"
    assert m.state["cities"][cap1]["pieces"]["temple"] == 1
    assert any(e["kind"] == "influence_failed" for e in m.log)
    assert len(m.state["players"][0]["actions_hand"]) == 1


def test_anytime_where_no_window_when_nothing_helps():
    """A window is never opened when nothing free could change the outcome: Bumper Crop gives
    no culture token, so the missed roll fails at once (as before)."""
    s, src, cap1 = influence_setup(dice=(4,), hand=("bumper_crop",))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    assert m.state["stack"][-1]["kind"] == "turn"


def test_anytime_where_not_after_every_step():
    """No window after the turn player's actions or at a turn's end: Orange holds a free card
    but nothing it gives is asked of it then (our reading of "at any time", see the rule)."""
    s = open_map().hand(1, "bumper_crop", "festival")
    m = s.match()
    research = next(a for a in m.legal_actions() if a.kind == "research")
    accepted(m, str(research))
    while m.state["stack"][-1]["kind"] != "turn":
        assert m.state["stack"][-1]["kind"] != "window"
        accepted(m, str(m.legal_actions()[0]))
    assert m.state["stack"][-1]["player"] == 0
    accepted(m, "end")
    assert [f["kind"] for f in m.state["stack"]] == ["turn"]
    assert m.state["stack"][-1]["player"] == 1


def _offered_to_blue(*blue_hand):
    """Orange's turn: Orange offers Blue 1 ore for 1 wood; Blue has no food."""
    s = open_map().turn(1)
    s.resources(0, food=0, wood=2, ore=0).resources(1, food=0, wood=0, ore=2)
    s.hand(0, *blue_hand).hand(1)
    m = s.match()
    accepted(m, "trade 0 ore:1 wood:1")
    assert m.state["stack"][-1]["kind"] == "trade_reply" and m.current_player == 0
    return m


def test_anytime_where_trade_reply():
    """Primer: anything that does not cost an action "may be used at any time with the
    exception of military skills on Action Cards". In Orange's turn Blue, with no food and
    holding Bumper Crop, is asked to reply to Orange's offer: Blue may play the card there,
    is asked the same question again, and then answers it."""
    m = _offered_to_blue("bumper_crop")
    card = m.state["players"][0]["actions_hand"][0]
    assert f"play {card}" in _keys(m) and "reply accept" in _keys(m)
    assert "free action card" in m.prompt()
    accepted(m, f"play {card}")
    assert m.state["players"][0]["res"]["food"] == 2 and not m.state["players"][0]["actions_hand"]
    assert m.state["stack"][-1]["kind"] == "trade_reply" and m.current_player == 0
    assert "free action card" not in m.prompt()
    accepted(m, "reply accept")
    assert m.state["players"][0]["res"]["ore"] == 1 and m.current_player == 1
    assert m.state["turn"]["actions"] == 3  # Blue's card cost Orange's turn nothing


def test_anytime_where_battle_question():
    """ "may be used at any time with the exception of military skills on Action Cards": in a
    battle Blue (with Tactics) is asked for a combat card; its civil half is listed too. Played
    for food, the card is gone, so the combat-card question, left with "pass" alone, is not
    asked again: the round is fought."""
    m, start, cap1 = land_battle(dice=(4, 5, 2, 2), hand0=("bumper_crop#0",), res0={"food": 0})
    assert m.state["stack"][-1]["kind"] == "combat_card" and m.current_player == 0
    assert {"play bumper_crop#0", "tactic bumper_crop#0", "pass"} <= set(_keys(m))
    accepted(m, "play bumper_crop#0")
    assert m.state["players"][0]["res"]["food"] == 2
    assert m.state["stack"][-1]["kind"] != "combat_card"
    assert [e for e in m.log if e["kind"] == "combat_round"]


def test_anytime_where_no_question_of_its_own():
    """Holding a free card asks nothing more: a card costing an action is refused in the reply
    (rule anytime.free-card), and a status-phase question whose only answer is to pass (no
    size-1 city to raze) is still not asked of a player who holds a free card."""
    m = _offered_to_blue("merchant_fleet")
    fleet = m.state["players"][0]["actions_hand"][0]
    assert refused(m, f"play {fleet}") == "anytime.free-card"
    assert _keys(m) == ["reply accept", "reply decline"]
    s = open_map().hand(0, "bumper_crop").hand(1, "festival")
    s.city(0, s.capital(0), pieces=("temple",))  # size 2: nothing to raze
    s.state["stack"].append({"kind": "raze", "player": 0})
    m = s.match()
    m.game.settle(m.state, Events())
    assert m.state["stack"][-1]["kind"] != "raze"


def test_anytime_myths():
    """ "may be used at any time": a plague lowers a city's mood, Blue has Myths but no mood
    token; Festival gives one, so Blue may play it first and then pay with Myths."""
    s = open_map().advances(0, "myths").resources(0, mood=0).hand(0, "festival")
    before = _moods(s.state)
    _event(s, "plague")
    m = s.match()
    assert m.state["stack"][-1]["kind"] == "window"
    card = m.state["players"][0]["actions_hand"][0]
    accepted(m, f"play {card}")
    assert m.state["stack"][-1]["kind"] == events.MOOD_FRAME
    accepted(m, "myths")
    assert _moods(m.state) == before and m.state["players"][0]["mood"] == 0


def test_anytime_famine():
    """ "may be used at any time": a famine takes a food Blue does not have; Blue may first
    play Bumper Crop, and then the famine takes 1 food and no city gets angry."""
    s = open_map().resources(0, food=0).hand(0, "bumper_crop")
    before = _moods(s.state)
    _event(s, "famine")
    m = s.match()
    assert m.state["stack"][-1]["kind"] == "window"
    accepted(m, f"play {m.state['players'][0]['actions_hand'][0]}")
    assert m.state["stack"][-1]["kind"] == "turn"
    assert m.state["players"][0]["res"]["food"] == 1  # 2 gained, 1 taken
    assert _moods(m.state) == before


def test_anytime_famine_pass_then_it_strikes():
    """Passing the famine's window: the famine strikes as it would have (a city turns angry)."""
    s = open_map().resources(0, food=0).hand(0, "bumper_crop")
    before = _moods(s.state)
    _event(s, "famine")
    m = s.match()
    accepted(m, "pass")
    assert _moods(m.state) != before
    assert m.state["players"][0]["res"]["food"] == 0


def test_anytime_drama_once():
    """Drama and Music: "Once per turn": a swap in a window counts until the start of Blue's
    next turn (our reading), so Blue cannot swap again in the turn that follows the window."""
    s = (
        open_map()
        .advances(0, "myths", "art_and_sculptures", "drama_and_music")
        .resources(0, mood=0, culture=1)
        .hand(0)
    )
    _event(s, "plague")
    m = s.match()
    assert m.state["stack"][-1]["kind"] == "window"
    accepted(m, "drama culture>mood")
    accepted(m, "myths")
    assert refused(m, "drama mood>culture") == "ability.drama-once"


def test_anytime_window_answered_by_the_bots():
    """The Clash heuristic uses what makes up the shortfall; the random bot answers too."""
    s, src, cap1 = influence_setup(dice=(4,), hand=("patronage", "bumper_crop"))
    m = s.match()
    accepted(m, f"influence {src} {cap1}")
    game, state = m.game, m.state
    pick = make_bot("heuristic", "coc").choose(game, state, game.legal_actions(state))
    assert pick.kind == "play" and pick.args[0].startswith("patronage")
    pick = make_bot("random", "coc").choose(game, state, game.legal_actions(state))
    assert pick in game.legal_actions(state)


def test_anytime_turn_actions():
    """Voting ("Pay 1 Mood token to take a Civic Improvement action at no action cost") makes
    a turn's action free; it stays in the turn frame and is not offered in a window."""
    s, src, cap1 = influence_setup(
        dice=(4,), hand=("patronage",), p0_advances=("writing", "philosophy", "voting")
    )
    s.resources(0, mood=3)
    m = s.match()
    assert any(a.kind == "civic" for a in m.legal_actions())  # in the turn: yes
    accepted(m, f"influence {src} {cap1}")
    assert m.state["stack"][-1]["kind"] == "window"
    assert not any(
        a.kind in ("civic", "absolute_power", "forced_labour") for a in m.legal_actions()
    )


def test_anytime_famine_after_research():
    """The whole way: researching a Culture advance moves Blue's track to 3, the event is a
    famine ("resolve it immediately"), Blue has no food but holds Bumper Crop: the window
    comes before the famine strikes, inside the research action."""
    s = open_map().resources(0, food=0, ideas=2).tracks(0, culture=2).hand(0, "bumper_crop")
    s.state["decks"]["events"] = ["famine#0"]
    m = s.match()
    accepted(m, "research art_and_sculptures ideas:2")
    assert m.state["stack"][-1]["kind"] == "window"
    assert m.state["players"][0]["culture_track"] == 3
    accepted(m, f"play {m.state['players'][0]['actions_hand'][0]}")
    assert [f["kind"] for f in m.state["stack"]] == ["turn"]
    assert m.state["players"][0]["res"]["food"] == 1
    assert m.state["turn"]["actions"] == 2  # the card cost no action
