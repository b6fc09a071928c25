"""The exercise of notebook 21: open a transfer path with one fleet.

The English (player 0, Epoch VII) want Law, kept by their Carthaginians in Carthage,
in their Capital in Britain. Italy and Gaul are theirs; a Spanish fleet holds the North
Sea (closing the Strait of Dover) and another the Atlantic. The English have one fleet
to place. The check plays the learner's answer on a fresh copy of the position, ends
the Expansion phase and says whether Law can now be transferred to Britain; it never
prints the answer and never raises.
"""

from __future__ import annotations

from typing import Any

from ..engine import Match
from .scenario import Scenario

TASK = (
    "Law sits in Carthage; the English Capital is in Britain. With the one fleet the English "
    "may still place, open a friendly path from Carthage to Britain. Write the action as "
    "answer = 'fleet <sea or ocean>' (for example 'fleet western_med')."
)
HINT = (
    "Look at the Strait of Dover: its Sea holds a Spanish fleet. Which kind of water may a path "
    "share with an enemy fleet (rule 6.12, and our reading transfer.shared-sea)?"
)


def position() -> Match:
    s = Scenario(players=2, epoch=7)
    s.empire(0, "carthaginians", lands=["carthage"], capital="carthage")
    s.culture("law", "carthaginians")
    s.empire(0, "romans", lands=["italy", "gaul"], capital="italy")
    s.empire(1, "spanish", lands=["iberia"], capital="iberia")
    s.empire(0, "english", lands=["britain"], capital="britain")
    s.fleet("north_sea", "spanish").fleet("atlantic", "spanish")
    return s.turn(0, "english", armies=0, fleets=1).match()


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
    """Does ``answer`` (an action key) open the path? Never raises."""
    if not isinstance(answer, str):
        return False
    m = position()
    if not m.play(answer).ok or not m.play("end").ok:
        return False
    return m.check("transfer law britain") is None


def check(answer: Any) -> bool:
    ok = solved(answer)
    if ok:
        print("Well done: Law can now travel to Britain.")
    elif answer is None:
        print("Not answered yet. " + TASK)
    else:
        print(f"{answer!r} does not open a path. Hint: {HINT}")
    return ok
