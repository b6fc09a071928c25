"""The mypy baseline only shrinks (scripts/mypy_baseline.py, run by ``make lint``): a new error
fails, a fixed one fails until the baseline is rewritten, an engine error always fails."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "mypy_baseline.py"
OLD = ("clash_widget/lab/x.py", "clash_widget/lab/x.py: Old error  [misc]")
NEW = ("clash_widget/lab/y.py", "clash_widget/lab/y.py: New error  [misc]")
ENGINE = ("clash_widget/engine/z.py", "clash_widget/engine/z.py: Any error  [misc]")


@pytest.fixture
def script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("mypy_baseline", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "BASELINE", tmp_path / "mypy-baseline.txt")
    return module


def _errors(module: ModuleType, monkeypatch: pytest.MonkeyPatch, *errors: tuple) -> None:
    monkeypatch.setattr(module, "run_mypy", lambda: list(errors))


def test_the_baseline_holds_and_only_shrinks(script, monkeypatch) -> None:
    _errors(script, monkeypatch, OLD)
    assert script.main(["--update"]) == 0 and script.main([]) == 0
    _errors(script, monkeypatch, OLD, NEW)
    assert script.main([]) == 1  # a new error
    assert script.main(["--update"]) == 1  # and it cannot be recorded
    _errors(script, monkeypatch)
    assert script.main([]) == 1  # fixed but still recorded
    assert script.main(["--update"]) == 0 and script.main([]) == 0
    assert OLD[1] not in script.BASELINE.read_text()


def test_an_engine_error_always_fails(script, monkeypatch) -> None:
    _errors(script, monkeypatch, ENGINE)
    assert script.main(["--update"]) == 1 and script.main([]) == 1
