"""The exercise of notebook 21: open a transfer path with one fleet.

Epoch IV. Blue's Carthaginians keep Law in Carthage; Blue's Romans, the present Empire,
hold Italy (their Capital) and Gaul and have one fleet to place. An Orange (Greek) fleet
holds the Western Mediterranean, which closes the Strait of Sicily and makes that Sea
unfriendly even if a Roman fleet joins it (our reading of 6.12). Not the worked example's
question: there the English shared an Ocean; here the way round is another Sea. The check
plays the learner's answer on a fresh copy of the position, ends the Expansion phase and
says whether Law can now be transferred to Italy; it never prints the answer and never
raises.
"""

from __future__ import annotations

from typing import Any

from ..engine import Match
from . import content
from .scenario import Scenario

TASK = (
    "Law sits in Carthage; the Romans' Capital is in Italy. With the one fleet the Romans may "
    "still place, open a friendly path from Carthage to Italy. Write the sea or ocean where the "
    'fleet goes, by its name on the map: answer = "...".'
)
HINT = (
    "Reread rule 6.12 and our reading of a shared Sea: which areas a path may use, and what an "
    "enemy fleet does to a Sea, to an Ocean and to a Strait. Try a placement on position() and "
    "ask transfer_path for the path."
)


def position() -> Match:
    s = Scenario(players=2, epoch=4)
    s.empire(0, "carthaginians", lands=["carthage"], capital="carthage")
    s.culture("law", "carthaginians")
    s.empire(1, "greeks", lands=["greece"], capital="greece")
    s.fleet("western_med", "greeks")
    s.empire(0, "romans", lands=["italy", "gaul"], capital="italy")
    return s.turn(0, "romans", armies=0, fleets=1).match()


# The sandbox's Epoch II played through (the notebook's last table and the browser test):
# player 0 takes the Hittites, player 1 the Zhou; the Hittites found their Capital in
# Anatolia and spread east, then Law moves from Egypt to Anatolia (Egypt - Levant -
# Anatolia); the Zhou spread over the Far East; Epoch III begins.
SANDBOX_EPOCH = (
    "choose hittites",
    "choose zhou",
    "enter anatolia",
    "enter persia",
    "enter bactria",
    "enter indus",
    "enter ganges",
    "end",
    "transfer law anatolia",
    "done",
    "enter north_china",
    "enter korea",
    "enter mongolia",
    "enter south_china",
    "enter indochina",
    "enter japan",
    "end",
)


def sandbox() -> Match:
    """Epoch II begins: player 0's Egyptians keep Law in Egypt and hold the Levant; player 1's
    Sumerians hold Mesopotamia. Choose the Hittites (Anatolia, next to the Levant) and Law can
    be moved to their new Capital at the end of their Expansion phase."""
    s = Scenario(players=2, epoch=2)
    s.empire(0, "egyptians", lands=["egypt", "levant"], capital="egypt")
    s.culture("law", "egyptians")
    s.empire(1, "sumerians", lands=["mesopotamia"], capital="mesopotamia")
    return s.choosing().match()


def solved(answer: Any) -> bool:
    """Does ``answer`` (a sea's or ocean's name, or the action) open the path? Never raises."""
    if not isinstance(answer, str):
        return False
    by_name = {content.name(w).lower(): w for w in content.waters()}
    if answer.strip().lower() in by_name:  # a name on the map, or the move itself
        answer = f"fleet {by_name[answer.strip().lower()]}"
    m = position()
    if not m.play(answer).ok or not m.play("end").ok:
        return False
    return m.check("transfer law italy") is None


def check(answer: Any) -> bool:
    ok = solved(answer)
    if ok:
        print("Well done: Law can now travel to Italy.")
    elif answer is None:
        print("Not answered yet. " + TASK)
    else:
        print(f"{answer!r} does not open a path. Hint: {HINT}")
    return ok
