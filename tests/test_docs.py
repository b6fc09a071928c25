"""The examples in docs/api.md and the scenario doctest run as written."""

import doctest
import re
from pathlib import Path

import clash_widget.coc.scenario as scenario

ROOT = Path(__file__).parents[1]


def test_api_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "api.md").read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/api.md", "exec"), {})


def test_scenario_doctest():
    result = doctest.testmod(scenario)
    assert result.attempted > 0 and result.failed == 0


def test_core_does_not_import_jupyter():
    """The rules core runs in plain Python: importing it pulls in no Jupyter package."""
    import subprocess
    import sys

    code = (
        "import sys, clash_widget, clash_widget.coc.game, clash_widget.engine;"
        "from clash_widget.engine import Match; Match.new('coc', 2, 1);"
        "bad=[m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets','anywidget','traitlets','IPython','ipykernel')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_actions_doc_is_generated_from_the_action_kinds():
    """docs/actions.md is the grammar of every action key, generated from the ActionKind
    records (python -m clash_widget actions --write docs/actions.md)."""
    from clash_widget.engine import GAMES, get_game
    from clash_widget.engine.frames import actions_markdown

    want = actions_markdown(get_game(g) for g in sorted(GAMES)) + "\n"
    assert (ROOT / "docs" / "actions.md").read_text(encoding="utf-8") == want, (
        "docs/actions.md is stale: python -m clash_widget actions --write docs/actions.md"
    )


def test_every_coc_action_kind_has_its_grammar_and_a_readable_example():
    """Each Clash of Cultures action kind says how it is written and gives an example whose
    kind and argument count fit the kind (so the generated grammar cannot lie)."""
    from clash_widget.coc.game import HANDLERS
    from clash_widget.engine.actions import Action

    for frame, handler in HANDLERS.items():
        for kind, spec in handler.table.items():
            assert spec.usage.split()[0] == kind, (frame, kind, spec.usage)
            assert spec.example, (frame, kind)
            a = Action.parse(spec.example)
            lo, hi = spec.arity
            assert a.kind == kind and lo <= len(a.args) <= hi, (frame, spec.example)
