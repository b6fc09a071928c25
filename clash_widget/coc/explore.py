"""Exploring: revealing a face-down region and how it must be turned.

French rulings pp. 16-18: the hex the unit enters may not be sea; then new
sea should touch existing sea; else sea should lie against the board edge;
if several ways remain, the exploring player chooses.
"""

from __future__ import annotations

from ..engine import Action, act
from ..engine.actions import whole_number
from ..engine.game import Events, Frame, State
from ..engine.rules import Rule
from .board import board_neighbours, is_edge
from .common import bump_stat
from .content import load
from .rulebook import RULES
from .setup import tile_terrain

SECTION = "French rulings pp. 16-18 (orienting a revealed region)"

ENTRY_NOT_SEA = RULES.rule(
    "explore.entry-not-sea",
    "A region revealed by a land unit must be turned so the hex it enters is not sea.",
    SECTION,
)
SHIP_ENTRY_SEA = RULES.rule(
    "explore.ship-entry-sea",
    "A region revealed by a ship is turned so the hex it enters is sea, where the tile "
    "allows (our reading: the rulings speak only of land units).",
    SECTION,
    source="ours",
)
CONNECT_SEA = RULES.rule(
    "explore.connect-sea",
    "Otherwise the region is turned so its sea hexes touch the sea already on the board.",
    SECTION,
)
SEA_TO_EDGE = RULES.rule(
    "explore.sea-to-edge",
    "Otherwise the region is turned so its sea hexes lie against the board edge.",
    SECTION,
)
FREE_CHOICE = RULES.rule(
    "explore.free-choice",
    "The rulings left both ways open, so the exploring player chose how the region lies.",
    SECTION,
)


def layouts(state: State, region: int) -> list[list[str]]:
    tile = state["regions"][region]["tile"]
    terr = load("map")["tiles"][tile] if tile != "home" else load("map")["home_tile"]
    return [tile_terrain(terr, 0), tile_terrain(terr, 1)]


def allowed_orientations(state: State, region: int, entry: str, by_ship: bool) -> list[int]:
    """The orientations the rules leave open, in order of the rulings."""
    return orientation_ruling(state, region, entry, by_ship)[0]


def orientation_ruling(
    state: State, region: int, entry: str, by_ship: bool
) -> tuple[list[int], Rule | None]:
    """The orientations left open and the ruling that last narrowed them (None: no
    ruling had to choose, both ways lie alike or the choice stays free)."""
    reg = state["regions"][region]
    keys = reg["hexes"]
    options = layouts(state, region)
    cands = [0, 1]
    if options[0] == options[1]:
        return [0], None
    i = keys.index(entry)
    ruling: Rule | None = None
    ok = [f for f in cands if (options[f][i] == "sea") == by_ship]
    if ok and len(ok) < len(cands):
        cands, ruling = ok, SHIP_ENTRY_SEA if by_ship else ENTRY_NOT_SEA

    def touching_sea(f: int) -> int:
        n = 0
        for k, t in zip(keys, options[f], strict=True):
            if t == "sea" and any(
                state["hexes"][nb]["terrain"] == "sea"
                for nb in board_neighbours(state, k)
                if nb not in keys
            ):
                n += 1
        return n

    def on_edge(f: int) -> int:
        return sum(
            1 for k, t in zip(keys, options[f], strict=True) if t == "sea" and is_edge(state, k)
        )

    for score, rule in ((touching_sea, CONNECT_SEA), (on_edge, SEA_TO_EDGE)):
        best = max(score(f) for f in cands)
        narrowed = [f for f in cands if score(f) == best]
        if len(narrowed) < len(cands):
            cands, ruling = narrowed, rule
    return cands, ruling


def reveal(
    state: State, region: int, flip: int, p: int, ev: Events, ruling: Rule | None = None
) -> None:
    """Turn a region face up; ``ruling`` is the rule that fixed its orientation, if one did."""
    reg = state["regions"][region]
    reg["explored"] = True
    reg["flip"] = flip
    for k, t in zip(reg["hexes"], layouts(state, region)[flip], strict=True):
        state["hexes"][k]["terrain"] = t
    how = f" {ruling.reason}" if ruling else ""
    ev.emit(
        "explore",
        f"{state['players'][p]['name']} reveals a region.{how}",
        player=p,
        hexes=list(reg["hexes"]),
        barrier=True,
        **({"rule_id": ruling.id} if ruling else {}),
    )
    bump_stat(state, "explore")


# -- the choice frame (only when the rulings leave a free choice) ------------


def parse_orient(state: State, frame: Frame, a):  # noqa: ANN001, ANN201
    return {"flip": whole_number(a.args[0], "the orientation")}


@RULES.check(
    "explore.orientation-allowed",
    "Choose one of the orientations the exploring rules leave open.",
    SECTION,
)
def orient_allowed(state: State, frame: Frame, args) -> bool:  # noqa: ANN001
    return args["flip"] in frame["allowed"]


def orient_candidates(state: State, frame: Frame):  # noqa: ANN201
    return [act("orient", f) for f in frame["allowed"]]


def orient_label(state: State, frame: Frame, a: Action) -> str:
    return {"0": "Lay the region as printed", "1": "Lay the region turned around"}[a.args[0]]
