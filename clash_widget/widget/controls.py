"""Python-side controls around the board (ipywidgets): new game, save, load.

The board itself (seats, bots, delay, replay) has its own control bar; these
are the things that need Python's file system or build a new match.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from clash_widget.engine import Match

from .board import ClashBoard


def board_with_controls(board: ClashBoard | None = None, **kwargs: Any) -> ipw.VBox:
    """``board`` (or a new ``ClashBoard(**kwargs)``) under a row of Python controls.

    The returned box has ``.board``; the game file path defaults to ``game.json``.
    """
    w = board if board is not None else ClashBoard(**kwargs)
    players = ipw.BoundedIntText(
        value=w.match.players, min=w.match.game.min_players, max=w.match.game.max_players,
        description="players", layout=ipw.Layout(width="130px"),
    )  # fmt: skip
    seed = ipw.IntText(value=w.match.seed, description="seed", layout=ipw.Layout(width="130px"))
    new = ipw.Button(description="new game", icon="refresh", layout=ipw.Layout(width="auto"))
    path = ipw.Text(value="game.json", description="file", layout=ipw.Layout(width="220px"))
    save = ipw.Button(description="save", icon="download", layout=ipw.Layout(width="auto"))
    load = ipw.Button(description="load", icon="upload", layout=ipw.Layout(width="auto"))
    upload = ipw.FileUpload(accept=".json", multiple=False, description="open\u2026")
    status = ipw.HTML()

    def say(text: str, ok: bool = True) -> None:
        color = "var(--jp-success-color1, green)" if ok else "var(--jp-error-color1, red)"
        status.value = f'<span style="color:{color}">{text}</span>'

    def on_new(_: Any) -> None:
        try:
            w.autoplay = False
            w.match = Match.new(w.match.game.name, players.value, seed.value)
            w.bots = [w.bots[i] if i < len(w.bots) else None for i in range(players.value)]
            say(f"New {players.value}-player game, seed {seed.value}.")
        except Exception as exc:  # shown, not swallowed
            say(f"Cannot start: {exc}", ok=False)

    def on_save(_: Any) -> None:
        try:
            p = w.save(Path(path.value))
            say(f"Saved {len(w.match.actions)} actions to {p}.")
        except Exception as exc:
            say(f"Cannot save: {exc}", ok=False)

    def on_load(_: Any) -> None:
        try:
            w.load(Path(path.value))
            say(f"Loaded {path.value}: {len(w.match.actions)} actions; scrub to replay.")
        except Exception as exc:
            say(f"Cannot load {path.value}: {exc}", ok=False)

    def on_upload(change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            w.load(json.loads(bytes(f["content"]).decode("utf-8")))
            say(f"Loaded {f['name']}: {len(w.match.actions)} actions; scrub to replay.")
        except Exception as exc:
            say(f"Cannot load {f['name']}: {exc}", ok=False)

    new.on_click(on_new)
    save.on_click(on_save)
    load.on_click(on_load)
    upload.observe(on_upload, names="value")
    row = ipw.HBox(
        [players, seed, new, path, save, load, upload],
        layout=ipw.Layout(flex_flow="row wrap", grid_gap="4px"),
    )
    box = ipw.VBox([row, status, w])
    box.board = w  # type: ignore[attr-defined]
    return box
