"""ClashBoard without a browser: traits, intents, feedback, locking.

Intents are simulated the way the front end sends them: by assigning a new dict
to ``w.intent``. The tests run on the real Clash of Cultures core when it is
available and on a tiny stand-in game (same view contract) otherwise.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from clash_widget.engine import Action, Game, Match, Options, RuleBook
from clash_widget.engine.game import FrameHandler
from clash_widget.widget import ClashBoard

ROOT = Path(__file__).resolve().parents[1]


# -- a tiny stand-in game following the CoC view contract -------------------------
TOY_RULES = RuleBook("toy")
NOT_YOURS = TOY_RULES.rule("toy.found.occupied", "A city already stands there.", "Toy §1")
NOT_LAND = TOY_RULES.rule("toy.found.sea", "Cities are founded on land.", "Toy §1")
TOY_HEXES = [(q, r) for q in range(3) for r in range(-1, 2)]


@dataclass(frozen=True)
class ToyOptions(Options):
    pass


class ToyTurn(FrameHandler):
    kind = "turn"

    def legal(self, game, state, frame):
        out = [Action("end_turn")]
        for h in state["hexes"]:
            a = Action("found", (f"{h['q']},{h['r']}",))
            if self.check(game, state, frame, a) is None:
                out.append(a)
        return out

    def check(self, game, state, frame, action):
        if action.kind == "end_turn" and not action.args:
            return None
        if action.kind != "found" or len(action.args) != 1:
            raise ValueError("unknown action")
        q, r = (int(x) for x in action.args[0].split(","))
        h = next(h for h in state["hexes"] if (h["q"], h["r"]) == (q, r))
        if h["terrain"] == "sea":
            return NOT_LAND.refuse()
        if any((c["q"], c["r"]) == (q, r) for c in state["cities"]):
            return NOT_YOURS.refuse()
        return None

    def apply(self, game, state, frame, action, ev):
        p = frame["player"]
        if action.kind == "end_turn":
            frame["player"] = 1 - p
            ev.emit("end_turn", f"Player {p + 1} ends the turn.")
            return
        q, r = (int(x) for x in action.args[0].split(","))
        state["cities"].append(
            {
                "q": q,
                "r": r,
                "owner": p,
                "size": 1,
                "mood": "neutral",
                "capital": False,
                "pieces": [],
            }
        )
        ev.emit("found", f"Player {p + 1} founds a city at {q},{r}.", hexes=[[q, r]])


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 2
    rules = TOY_RULES
    options_class = ToyOptions
    handlers = {"turn": ToyTurn()}

    def new_state(self, players, seed, options):
        hexes = [
            {
                "q": q,
                "r": r,
                "terrain": "sea" if q == 2 and r == 1 else "plains",
                "region": q,
                "explored": True,
            }
            for q, r in TOY_HEXES
        ]
        return {
            "players": [{"seat": i} for i in range(players)],
            "hexes": hexes,
            "cities": [],
            "stack": [{"kind": "turn", "player": 0}],
            "options": {},
            "seed": seed,
            "rng": 0,
            "version": 0,
        }

    def scores(self, state):
        return [float(sum(c["owner"] == p for c in state["cities"])) for p in range(2)]

    def view(self, state, seat):
        legal = []
        if seat is None or seat == self.current_player(state):
            for a in self.legal_actions(state):
                hexes = [[int(x) for x in a.args[0].split(",")]] if a.args else []
                legal.append({"key": str(a), "kind": a.kind, "label": str(a), "hexes": hexes})
        return {
            "game": "toy",
            "seat": seat,
            "current_player": self.current_player(state),
            "over": False,
            "prompt": "Found cities.",
            "turn": {"age": 1, "round": 1, "actions_left": 1, "first_player": 0},
            "players": [
                {
                    "seat": i,
                    "name": f"P{i + 1}",
                    "color": "#E69F00",
                    "resources": {},
                    "limits": {},
                    "mood_tokens": 0,
                    "culture_tokens": 0,
                    "advances": [],
                    "vp": 0,
                    "hand": [] if seat in (None, i) else None,
                    "hand_count": 0,
                }
                for i in range(2)
            ],
            "hexes": [dict(h) for h in state["hexes"]],
            "cities": [dict(c) for c in state["cities"]],
            "units": [{"q": 0, "r": 0, "owner": 0, "kind": "settler", "count": 1}],
            "legal": legal,
            "log": [],
        }


def real_coc_available() -> bool:
    try:
        Match.new("coc", 2, 1)
    except Exception:
        return False
    return True


REAL = real_coc_available()


@pytest.fixture
def match() -> Match:
    return Match.new("coc", 2, 1) if REAL else Match.new(ToyGame(), 2, 1)


@pytest.fixture
def w(match: Match) -> ClashBoard:
    return ClashBoard(match)


def hex_action(w: ClashBoard) -> dict[str, Any]:
    """A legal action that names a hex (every real game position has one)."""
    acts = [a for a in w.view["legal"] if a.get("hexes")]
    assert acts, "expected a legal action with hexes"
    return acts[0]


def send(w: ClashBoard, **body: Any) -> dict[str, Any]:
    seq = (w.intent.get("seq", 0) if isinstance(w.intent, dict) else 0) + 1
    intent = {"seq": seq, "version": w.match.version, **body}
    w.intent = intent
    return intent


# -- construction -------------------------------------------------------------------
def test_construct_without_browser(w: ClashBoard) -> None:
    assert w.view["version"] == w.match.version
    assert w.view["hexes"], "the view has hexes"
    assert w.selected == {} and w.feedback == {}
    assert w.seat is None and w.game is w.match.game is w.session.game
    assert w.view["seat"] is None


def test_default_constructor_starts_coc() -> None:
    if not REAL:
        pytest.skip("the CoC rules core is not there yet")
    w = ClashBoard(players=2, seed=3, seat=0)
    assert w.match.game.name == "coc" and w.view["seat"] == 0


def test_trait_names_match_typescript_model() -> None:
    py = {name for name in ClashBoard.class_trait_names(sync=True) if not name.startswith("_")}
    ts = (ROOT / "js" / "src" / "coc" / "model.ts").read_text()
    block = re.search(r"export type WidgetModel = \{(.*?)\};", ts, re.S)
    assert block
    names = set(re.findall(r"^\s*(\w+)\??\s*:", block.group(1), re.M))
    ours = {
        "view", "intent", "selected", "feedback", "seat", "last_action", "hotseat", "bots",
        "bot_names", "bot_delay", "autoplay", "position", "replay_length", "view_patch",
        "lock_view",
    }  # fmt: skip
    assert names == ours
    assert ours <= py


def test_bundle_or_fallback_esm() -> None:
    esm = ClashBoard._esm if isinstance(ClashBoard._esm, str) else str(ClashBoard._esm)
    static = ROOT / "clash_widget" / "static" / "coc.js"
    if static.is_file():
        assert "render" in static.read_text()
    else:
        assert "front-end bundle missing" in esm


def test_seat_change_sends_a_new_view(match: Match) -> None:
    w = ClashBoard(match, seat=0)
    v0 = w.view
    w.seat = 1
    assert w.view is not v0 and w.view["seat"] == 1
    w.seat = None
    assert w.view["seat"] is None


# -- select -------------------------------------------------------------------------
def test_select_sets_selected_from_the_view(w: ClashBoard) -> None:
    h = w.view["hexes"][0]
    intent = send(w, type="select", q=h["q"], r=h["r"])
    s = w.selected
    assert (s["q"], s["r"]) == (h["q"], h["r"])
    assert set(s) == {"q", "r", "terrain", "explored", "region", "city", "units"}
    assert s["terrain"] == h["terrain"] and s["region"] == h["region"]
    assert w.feedback["ok"] is True and w.feedback["seq"] == intent["seq"]


def test_select_reports_units_and_city(w: ClashBoard) -> None:
    u = w.view["units"][0]
    send(w, type="select", q=u["q"], r=u["r"])
    assert any(x["kind"] == u["kind"] for x in w.selected["units"])
    city = next(iter(w.view["cities"]), None)
    if city is not None:
        send(w, type="select", q=city["q"], r=city["r"])
        assert w.selected["city"]["owner"] == city["owner"]


# -- act ------------------------------------------------------------------------------
def test_act_plays_and_sends_a_new_view(w: ClashBoard) -> None:
    seen = []
    w.on_action(seen.append)
    a = hex_action(w)
    v0, version = w.view, w.match.version
    send(w, type="act", key=a["key"])
    assert w.feedback["ok"] is True, w.feedback
    assert w.match.version == version + 1
    assert w.view is not v0 and w.view["version"] == version + 1
    assert w.last_action == str(Action.parse(a["key"]))
    assert len(seen) == 1 and seen[0].ok


def test_illegal_act_gives_rule_id_reason_section(w: ClashBoard) -> None:
    h0 = w.match.state_hash()
    send(w, type="act", key="found 999,999")
    fb = w.feedback
    assert fb["ok"] is False and fb["rule_id"] and fb["message"]
    assert "section" in fb
    assert w.match.state_hash() == h0


def test_play_from_code_is_the_same_path(w: ClashBoard) -> None:
    a = hex_action(w)
    out = w.play(a["key"])
    assert out.ok and w.view["version"] == w.match.version and w.feedback["ok"]
    assert w.last_action == str(out.action)
    bad = w.play("no_such_action")
    assert not bad.ok and w.feedback["ok"] is False


def test_undo_redo_intents(w: ClashBoard) -> None:
    h0 = w.match.state_hash()
    w.play(hex_action(w)["key"])
    h1 = w.match.state_hash()
    if not w.match.can_undo():
        pytest.skip("the first action is an undo barrier in this game")
    send(w, type="undo")
    assert w.feedback["ok"] and w.match.state_hash() == h0 and w.view["can_redo"]
    send(w, type="redo")
    assert w.feedback["ok"] and w.match.state_hash() == h1
    send(w, type="redo")
    assert w.feedback["ok"] is False and w.feedback["rule_id"] == "widget.no-redo"


# -- malformed and stale ----------------------------------------------------------
MALFORMED_INTENTS = [
    {"seq": "1", "version": 0, "type": "undo"},
    {"seq": 1, "version": 0.0, "type": "undo"},
    {"seq": 1, "version": True, "type": "undo"},
    {"seq": 1, "version": 0, "type": "explode"},
    {"seq": 1, "version": 0, "type": "select", "q": "0", "r": 0},
    {"seq": 1, "version": 0, "type": "select", "q": 0},
    {"seq": 1, "version": 0, "type": "select", "q": 999, "r": 999},
    {"seq": 1, "version": 0, "type": "act", "key": 42},
    {"seq": 1, "version": 0, "type": "act", "key": "   "},
    {"seq": 1, "version": 0, "type": "act"},
    {"seq": 1, "version": 0, "type": "undo", "extra": 1},
    {"version": 0, "type": "undo"},
]


@pytest.mark.parametrize("bad", MALFORMED_INTENTS)
def test_malformed_intents_change_nothing(w: ClashBoard, bad: dict[str, Any]) -> None:
    h0, v0, sel0 = w.match.state_hash(), w.view, w.selected
    if "version" in bad and bad["version"] == 0 and not isinstance(bad["version"], float):
        bad = {**bad, "version": w.match.version}
    w.intent = bad
    assert w.feedback["ok"] is False
    assert w.feedback["rule_id"] == "engine.malformed", w.feedback
    assert w.feedback["message"]
    assert w.match.state_hash() == h0 and w.view is v0 and w.selected == sel0


def test_stale_intents_change_nothing(w: ClashBoard) -> None:
    a = hex_action(w)
    w.play(a["key"])
    h0, v0 = w.match.state_hash(), w.view
    stale = w.match.version - 1
    for body in (
        {"type": "act", "key": a["key"]},
        {"type": "undo"},
        {"type": "select", "q": a["hexes"][0][0], "r": a["hexes"][0][1]},
    ):
        w.intent = {"seq": w.intent.get("seq", 0) + 1, "version": stale, **body}
        assert w.feedback["ok"] is False and w.feedback["rule_id"] == "engine.stale"
        assert "version" in w.feedback["message"]
        assert w.match.state_hash() == h0 and w.view is v0 and w.selected == {}


def test_repeated_identical_answers_still_change_feedback(w: ClashBoard) -> None:
    w.intent = {"seq": 1, "version": -5, "type": "undo"}
    first = w.feedback
    w.intent = {"seq": 2, "version": -5, "type": "undo"}
    assert w.feedback is not first and w.feedback["n"] == first["n"] + 1


def test_exceptions_in_observers_are_shown(w: ClashBoard) -> None:
    def boom(outcome):
        raise RuntimeError("callback broke")

    w.on_action(boom)
    send(w, type="act", key=hex_action(w)["key"])
    assert w.feedback["kind"] == "error" and "callback broke" in w.feedback["detail"]
    assert w.feedback["rule_id"] == "widget.error"

    def broken_view(seat):
        raise KeyError("view exploded")

    w.match.view = broken_view  # type: ignore[method-assign]
    send(w, type="act", key=w.match.legal_actions()[0].key)
    assert w.feedback["kind"] == "error" and "view exploded" in w.feedback["detail"]


# -- concurrency --------------------------------------------------------------------
def test_concurrent_intents_do_not_corrupt_state(match: Match) -> None:
    w = ClashBoard(match)
    hexes = [(h["q"], h["r"]) for h in w.view["hexes"]]
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def clicker(k: int) -> None:
        try:
            barrier.wait()
            for i in range(40):
                q, r = hexes[(k * 7 + i) % len(hexes)]
                with w.lock:
                    version = w.match.version
                w.intent = {
                    "seq": k * 1000 + i + 1,
                    "version": version,
                    "type": "select",
                    "q": q,
                    "r": r,
                }
                if i % 10 == 0:
                    legal = w.match.legal_actions()
                    w.intent = {
                        "seq": k * 1000 + 500 + i,
                        "version": version,
                        "type": "act",
                        "key": str(legal[-1]),
                    }
                if i % 13 == 0:
                    w.intent = {"seq": k * 1000 + 900 + i, "version": version, "type": "undo"}
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def coder() -> None:
        barrier.wait()
        for _ in range(10):
            legal = w.match.legal_actions()
            if legal:
                w.play(str(legal[0]))

    threads = [threading.Thread(target=clicker, args=(k,)) for k in range(3)]
    threads.append(threading.Thread(target=coder))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors
    # The match still replays to the same position from its record, and the view is current.
    replayed = Match.replay(w.match.record()) if REAL else None
    if replayed is not None:
        assert replayed.state_hash() == w.match.state_hash()
    assert w.view["version"] == w.match.version
    assert w.view == w.match.view(w.seat)
    assert w.feedback.get("rule_id") != "widget.error", w.feedback


def test_import_never_fails_without_the_bundle(tmp_path: Path) -> None:
    """A checkout without clash_widget/static still imports; the board says what to do."""
    import shutil
    import subprocess
    import sys

    pkg = tmp_path / "clash_widget"
    shutil.copytree(
        ROOT / "clash_widget", pkg, ignore=shutil.ignore_patterns("static", "__pycache__")
    )
    code = (
        "from clash_widget.widget import ClashBoard as B; "
        "assert isinstance(B._esm, str) and 'Clash of Cultures bundle missing' in B._esm, B._esm; "
        "print('ok')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0 and "ok" in out.stdout, out.stderr


def test_bad_seat_is_reported(w: ClashBoard) -> None:
    w.seat = 7
    assert w.feedback["ok"] is False and "no such seat" in w.feedback["text"]
    assert w.feedback["rule_id"] == "widget.bad-setting" and w.seat is None


def test_a_view_that_fails_for_a_seat_is_reported(w: ClashBoard) -> None:
    def broken_view(seat):
        raise IndexError("no such seat")

    w.match.view = broken_view  # type: ignore[method-assign]
    w.seat = 1
    assert w.feedback["kind"] == "error" and "no such seat" in w.feedback["detail"]


@pytest.mark.parametrize(
    "first, then",
    [
        (
            "from clash_widget import BoardWidget as old",
            "from clash_widget.widget import BoardWidget",
        ),
        (
            "from clash_widget.widget import BoardWidget as old",
            "from clash_widget import BoardWidget",
        ),
        (
            "from clash_widget.widget.board import BoardWidget as old",
            "from clash_widget import BoardWidget",
        ),
    ],
    ids=["from-clash_widget", "from-clash_widget.widget", "from-clash_widget.widget.board"],
)
def test_the_old_name_still_imports_and_warns_once(first: str, then: str) -> None:
    """``BoardWidget`` (the Clash board's name before issue 24) still imports, as the same
    class, so old notebooks run; it warns once, at the line that asked for it. In a fresh
    interpreter, since the warning is given once per process."""
    import ast
    import subprocess
    import sys

    code = "\n".join(
        [
            "import warnings",
            "warnings.simplefilter('always')",
            "with warnings.catch_warnings(record=True) as got:",
            "    warnings.simplefilter('always')",
            f"    {first}",
            f"    {then}",
            "    import clash_widget.widget as package",
            "    again = package.BoardWidget",
            "from clash_widget import ClashBoard",
            "assert old is BoardWidget is again is ClashBoard",
            "print([(g.category.__name__, str(g.message), g.lineno) for g in got])",
        ]
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    warned = ast.literal_eval(out.stdout)
    assert warned == [
        (
            "DeprecationWarning",
            "BoardWidget is now called ClashBoard: write `from clash_widget import ClashBoard`",
            5,
        )
    ]
