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
