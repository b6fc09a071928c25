"""Self-play runner, rule variants, design metrics and the search bot."""

from __future__ import annotations

import json

import pytest

from clash_widget.__main__ import main
from clash_widget.bots import make_bot
from clash_widget.bots.evaluate import final_rewards, rewards
from clash_widget.bots.search import SearchBot
from clash_widget.engine import Action, Match
from clash_widget.engine.state import clone
from clash_widget.lab import metrics
from clash_widget.lab.selfplay import play_game, run, summary
from clash_widget.lab.variants import VariantError, label, parse_pairs, variant


# -- self-play runner -------------------------------------------------------------------
def test_same_seed_same_games_for_one_or_two_workers():
    one = run("coc", 2, 3, seed=40, bots=["random"], workers=1)
    two = run("coc", 2, 3, seed=40, bots=["random"], workers=2)
    assert [r.final_hash for r in one] == [r.final_hash for r in two]
    assert [r.seed for r in two] == [40, 41, 42]


def test_rotate_gives_every_bot_every_seat():
    res = run("coc", 2, 4, seed=5, bots=["heuristic", "random"], rotate=True)
    assert [r.bots for r in res] == [["heuristic", "random"], ["random", "heuristic"]] * 2
    s = summary(res)
    assert sum(s["wins"].values()) == pytest.approx(4)


def test_game_result_has_turn_trace_and_breakdown():
    r = play_game("coc", 2, 3, ["heuristic", "random"])
    assert r.finished and not r.errors and not r.invariant_violations
    assert r.vp_trace[0] == Match.new("coc", 2, 3).scores() and r.vp_trace[-1] == r.scores
    assert len(r.vp_trace) == r.turns + 2  # start, every new turn, end
    assert [sum(b.values()) for b in r.vp_breakdown] == r.scores
    assert sum(r.action_kinds.values()) == r.actions


def test_cli_writes_one_line_per_game(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    code = main(
        [
            "selfplay",
            "--games",
            "3",
            "--bots",
            "heuristic,random",
            "--rotate",
            "--seed",
            "2",
            "--option",
            "vp_per_wonder=4",
            "--out",
            str(out),
            "--metrics",
            "--no-progress",
        ]
    )
    assert code == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["seed"] for x in lines] == [2, 3, 4]
    assert all(x["options"] == {"vp_per_wonder": 4} for x in lines)
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 3 and s["metrics"]["games"] == 3
    assert set(s["metrics"]["bot_win_rates"]) == {"heuristic", "random"}


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("no_such_rule=3", "has no rules option 'no_such_rule'"),
        ("actions_per_turn=three", "needs a whole number"),
        ("events=maybe", "use true or false"),
        ("influence_success", "name=value"),
    ],
)
def test_cli_bad_option_is_a_readable_error(option, words, capsys):
    assert main(["selfplay", "--games", "1", "--option", option]) == 2
    assert words in capsys.readouterr().err


# -- variants ---------------------------------------------------------------------------
def test_variant_values_are_converted_and_checked():
    assert parse_pairs("coc", ["influence_success=4", "events=off"]) == {
        "influence_success": 4,
        "events": False,
    }
    v = variant("coc", vp_per_wonder="4")
    assert v.vp_per_wonder == 4 and label("coc", v) == "vp_per_wonder=4"
    assert label("coc", None) == "standard"
    with pytest.raises(VariantError):
        variant("coc", actions_per_turn=2.5)
    with pytest.raises(VariantError):
        variant("coc", food_cap=-1)


def test_variant_reaches_the_rules():
    one = Match.new("coc", 2, 1, variant("coc", actions_per_turn=1))
    assert one.state["options"]["actions_per_turn"] == 1
    assert one.state["turn"]["actions"] == 1


# -- metrics on hand-built results ------------------------------------------------------
def _r(winners, players=2, bots=("a", "b"), **extra):
    return {"winners": winners, "players": players, "bots": list(bots), **extra}


def test_wilson_interval_known_values():
    lo, hi = metrics.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert metrics.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert metrics.wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), pytest.approx(1.0))
    assert metrics.wilson(0, 0) == (0.0, 1.0)


def test_seat_rates_split_ties_and_balance():
    res = [_r([0]), _r([0]), _r([1]), _r([0, 1])]
    rates = metrics.seat_win_rates(res)
    assert rates[0]["wins"] == 2.5 and rates[0]["rate"] == 0.625
    assert rates[1]["wins"] == 1.5 and rates[1]["games"] == 4
    assert metrics.balance(res) == {"gap": 0.25, "best_seat": 0, "worst_seat": 1}


def test_bot_rates_follow_the_bot_not_the_seat():
    res = [_r([0], bots=("x", "y")), _r([1], bots=("y", "x")), _r([0], bots=("y", "x"))]
    rates = metrics.bot_win_rates(res)
    assert rates["x"]["wins"] == 2 and rates["y"]["wins"] == 1


def test_lead_changes_and_when_the_winner_locks_in():
    trace = [[0, 0], [1, 0], [1, 2], [3, 2], [3, 3], [5, 3]]
    assert (
        metrics.lead_changes(trace) == 2
    )  # 0 leads, then 1, then 0 again (the tie changes nothing)
    assert metrics.winner_locks_in(trace, [0]) == pytest.approx(3 / 5)
    assert metrics.winner_locks_in([[0, 0], [2, 0], [4, 1]], [0]) == 0.0
    assert metrics.winner_locks_in(trace, [0, 1]) is None


def test_length_breakdown_and_action_shares():
    res = [
        _r(
            [0],
            actions=10,
            turns=2,
            vp_breakdown=[{"wonders": 5}, {"wonders": 0}],
            action_kinds={"move": 3, "end": 1},
        ),
        _r(
            [1],
            actions=20,
            turns=4,
            vp_breakdown=[{"wonders": 1}, {"wonders": 3}],
            action_kinds={"move": 1, "end": 3},
        ),
    ]
    length = metrics.game_length(res)
    assert length["actions"]["mean"] == 15 and length["turns"]["max"] == 4
    vp = metrics.vp_by_source(res)
    assert vp["all_seats"]["wonders"] == 2.25 and vp["winners"]["wonders"] == 4
    assert metrics.action_shares(res) == {"move": 0.5, "end": 0.5}
    report = metrics.report(res)
    assert report["games"] == 2 and report["seat_win_rates"]["0"]["wins"] == 1


# -- bots -------------------------------------------------------------------------------
def test_bot_specs_carry_settings():
    bot = make_bot("search:playouts=4:seconds=none", "coc", 1)
    assert isinstance(bot, SearchBot) and bot.playouts == 4 and bot.seconds is None
    with pytest.raises(ValueError):
        make_bot("search:nonsense=1", "coc", 1)
    with pytest.raises(KeyError):
        make_bot("oracle", "coc", 1)


def test_rewards_favour_the_leader():
    r = rewards([10.0, 6.0, 6.0], scale=4)
    assert r[0] > 0.5 > r[1] and r[1] == r[2]
    assert final_rewards([0, 2], 3) == [0.5, 0.0, 0.5]


def _midgame(seed: int, steps: int = 40) -> Match:
    m = Match.new("coc", 2, seed, keep_undo=False)
    bot = make_bot("heuristic", "coc", seed)
    for _ in range(steps):
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return m


def _hidden_twin(m: Match) -> dict:
    """The same position for the seat to move, with the rival's hidden cards,
    the face-down tiles and the dice generator changed."""
    seat = m.current_player
    alt = clone(m.state)
    alt["rng"] = (alt["rng"] * 7 + 12345) % (1 << 62)
    hand = alt["players"][1 - seat]["objectives_hand"]
    deck = alt["decks"]["objectives"]
    assert hand and deck
    swap = next(c for c in deck if c.split("#")[0] != hand[0].split("#")[0])
    deck.remove(swap)
    deck.append(hand[0])
    deck.sort()
    hand[0] = swap
    hidden = [reg for reg in alt["regions"] if not reg["explored"]]
    hidden[0]["tile"], hidden[-1]["tile"] = hidden[-1]["tile"], hidden[0]["tile"]
    assert m.game.view(alt, seat) == m.game.view(m.state, seat)
    return alt


@pytest.mark.parametrize("seed", [8, 2, 5])
def test_search_does_not_read_hidden_cards_or_dice(seed):
    """Positions differing only in what the seat cannot see get the same choices,
    including when the bot comes back to a position it has decided in before."""
    m = _midgame(seed)
    while len({a.kind for a in m.legal_actions()}) < 2:
        m.play(m.legal_actions()[0])
    alt = _hidden_twin(m)
    legal = m.legal_actions()

    def choices(first: dict, second: dict) -> list:
        bot = SearchBot(3, playouts=12, seconds=None)
        return [bot.choose(m.game, first, legal), bot.choose(m.game, second, legal)]

    picks = choices(m.state, m.state)
    assert picks[0] in legal and picks[1].kind != picks[0].kind  # the repeat rule kicked in
    assert choices(m.state, alt) == picks
    assert choices(alt, m.state) == picks
    assert choices(alt, alt) == picks


@pytest.mark.parametrize(
    ("game", "players", "spec"),
    [
        ("coc", 2, "search:playouts=3:depth=8:seconds=none"),
        ("secolo", 3, "search:playouts=3:depth=8:seconds=none"),
        ("secolo", 2, "search:playouts=6:depth=8:paired=3"),  # a policy answering off-list
    ],
)
def test_search_plays_whole_games(game, players, spec):
    r = play_game(game, players, 11, [spec, "random"])
    assert r.finished and not r.errors and not r.invariant_violations
    assert r.think[0]["playouts"] > 0 and r.think[1] == {}


def test_search_drops_a_kind_that_led_back_to_the_same_position():
    m = _midgame(2)
    while len(m.legal_actions()) < 2:
        m.play(m.legal_actions()[0])
    bot = SearchBot(1, playouts=4, seconds=None)
    legal = m.legal_actions()
    first = bot.choose(m.game, m.state, legal)
    second = bot.choose(m.game, m.state, legal)
    assert first.kind != second.kind


def test_bench_reports_search_speed_without_judging_it():
    from clash_widget.lab.bench import _search_rates

    names = [m["metric"] for m in _search_rates("coc", seconds=0.2)]
    assert names == ["search_playouts_per_s", "search_seconds_per_decision"]


def test_cli_unknown_bot_is_a_readable_error(capsys):
    assert main(["selfplay", "--games", "1", "--bots", "heuristic,oracle"]) == 2
    assert "unknown bot 'oracle'" in capsys.readouterr().err


def test_brief_summary_counts_problems_and_reports_thinking(capsys):
    assert (
        main(
            [
                "selfplay",
                "--games",
                "1",
                "--bots",
                "search:playouts=2:depth=4,random",
                "--brief",
                "--no-progress",
            ]
        )
        == 0
    )
    s = json.loads(capsys.readouterr().out)
    assert s["errors"] == 0 and "scores" not in s
    assert s["think"]["search:playouts=2:depth=4"]["searched_decisions"] > 0


def test_rotation_meets_every_player_count():
    from clash_widget.lab.selfplay import iter_run

    res = list(iter_run("coc", [2, 3], 4, seed=9, bots=["random", "heuristic"], rotate=True))
    assert [(r.players, r.bots[0]) for r in res] == [
        (2, "random"),
        (3, "random"),
        (2, "heuristic"),
        (3, "heuristic"),
    ]


def test_plain_progress_lines_without_tqdm(capsys):
    from clash_widget.lab.selfplay import _TextBar

    bar = _TextBar(4)
    for _ in range(4):
        bar.update(1)
    bar.close()
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("games 1 of 4") and err[-1].startswith("games 4 of 4")
    assert not any("/" in line for line in err)  # JupyterLab would read a slash as a path


def test_selfplay_winners_follow_the_games_own_rule_pairs_win_together():
    # In Secolo's pairs variant the partners (alternate seats) win together, whatever their
    # own scores: self-play must ask the game, not rank the scores itself.
    for seed in range(8):
        r = play_game("secolo", 4, seed, ["random"], {"pairs": True})
        assert r.finished and not r.errors
        teams = {frozenset({0, 2}), frozenset({1, 3})}
        won = frozenset(r.winners)
        assert won in teams or won == frozenset(range(4)), r.winners


# -- mechanics coverage -----------------------------------------------------------------
def test_mechanics_are_counted_from_the_games_counters_and_log():
    log = [
        {"kind": "found", "text": "Blue founds a city on the grassland next to Blue's capital."},
        {"kind": "capture", "text": "Blue takes the barbarian city east of Blue's capital."},
        {"kind": "capture", "text": "Blue keeps the barbarian city east of Blue's capital."},
        {"kind": "government", "text": "Blue changes government to Autocracy, giving up Voting."},
        {"kind": "government", "text": "Blue moves a cube onto Nationalism."},
    ]
    counts = metrics.count_mechanics("coc", log, {"capture": 1, "found": 1, "government_change": 1})
    assert counts["capture"] == 1  # the game's counter, not the two log lines
    assert counts["found"] == 1 and counts["battle"] == 0
    assert counts["government change"] == 1  # the game's counter: the cube is not a change
    assert metrics.count_mechanics("coc", log)["government change"] == 0  # log text is not read
    assert metrics.count_mechanics("secolo", log) == {}  # a game that names no mechanics


def test_coverage_shares_means_and_the_covered_share():
    names = [m.name for m in metrics.mechanics_of("coc")]
    seen = dict.fromkeys(names, 0)
    res = [
        _r([0], mechanics={**seen, "found": 2, "battle": 1}, action_kinds={"move": 3}),
        _r([1], mechanics={**seen, "found": 1}, action_kinds={"move": 1, "end": 2}),
    ]
    cov = metrics.coverage(res)
    assert cov["mechanics"]["found"] == {
        "share_of_games": 1.0,
        "mean_per_game": 1.5,
        "target": True,
    }
    assert cov["mechanics"]["battle"]["share_of_games"] == 0.5
    assert cov["mechanics"]["government change"]["target"] is False
    assert cov["covered"] == 2 / 8  # found and battle of the eight targeted mechanics
    assert cov["action_kinds"]["end"] == {"share_of_games": 0.5, "mean_per_game": 1.0}


def test_selfplay_metrics_print_the_coverage(capsys):
    args = ["selfplay", "--games", "2", "--bots", "heuristic", "--players", "4", "--seed", "100"]
    assert main([*args, "--metrics", "--brief", "--no-progress"]) == 0
    cov = json.loads(capsys.readouterr().out)["metrics"]["coverage"]
    assert cov["games"] == 2 and set(cov["mechanics"]) >= {"found", "barbarian spawn"}
    assert cov["mechanics"]["found"]["share_of_games"] == 1.0
    assert cov["action_kinds"]["end"]["mean_per_game"] > 0


# -- the search bot's time budget ----------------------------------------------------------
def test_a_time_budget_alone_is_not_capped_by_the_default_playouts():
    timed = make_bot("search:seconds=0.1", "coc", 1)
    assert isinstance(timed, SearchBot) and timed.seconds == 0.1 and timed.playouts > 10**6
    assert make_bot("search", "coc", 1).playouts == 16
    both = make_bot("search:seconds=0.1:playouts=8", "coc", 1)
    assert both.playouts == 8 and both.seconds == 0.1


@pytest.mark.parametrize("spec", ["search:seconds=0.05", "search:seconds=0.05:paired=2:depth=12"])
def test_a_time_budget_is_kept_on_average(spec):
    m = _midgame(4)
    bot = make_bot(spec, "coc", 2)
    for _ in range(12):
        if m.is_over:
            break
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    st = bot.stats()
    # Behaviour only (no timing threshold in tests): the budget drives real searches;
    # how close the spent time stays to it is measured by `bench`, not asserted here.
    assert st["searched"] and st["playouts"] >= st["searched"]


def test_paired_comparison_needs_evidence_to_overrule_the_favourite():
    fav, other = Action("research", ("myths",)), Action("collect", ("1,1",))
    bot = SearchBot(5, paired=2, margin=1.0)
    noisy = {fav: [0.5, 0.6, 0.4, 0.5], other: [0.6, 0.5, 0.5, 0.4]}  # mean +0: keep
    assert bot._verdict(noisy, fav) == fav
    clear = {fav: [0.5, 0.6, 0.4, 0.5], other: [0.6, 0.7, 0.5, 0.6]}  # +0.1 every round
    assert bot._verdict(clear, fav) == other
    assert SearchBot._settled(clear, fav)  # no need to play more rounds
    assert SearchBot._settled({fav: [0.5] * 3, other: [0.5] * 3}, fav)  # the same, always
    assert not SearchBot._settled(noisy, fav)


def test_paired_comparison_plays_legal_moves():
    m = _midgame(2)
    while len(m.legal_actions()) < 2:
        m.play(m.legal_actions()[0])
    legal = m.legal_actions()
    bot = SearchBot(5, playouts=6, paired=3, depth=4)
    assert bot.choose(m.game, m.state, legal) in legal
    assert bot.stats()["playouts"] >= 2


# -- paired comparisons ----------------------------------------------------------------------
def test_t_quantiles_known_values():
    from clash_widget.lab.paired import t95

    assert t95(1) == 12.706 and t95(10) == 2.228 and t95(30) == 2.042
    assert t95(40) == pytest.approx(2.0211, abs=1e-4)  # published tables
    assert t95(120) == pytest.approx(1.9799, abs=1e-4)
    assert 2.042 > t95(30.5) > t95(31)  # Welch's fractional df stay in order
    assert t95(10**6) == pytest.approx(metrics.Z95, abs=1e-4)
    with pytest.raises(ValueError):
        t95(0)


def test_paired_difference_by_hand():
    from clash_widget.lab.paired import paired_difference

    # Differences 1, 2, 1, 2: mean 1.5, sd 0.57735, 3 df: t = 3.182.
    d = paired_difference([10, 12, 14, 16], [11, 14, 15, 18])
    assert d.mean == pytest.approx(1.5) and d.pairs == 4
    assert d.half_width == pytest.approx(3.182 * 0.57735 / 2, abs=1e-4)
    assert (d.baseline, d.variant) == (13, 14.5)
    assert d.direction() == "up" and d.verdict("up").startswith("supported")
    assert d.verdict("down").startswith("contradicted")
    wide = paired_difference([0, 5, 0, 5], [1, 4, 2, 3])
    assert wide.direction() == "unsure" and wide.verdict("up").startswith("not settled")
    with pytest.raises(ValueError):
        paired_difference([1, 2], [1])


def test_pairing_cancels_what_both_games_of_a_seed_share():
    from clash_widget.lab.paired import paired_difference, unpaired_difference

    luck = [3, 19, 7, 25, 11, 15]  # each seed's own luck, shared by both rule sets
    base = [x + 10 for x in luck]
    variant = [x + 12 + (i % 2) for i, x in enumerate(luck)]
    paired, unpaired = paired_difference(base, variant), unpaired_difference(base, variant)
    assert paired.mean == pytest.approx(unpaired.mean) == pytest.approx(2.5)
    assert paired.direction() == "up" and unpaired.direction() == "unsure"
    assert paired.half_width < unpaired.half_width / 5


def test_compare_pairs_games_by_seed_and_measures_the_rule():
    """Primer, Status Phase and Ending The Game: "After every 3 turns, the Status Phase
    occurs. [...] After six Status Phases, the game ends." With four status phases each
    of the two players loses 2 ages x 3 turns: 12 turns fewer in every pair of games."""
    from clash_widget.lab.paired import MEASURES, compare

    base = [g.to_dict() for g in run("coc", 2, 3, seed=70, bots=["random"])]
    short = [g.to_dict() for g in run("coc", 2, 3, seed=70, bots=["random"],
                                      options={"status_phases": 4})]  # fmt: skip
    d = compare(base, short, "turns")
    assert (d.mean, d.low, d.high) == (-12, -12, -12)
    assert compare(base, short, "actions").mean < 0
    same = compare(base, base, "winner's VP")
    assert same.half_width == 0 and same.verdict("up").startswith("no change")
    assert set(MEASURES) >= {"margin", "lead changes", "first player wins"}
    later = [g.to_dict() for g in run("coc", 2, 3, seed=71, bots=["random"])]
    with pytest.raises(ValueError, match="same seeds"):
        compare(base, later, "turns")
    with pytest.raises(ValueError, match="the measures are"):
        compare(base, base, "length")


def test_design_exercise_check_reads_the_interval(capsys):
    from clash_widget.lab.paired import paired_difference
    from clash_widget.lessons.design import check_direction, expected_word

    down = paired_difference([1, 1, 1, 1], [0, 0, 0, 1])  # interval crosses 0
    assert expected_word(down) == "not settled"
    clear = paired_difference([1, 1, 1, 1, 1], [0, 0, 0, 0, 0.5])
    assert expected_word(clear) == "fewer"
    assert not check_direction(None, clear, "look at the interval")
    assert not check_direction("more", clear, "look at the interval")
    assert not check_direction("maybe", clear, "look at the interval")
    out = capsys.readouterr().out
    assert out.count("Not yet") == 3 and "fewer" not in out.replace('"fewer"', "")
    assert check_direction(" Fewer", clear, "look at the interval")
    assert "Well done" in capsys.readouterr().out
