"""Rule variants as data: change any number of a game's rules options by name.

The same parser serves the command line (``--option influence_success=4``),
the Python API (``variant("coc", vp_per_wonder=4)``) and the design-lab
notebook, and every mistake gets a plain-language error instead of a
traceback from deep inside the rules.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any

from ..engine import OptionError, Options, get_game

TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


class VariantError(ValueError):
    """A rules option that does not exist, or a value of the wrong kind."""


def option_fields(game: str) -> dict[str, tuple[str, Any]]:
    """Every rules option of ``game``: name -> (type name, standard value)."""
    return dict(_option_fields(game))


@cache  # asked at the end of every self-play game; a game's options are fixed
def _option_fields(game: str) -> tuple[tuple[str, tuple[str, Any]], ...]:
    cls = get_game(game).options_class
    base = cls()
    out = []
    for f in fields(cls):
        kind = f.type if isinstance(f.type, str) else f.type.__name__
        out.append((f.name, (kind, getattr(base, f.name))))  # bool, int, str: immutable
    return tuple(out)


def _convert(game: str, name: str, value: Any) -> Any:
    known = option_fields(game)
    if name not in known:
        raise VariantError(
            f"{game} has no rules option {name!r}; the options are: {', '.join(sorted(known))}"
        )
    kind, _ = known[name]
    if kind == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in TRUE:
            return True
        if text in FALSE:
            return False
        raise VariantError(f"option {name} is on/off: use true or false, not {value!r}")
    if kind == "int":
        if isinstance(value, bool):
            raise VariantError(f"option {name} needs a whole number, not {value!r}")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise VariantError(f"option {name} needs a whole number, not {value!r}") from None
        if number != int(number):
            raise VariantError(f"option {name} needs a whole number, not {value!r}")
        if number < 0:
            raise VariantError(f"option {name} cannot be negative ({value!r})")
        return int(number)
    if kind == "float":
        try:
            return float(value)
        except (TypeError, ValueError):
            raise VariantError(f"option {name} needs a number, not {value!r}") from None
    return str(value)


def parse_pairs(game: str, pairs: list[str]) -> dict[str, Any]:
    """Read ``["name=value", ...]`` (command-line style) into checked option values."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise VariantError(f"write a rules option as name=value, not {pair!r}")
        out[name.strip()] = _convert(game, name.strip(), value.strip())
    return out


def check(game: str, changes: dict[str, Any]) -> dict[str, Any]:
    """Validate and convert a dict of option changes (API and notebook style)."""
    return {name: _convert(game, name, value) for name, value in changes.items()}


def variant(game: str = "coc", **changes: Any) -> Options:
    """The standard options of ``game`` with ``changes`` applied, validated."""
    g = get_game(game)
    try:
        return g.options_class().with_changes(**check(game, changes))
    except OptionError as exc:  # out of the range the game declares
        raise VariantError(str(exc)) from None


def differences(game: str, options: dict[str, Any] | Options | None) -> dict[str, Any]:
    """Only the options that differ from the standard rules (for labels and records)."""
    if options is None:
        return {}
    raw = options.to_dict() if isinstance(options, Options) else options
    standard = {name: value for name, (_, value) in option_fields(game).items()}
    return {k: v for k, v in raw.items() if standard.get(k) != v}


def label(game: str, options: dict[str, Any] | Options | None) -> str:
    """A short name for a variant: ``standard`` or ``influence_success=4``."""
    diff = differences(game, options)
    return ", ".join(f"{k}={v}" for k, v in sorted(diff.items())) or "standard"
