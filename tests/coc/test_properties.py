"""Properties of the whole engine on Clash of Cultures: replay, undo, fuzzing, views."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clash_widget.bots import RandomBot
from clash_widget.engine import Match
from clash_widget.lab.selfplay import run, summary

GAMES = int(os.environ.get("COC_SELFPLAY_GAMES", "30"))


def _random_match(players, seed, steps, keep_undo=True):
    m = Match.new("coc", players, seed, keep_undo=keep_undo)
    bot = RandomBot(seed)
    for _ in range(steps):
        if m.is_over:
            break
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return m


def test_selfplay_sample_has_no_errors_or_violations():
    """Random self-play over 2-4 players finishes cleanly (CI sample; 1,000 in docs)."""
    s = summary(run("coc", [2, 3, 4], GAMES, seed=7))
    assert s["errors"] == [] and s["invariant_violations"] == [] and s["unfinished"] == 0


def test_record_replays_to_identical_hash():
    m = _random_match(3, 21, 400)
    again = Match.replay(m.record())
    assert again.state_hash() == m.state_hash()
    assert Match.replay(json.loads(json.dumps(m.record()))).state == m.state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_restores_state_hash(seed):
    """Undo after k actions restores the hash, stopping only at barriers."""
    m = Match.new("coc", 2, seed)
    bot = RandomBot(seed)
    hashes = [m.state_hash()]
    for _ in range(60):
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
        hashes.append(m.state_hash())
    i = len(hashes) - 1
    while m.can_undo():
        assert m.undo()
        i -= 1
        assert m.state_hash() == hashes[i]
    if i > 0:
        assert m._undo[-1][2]  # stopped at a barrier (dice or reveal), not by accident


def test_redo_after_undo():
    m = Match.new("coc", 2, 4)
    m.play("end")
    h = m.state_hash()
    assert m.undo() and m.redo()
    assert m.state_hash() == h


KINDS = [
    "research",
    "found",
    "collect",
    "build",
    "grow",
    "move",
    "civic",
    "end",
    "take",
    "unit",
    "group",
    "done",
    "improve",
    "orient",
    "battle",
    "advance",
    "raze",
    "pass",
    "trade",
    "reply",
    "play",
    "wonder",
    "barter",
    "drama",
    "influence",
    "boost",
    "piece",
    "tactic",
    "lose",
    "xyz",
]
ARGS = st.one_of(
    st.sampled_from(
        [
            "0,0",
            "1,0",
            "8,-2",
            "-3,9",
            "farming",
            "tactics",
            "a1",
            "s1",
            "h1",
            "food",
            "ore",
            "1",
            "0",
            "mood",
            "temple:mood",
            "port@1,1",
            "a5",
            "x",
            "art",
            "temple",
            "quarry#0",
            "u3",
        ]
    ),
    st.text(min_size=1, max_size=6).filter(lambda t: t.strip() and " " not in t),
)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 5),
    steps=st.integers(0, 120),
    kind=st.sampled_from(KINDS),
    args=st.lists(ARGS, max_size=3),
)
def test_fuzz_refusals_have_rule_ids_and_change_nothing(seed, steps, kind, args):
    m = _random_match(2, seed, steps, keep_undo=False)
    key = " ".join([kind, *args])
    legal = {str(a) for a in m.legal_actions()}
    before = m.state_hash()
    out = m.play(key)
    if key in legal:
        assert out.ok
    else:
        assert not out.ok, f"{key} accepted but not listed as legal"
        assert out.verdict.rule_id and out.verdict.reason
        assert m.state_hash() == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 50), steps=st.integers(0, 300))
def test_legal_actions_all_pass_their_checks(seed, steps):
    m = _random_match(3, seed, steps, keep_undo=False)
    for a in m.legal_actions():
        assert m.check(a) is None


def test_views_never_leak_other_hands():
    m = _random_match(3, 9, 250)
    for seat in range(3):
        text = json.dumps(m.view(seat))
        assert '"rng"' not in text
        for p, pl in enumerate(m.state["players"]):
            if p == seat:
                continue
            for card in pl["actions_hand"] + pl["objectives_hand"]:
                assert f'"{card}"' not in text, f"seat {seat} sees {card}"


def test_rules_doc_is_generated_from_code():
    """docs/rules.md must match `python -m clash_widget rules`."""
    from clash_widget.engine import GAMES, get_game
    from clash_widget.engine.game import KERNEL_RULES
    from clash_widget.engine.rules import rules_markdown
    from clash_widget.lessons.syllabus import lesson_map, not_taught, taught_in_column
    from clash_widget.server.refusals import SERVER_RULES
    from clash_widget.widget.intents import WIDGET_RULES

    books = [KERNEL_RULES] + [get_game(g).rules for g in sorted(GAMES)]
    books += [WIDGET_RULES, SERVER_RULES]
    taught = taught_in_column(lesson_map(), not_taught())  # the course's "taught in" column
    doc = Path(__file__).parents[2] / "docs" / "rules.md"
    assert doc.read_text(encoding="utf-8") == rules_markdown(books, taught) + "\n"


def test_every_rule_has_reason_and_section():
    from clash_widget.engine import get_game

    for r in get_game("coc").rules:
        assert r.reason and r.section, r.id


def _rules_ii_positions():
    """One match waiting in each decision frame that cultural influence and battles add."""
    from .test_combat_rules import land_battle, naval_battle
    from .test_influence import setup as influence_setup

    s, src, cap1 = influence_setup(dice=(3,), culture=3)
    m = s.match()
    m.play(f"influence {src} {cap1}")
    yield "influence_boost", m
    s, src, cap1 = influence_setup(
        dice=(5,), pieces=("temple", "academy"), p1_advances=("myths", "writing")
    )
    m = s.match()
    m.play(f"influence {src} {cap1}")
    yield "influence_piece", m
    yield "combat_card", land_battle(hand0=("quarry#0",), hand1=("festival#0",), dice=(1,) * 4)[0]
    yield "casualties", naval_battle((5, 1, 1))[0]


def test_rules_ii_frames_list_checked_actions_undo_and_hide_hands():
    """Every new frame: listed actions pass their checks, undo restores the hash unless
    dice were rolled, and no seat's view shows another seat's hand."""
    seen = set()
    for kind, m in _rules_ii_positions():
        assert m.state["stack"][-1]["kind"] == kind
        seen.add(kind)
        for seat in (0, 1):
            text = json.dumps(m.view(seat))
            for card in m.state["players"][1 - seat]["actions_hand"]:
                assert f'"{card}"' not in text
        legal = m.legal_actions()
        assert legal
        for a in legal:
            assert m.check(a) is None
            h, rng_before = m.state_hash(), m.state["rng"]
            out = m.play(a)
            assert out.ok
            rolled = m.state["rng"] != rng_before or any(e.get("barrier") for e in out.events)
            if rolled:
                assert not m.can_undo()
                break  # dice were rolled: this position is spent
            assert m.undo() and m.state_hash() == h
    assert seen == {"influence_boost", "influence_piece", "combat_card", "casualties"}
