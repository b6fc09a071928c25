"""The scenario builder accepts every position play can reach, and only refuses impossible ones."""

from __future__ import annotations

import pytest

from clash_widget.coc.scenario import ScenarioError

from .helpers import open_map, refused


def captured_city(s):
    """Player 0's capital grown to size 3 (fortress, temple), as if captured by player 1: player 1
    holds it as its only city and has neither Tactics nor Myths."""
    cap0, cap1 = s.capital(0), s.capital(1)
    s.state["cities"].pop(cap1)
    return s.city(1, cap0, pieces=("fortress", "temple")), cap0


def test_a_captured_city_is_a_valid_position():
    s, key = captured_city(open_map())
    assert s.problems() == []
    m = s.match()
    assert m.state["cities"][key]["owner"] == 1
    assert m.state["cities"][key]["pieces"] == {"fortress": 1, "temple": 1}


def test_grow_size_limit_still_applies_to_a_captured_city():
    s, key = captured_city(open_map())
    s.resources(1, food=2, wood=2, ore=2).advances(1, "writing").turn(1)
    # Size 3 with one city: growing further breaks the size limit of growing, not of positions.
    assert refused(s.match(), f"grow {key} academy") == "grow.size-limit"


def test_an_unknown_piece_is_still_refused():
    s = open_map()
    s.state["cities"][s.capital(0)]["pieces"]["castle"] = 0
    assert any("unknown piece castle" in p for p in s.problems())
    with pytest.raises(ScenarioError):
        s.match()
