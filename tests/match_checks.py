"""Plumbing shared by the tests of the games on MatchWidget (Secolo, The Persistence of
Culture, History CCG): playthrough regression files, and the widget checks that are the
same for every game. Each test keeps its own assertion about the rules; only the way to
get there lives here.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from clash_widget.bots import RandomBot
from clash_widget.engine import Match
from clash_widget.widget.base import MatchWidget

ROOT = Path(__file__).resolve().parents[1]


# -- playthrough files ----------------------------------------------------------------------
class Playthroughs:
    """Seeded random games written line by line, replayed and compared line by line.

    ``cases`` maps a file name to ``(players, seed, options)``; ``UPDATE_PLAYTHROUGHS=1``
    rewrites the files (after an intended rule change; the diff shows what it did).
    """

    HASH_EVERY = 10

    def __init__(self, game: str, title: str, test_file: str, cases: dict[str, tuple]) -> None:
        self.game, self.title, self.test_file, self.cases = game, title, test_file, cases
        self.folder = ROOT / Path(test_file).parent / "playthroughs"

    def render(self, players: int, seed: int, options: dict, actions: list[str]) -> str:
        m = Match.new(self.game, players, seed, options, keep_undo=False)
        lines = [
            f"# {self.title} playthrough (seeded random bots).",
            f"# Regenerate: UPDATE_PLAYTHROUGHS=1 pytest {self.test_file}",
            f"players {players}",
            f"seed {seed}",
            f"options {json.dumps(m.options.to_dict(), sort_keys=True)}",
            f"hash 0 {m.state_hash()}",
        ]
        for i, key in enumerate(actions, 1):
            seat = m.current_player
            o = m.play(key)
            if not o.ok:
                lines.append(f"REFUSED {i} {key}: {o.verdict}")
                break
            kinds = ",".join(e["kind"] for e in o.events)
            lines.append(f"step {i} p{seat} {key}" + (f" -> {kinds}" if kinds else ""))
            if i % self.HASH_EVERY == 0:
                lines.append(f"hash {i} {m.state_hash()} scores {m.scores()}")
        result = json.dumps(m.state["result"], sort_keys=True)
        lines.append(f"final {m.state_hash()} result {result}")
        return "\n".join(lines) + "\n"

    def generate(self, players: int, seed: int, options: dict) -> str:
        m = Match.new(self.game, players, seed, options, keep_undo=False)
        bots = [RandomBot(seed * 100 + s) for s in range(players)]
        while not m.is_over:
            m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
        return self.render(players, seed, options, m.actions)

    def replay(self, name: str) -> tuple[str, str]:
        """The stored file of case ``name`` and the same game played again now."""
        players, seed, options = self.cases[name]
        path = self.folder / f"{name}.txt"
        if os.environ.get("UPDATE_PLAYTHROUGHS") == "1":
            path.parent.mkdir(exist_ok=True)
            path.write_text(self.generate(players, seed, options))
        assert path.exists(), f"missing {path}; run with UPDATE_PLAYTHROUGHS=1"
        expected = path.read_text()
        got = self.render(players, seed, options, read_actions(expected))
        for n, (a, b) in enumerate(zip(expected.splitlines(), got.splitlines(), strict=False), 1):
            assert a == b, f"{path.name}: wrong line {n}:\n  file: {a}\n  now:  {b}"
        assert expected == got
        return expected, got


def read_actions(text: str) -> list[str]:
    """The action keys of a playthrough file, in order."""
    return [
        line.split(" ", 3)[3].split(" -> ")[0]
        for line in text.splitlines()
        if line.startswith("step ")
    ]


# -- widgets --------------------------------------------------------------------------------
def send(w: MatchWidget, **fields: Any) -> dict[str, Any]:
    """An intent the way the front end sends it (a new dict, the next seq); Python's answer."""
    seq = int(w.intent.get("seq", 0)) + 1 if w.intent else 1
    w.intent = {"seq": seq, "version": w.match.version, **fields}
    return dict(w.feedback)


def assert_traits_match_typescript(cls: type[MatchWidget]) -> None:
    """The front ends' TRAIT_NAMES (js/src/shared/model.ts) are the traits ``cls`` syncs."""
    src = (ROOT / "js/src/shared/model.ts").read_text()
    block = re.search(r"export const TRAIT_NAMES[^=]*=\s*\[(.*?)\]", src, re.S)
    assert block, "TRAIT_NAMES not found in js/src/shared/model.ts"
    ts_names = set(re.findall(r'"(\w+)"', block.group(1)))
    # the traits these classes and the widget's parts declare (anywidget's own, like _esm or
    # layout, are not ours)
    ours = [k for k in cls.__mro__ if k.__module__.startswith("clash_widget.")]
    py_names = {n for n in cls.class_traits(sync=True) if any(n in k.__dict__ for k in ours)}
    assert py_names == ts_names


def assert_js_fixtures_fresh(game: str) -> None:
    """The views js/test renders are what js/test/fixtures/make_<game>_fixtures.py makes now."""
    path = ROOT / f"js/test/fixtures/make_{game}_fixtures.py"
    if str(path.parent) not in sys.path:  # its fixture_files, as when it runs as a script
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(f"make_{game}_fixtures", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name, view in mod.views().items():
        stored = json.loads((path.parent / f"{name}.json").read_text())
        assert stored == json.loads(json.dumps(view)), f"{name}.json is stale: run {path.name}"


def assert_bundle_built(cls: type[MatchWidget], bundle: str) -> None:
    js = ROOT / f"clash_widget/static/{bundle}.js"
    esm = str(cls._esm)
    assert js.is_file() and "render" in esm and "bundle missing" not in esm


def bots_then_file(cls: type[MatchWidget], tmp_path: Path, moves: int = 60) -> MatchWidget:
    """Two bots play ``moves`` actions; the game file loads back to the same state; the
    widget is left replaying position 10 (read-only) for the caller's own checks."""
    w = cls(players=2, seed=3, bots=["heuristic", "random"])
    w.run_bots(max_actions=moves)
    assert len(w.match.actions) == moves
    path = w.save(tmp_path / "game.json")
    assert cls.from_file(path).match.state_hash() == w.match.state_hash()
    w.scrub(10)
    assert w.view["legal"] == []
    return w
