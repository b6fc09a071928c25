"""A match: one game in progress, with its record, undo and redo.

``Match`` is the object notebooks, bots and the widget hold. It never raises
on bad input: :meth:`play` returns an :class:`Outcome` with the verdict, and
the state is untouched. The record (game, players, seed, options, action keys)
replays to the identical state; undo restores snapshots and stops at a
barrier once dice were rolled or hidden information revealed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, MalformedAction
from .game import MALFORMED, STALE, Game, Options, State
from .registry import get_game
from .rules import Verdict
from .state import canonical_json, clone, state_hash

RECORD_VERSION = 1


@dataclass
class Outcome:
    """What happened when an action was offered."""

    ok: bool
    action: Action | None = None
    verdict: Verdict | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        if self.ok:
            return f"Outcome(ok, {self.action}, {len(self.events)} events)"
        return f"Outcome(refused: {self.verdict})"


class Match:
    """A game in progress: state + record + undo history."""

    def __init__(
        self,
        game: Game,
        state: State,
        *,
        players: int,
        seed: int,
        options: Options,
        keep_undo: bool = True,
    ) -> None:
        self.game = game
        self.state = state
        self.players = players
        self.seed = seed
        self.options = options
        self.keep_undo = keep_undo
        self.actions: list[str] = []
        self.log: list[dict[str, Any]] = []
        self._undo: list[tuple[State, int, bool]] = []  # (state before, log length, barrier)
        self._redo: list[str] = []

    # -- construction ----------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str | Game = "coc",
        players: int = 2,
        seed: int = 0,
        options: dict[str, Any] | Options | None = None,
        *,
        keep_undo: bool = True,
    ) -> Match:
        g = get_game(game) if isinstance(game, str) else game
        if not g.min_players <= players <= g.max_players:
            raise ValueError(f"{g.title} takes {g.min_players}-{g.max_players} players")
        opts = g.options_from(options)
        state = g.new_state(players, seed, opts)
        return cls(g, state, players=players, seed=seed, options=opts, keep_undo=keep_undo)

    @classmethod
    def from_state(cls, game: str | Game, state: State, *, keep_undo: bool = True) -> Match:
        """Wrap a prepared state (scenario builder); its record starts here."""
        g = get_game(game) if isinstance(game, str) else game
        return cls(
            g,
            state,
            players=len(state["players"]),
            seed=state.get("seed", 0),
            options=g.options_of(state),
            keep_undo=keep_undo,
        )

    # -- asking ----------------------------------------------------------
    @property
    def version(self) -> int:
        """Increases with every applied action and every undo/redo."""
        return self.state.get("version", 0)

    @property
    def current_player(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def check(self, action: str | Action, *, version: int | None = None) -> Verdict | None:
        """None if the action is legal now, else the verdict naming the broken rule."""
        if version is not None and version != self.version:
            return STALE.refuse(f"sent at version {version}, now {self.version}")
        try:
            a = Action.parse(action)
        except MalformedAction as exc:
            return MALFORMED.refuse(str(exc))
        return self.game.check(self.state, a)

    def explain(self, action: str | Action) -> str:
        v = self.check(action)
        return "legal" if v is None else str(v)

    def prompt(self) -> str:
        return self.game.prompt(self.state)

    # -- acting ----------------------------------------------------------
    def play(self, action: str | Action, *, version: int | None = None) -> Outcome:
        verdict = self.check(action, version=version)
        if verdict is not None:
            return Outcome(False, None, verdict)
        a = Action.parse(action)
        before = clone(self.state) if self.keep_undo else None
        rng_before = self.state.get("rng", 0)
        ev = self.game.apply(self.state, a)
        self.state["version"] = self.version + 1
        if before is not None:
            barrier = self.game.undo_barrier(rng_before, self.state, ev)
            self._undo.append((before, len(self.log), barrier))
        self._redo.clear()
        self.actions.append(str(a))
        self.log.extend(ev)
        return Outcome(True, a, None, list(ev))

    def play_many(self, actions: list[str | Action]) -> list[Outcome]:
        """Play actions in order, stopping at the first refusal."""
        out = []
        for a in actions:
            o = self.play(a)
            out.append(o)
            if not o.ok:
                break
        return out

    # -- undo / redo -----------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo) and not self._undo[-1][2]

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Step back one action unless it rolled dice or revealed secrets."""
        if not self.can_undo():
            return False
        before, log_len, _ = self._undo.pop()
        version = self.version
        self._redo.append(self.actions.pop())
        self.state = before
        self.state["version"] = version + 1
        del self.log[log_len:]
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        key = self._redo.pop()
        redo = self._redo
        self._redo = []
        ok = self.play(key).ok
        self._redo = redo
        return ok

    # -- records, JSON, views ----------------------------------------------
    def record(self) -> dict[str, Any]:
        return {
            "format": RECORD_VERSION,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "actions": list(self.actions),
        }

    @classmethod
    def replay(cls, record: dict[str, Any], *, keep_undo: bool = False) -> Match:
        """Rebuild a match from its record; raises ValueError if an action is refused."""
        m = cls.new(
            record["game"],
            record["players"],
            record["seed"],
            record.get("options"),
            keep_undo=keep_undo,
        )
        for i, key in enumerate(record["actions"]):
            o = m.play(key)
            if not o.ok:
                raise ValueError(f"record action {i} ({key}) refused: {o.verdict}")
        return m

    def state_hash(self) -> str:
        return state_hash(self._hashable_state())

    def _hashable_state(self) -> State:
        s = dict(self.state)
        s.pop("version", None)  # undo/redo bump the version; the position is what counts
        return s

    def to_json(self) -> str:
        return canonical_json({"record": self.record(), "state": self.state})

    @classmethod
    def from_json(cls, text: str) -> Match:
        data = json.loads(text)
        rec = data["record"]
        m = cls.from_state(rec["game"], data["state"])
        m.seed, m.actions = rec["seed"], list(rec["actions"])
        return m

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.game.view(self.state, seat)
        v["version"] = self.version
        v["can_undo"] = self.can_undo()
        v["can_redo"] = self.can_redo()
        v["log"] = [self.game.event_for(e, seat) for e in self.log[-60:]]
        return v

    def scores(self) -> list[float]:
        return self.game.scores(self.state)

    def events_since(self, n: int) -> list[dict[str, Any]]:
        return self.log[n:]
