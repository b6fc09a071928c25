"""Seed rules 6.1-6.13 (transferring Culture cards), one test pair per rule id.

The main scene (Epoch VII): player 0's Carthaginians keep Law in Carthage; the Romans
hold Italy (their Capital) and Gaul; the English, player 0's present Empire, have their
Capital in Britain and a fleet in the Atlantic, which a Spanish fleet shares; a Spanish
fleet in the North Sea closes the Strait of Dover. The path Carthage - Strait of Sicily -
Italy - Gaul - Atlantic Ocean - Britain crosses a strait and an ocean.
"""

from __future__ import annotations

from clash_widget.persistence import paths

from .helpers import kinds, of_kind, ok, refused, scene


def world(frame: str = "transfer", **options):
    s = scene(epoch=7, **options)
    s.empire(0, "carthaginians", lands=["carthage"], capital="carthage").culture(
        "law", "carthaginians"
    )
    s.empire(0, "romans", lands=["italy", "gaul"], capital="italy")
    s.empire(1, "spanish", lands=["iberia"], capital="iberia").culture("science", "spanish")
    s.empire(0, "english", lands=["britain"], capital="britain")
    s.fleet("atlantic", "english").fleet("atlantic", "spanish").fleet("north_sea", "spanish")
    return s.turn(0, "english", armies=0, fleets=0, frame=frame)


PATH = ["carthage", "strait:sicily", "italy", "gaul", "atlantic", "britain"]


# -- 6.1 -------------------------------------------------------------------------------------------
def test_transfer_end_of_expansion_ok():
    """6.1: "Culture cards can be transferred between a Faction's Capitals at the very end of
    the player's Expansion Phase, following all: placement, combat, Monument builds, and fort
    builds." After ``end`` the transfer step opens."""
    m = world(frame="expand").match()
    ok(m, "end")
    assert m.state["stack"][-1]["kind"] == "transfer"
    ok(m, "transfer law britain")


def test_transfer_end_of_expansion_refused():
    """During the Expansion phase a transfer is refused and never listed."""
    m = world(frame="expand").match()
    refused(m, "transfer law britain", "transfer.end-of-expansion")


def test_transfer_off_ok():
    """Ours: the option transfer (on in the standard game) plays rule 6."""
    m = world(frame="expand").match()
    assert m.state["options"]["transfer"] is True
    ok(m, "end")
    assert m.state["stack"][-1]["kind"] == "transfer"


def test_transfer_off_refused():
    """With transfer=False the turn goes straight on to the Victory Point phase and a transfer
    is refused with its own rule."""
    m = world(frame="expand", transfer=False).match()
    refused(m, "transfer law britain", "transfer.off")
    ev = ok(m, "end")
    assert "vp" in kinds(ev) and "culture_transferred" not in kinds(ev)


def test_transfer_to_capital_ok():
    """6.1: transfers go "between a Faction's Capitals": Italy holds the Roman Capital."""
    m = world().match()
    ok(m, "transfer law italy")
    assert m.state["culture"]["law"] == "romans"


def test_transfer_to_capital_refused():
    """Gaul is a Roman land but no Capital."""
    m = world().match()
    refused(m, "transfer law gaul", "transfer.to-capital")


# -- 6.11 ------------------------------------------------------------------------------------------
def test_transfer_own_card_ok():
    """6.11: "Culture cards can be transferred between the Capitals of any of the player's
    Empires--both Past and Present Empires." Law of the (past) Carthaginians moves."""
    m = world().match()
    ok(m, "transfer law britain")


def test_transfer_own_card_refused():
    """Science belongs to player 1's Spanish: player 0 cannot move it."""
    m = world().match()
    refused(m, "transfer science britain", "transfer.own-card")


def test_transfer_not_to_minor_ok():
    """6.11: "Transfers to Minor Empires are not allowed, however." A major Empire's Capital is
    a fine destination."""
    m = world().match()
    ok(m, "transfer law italy")


def test_transfer_not_to_minor_refused():
    """Player 0's Celts (a Minor Empire) hold Germania: no card goes there."""
    s = world()
    s.state["epoch"] = 7
    s.empire(0, "celts", lands=["germania"])
    m = s.match()
    refused(m, "transfer law germania", "transfer.not-to-minor")


def test_transfer_own_faction_only_ok():
    """6.11: the Capitals of the player's own Empires, past or present, are open."""
    m = world().match()
    dests = {a.args[1] for a in m.legal_actions() if a.kind == "transfer"}
    assert dests == {"italy", "britain"}


def test_transfer_own_faction_only_refused():
    """6.11: "Culture cards may not be transferred to the Capitals of Empires belonging to other
    players." The Spanish Capital is refused."""
    m = world().match()
    refused(m, "transfer law iberia", "transfer.own-faction-only")


# -- 6.12 ------------------------------------------------------------------------------------------
def test_transfer_path_ok():
    """6.12: "a path of friendly, contiguous: Lands, Seas, or Oceans must exist between the,
    Capitals ... The path can be of any length". The shortest friendly path is recorded."""
    m = world().match()
    ev = ok(m, "transfer law britain")
    assert of_kind(ev, "culture_transferred")[0]["path"] == PATH


def test_transfer_path_refused():
    """6.12: "The path may not contain Barren Lands or' vacant Lands/Seas/Oceans." With Gaul
    vacant the path is broken, and the refusal says where."""
    s = world()
    s.vacate("gaul")
    m = s.match()
    reason = refused(m, "transfer law britain", "transfer.path")
    assert "Gaul is vacant" in reason


def test_transfer_path_barren_refused():
    """A Barren Land never carries a path, even when the Faction holds it."""
    s = scene(epoch=3)
    s.empire(0, "egyptians", lands=["egypt", "levant"], capital="egypt")
    s.culture("law", "egyptians")
    s.empire(0, "persians", lands=["persia", "arabia"], capital="persia")
    s.fleet("persian_gulf", "persians")
    m = s.turn(0, "persians", armies=0, fleets=0, frame="transfer").match()
    assert "Arabia is barren" in refused(m, "transfer law persia", "transfer.path")


def test_transfer_ocean_enemies_ok():
    """6.12: "Oceans used as part of a path may be occupied by opposing Factions as long as the
    transferring player has at least one fleet present." The Atlantic also holds a Spanish
    fleet."""
    m = world().match()
    assert "atlantic" in paths.path(m.state, "carthage", "britain", 0)
    ok(m, "transfer law britain")


def test_transfer_ocean_enemies_refused():
    """6.12: Oceans may hold opposing Factions' fleets "as long as the transferring player has at
    least one fleet present." Without an English fleet the Atlantic is not friendly, Spanish fleet
    or not: the refusal names this rule and says which Ocean."""
    s = world()
    s.state["fleets"]["atlantic"] = ["spanish"]
    m = s.match()
    reason = refused(m, "transfer law britain", "transfer.ocean-enemies")
    assert "Atlantic Ocean holds no fleet of yours" in reason


def test_transfer_strait_ok():
    """6.12: "the transfer path can cross a Strait if the intervening Sea is vacant or
    friendly-occupied (not enemy occupied)." The Western Mediterranean is vacant: Law crosses
    the Strait of Sicily; with a Roman fleet there it crosses too."""
    m = world().match()
    ok(m, "transfer law italy")
    s = world()
    s.fleet("western_med", "romans")
    assert paths.path(s.match().state, "carthage", "italy", 0) == [
        "carthage",
        "strait:sicily",
        "italy",
    ]


def test_transfer_strait_refused():
    """An enemy fleet in the Western Mediterranean closes the Strait of Sicily; the Spanish
    fleet in the North Sea closes the Strait of Dover."""
    s = world()
    s.fleet("western_med", "spanish")
    m = s.match()
    reason = refused(m, "transfer law italy", "transfer.strait")
    assert "Strait of Sicily is closed" in reason
    assert "strait:dover" not in (paths.path(m.state, "italy", "britain", 0) or [])


def test_transfer_shared_sea_ok():
    """Ours, with the option shared_sea_friendly=True: a Sea shared with an enemy fleet is
    friendly when the player has a fleet there."""
    m = shared_sea_scene(shared_sea_friendly=True).match()
    ok(m, "transfer law italy")


def test_transfer_shared_sea_refused():
    """Ours (6.12 leaves it open): only Oceans may be shared. The Eastern Mediterranean holds an
    Egyptian and a Greek fleet: it does not carry Law from Egypt to Italy."""
    m = shared_sea_scene().match()
    reason = refused(m, "transfer law italy", "transfer.shared-sea")
    assert "also holds an enemy fleet" in reason


def test_transfer_path_refusals_name_the_rule_that_refused():
    """Issue 23 item 13: a path refusal names the rule that closed the path. A vacant land
    breaks the general rule 6.12 "The path may not contain Barren Lands or' vacant
    Lands/Seas/Oceans" (transfer.path); an enemy fleet in the Sea of a Strait breaks
    transfer.strait; an Ocean without a fleet of yours breaks transfer.ocean-enemies."""
    s = world()
    s.vacate("gaul")
    assert "Gaul is vacant" in refused(s.match(), "transfer law britain", "transfer.path")
    s = world()
    s.fleet("western_med", "spanish")
    reason = refused(s.match(), "transfer law italy", "transfer.strait")
    assert "Strait of Sicily is closed by an enemy fleet in the Western" in reason
    s = world()
    s.state["fleets"]["atlantic"] = ["spanish"]
    refused(s.match(), "transfer law britain", "transfer.ocean-enemies")


def shared_sea_scene(**options):
    s = scene(epoch=4, **options)
    s.empire(0, "egyptians", lands=["egypt"], capital="egypt").culture("law", "egyptians")
    s.empire(1, "greeks", lands=["greece"], capital="greece")
    s.empire(0, "romans", lands=["italy"], capital="italy")
    s.fleet("eastern_med", "egyptians").fleet("eastern_med", "greeks")
    return s.turn(0, "romans", armies=0, fleets=0, frame="transfer")


# -- 6.13 ------------------------------------------------------------------------------------------
def test_transfer_new_owner_ok():
    """6.13: "Transferred Culture cards are considered to be immediately relocated to the new
    Capital ... As long as: the required paths exist (see 6.12 above), any and all Culture cards
    may be freely exchanged between a player's Faction Capitals." Two cards move, one by one."""
    s = world()
    s.culture("religion", "romans")
    m = s.match()
    ok(m, "transfer law britain")
    ok(m, "transfer religion carthage")
    assert m.state["culture"] == {
        "law": "english",
        "religion": "carthaginians",
        "science": "spanish",
    }
    view = {c["id"]: c for c in m.view(1)["culture"]}
    assert view["law"]["empire_name"] == "English" and view["law"]["capital"] == "britain"


def test_transfer_new_owner_refused():
    """After the move the old Capital no longer holds the card: conquering Carthage later
    captures nothing."""
    m = world().match()
    ok(m, "transfer law britain")
    assert not [c for c, e in m.state["culture"].items() if e == "carthaginians"]


def test_transfer_same_capital_ok():
    """Ours: a transfer goes to another Capital."""
    m = world().match()
    assert "transfer law britain" in [str(a) for a in m.legal_actions()]


def test_transfer_same_capital_refused():
    """Law is in Carthage already."""
    m = world().match()
    refused(m, "transfer law carthage", "transfer.same-capital")
