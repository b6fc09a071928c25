"""A play screen: choose the game, the players and who plays each seat, then the board alone.

``notebooks/play.ipynb`` shows :func:`play_screen`; served by Voilà
(``voila --template=clash notebooks/play.ipynb``) it is a clean page for a class: no code, a short
form, then only the board (or card table) once the game starts. Bot seats play by
themselves (autoplay); one person sees their own seat, several people share the
screen in hot-seat (the view follows the player to move), and a table of bots is
watched in the teacher's view.

A game appears here when its spec names a widget (``GameSpec.widget``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from clash_widget.engine import GAMES, Match, get_game
from clash_widget.engine.seats import default_name, names_problem
from clash_widget.engine.session import catalogue_names
from clash_widget.engine.spec import resolve

PERSON = "person"  # the seat menu's value for a person (a menu shows None as blank)
INTRO = (
    "<b>Choose the game and who plays each seat</b> (a person or a bot), then press "
    "<b>Start the game</b>: the page then shows the board alone. Bots play by themselves; "
    "one person sees their own seat, several people share the screen in turn (hot-seat). "
    "Leave a name empty to call the seat by its colour."
)


def play_widgets() -> dict[str, str]:
    """Game id -> its widget class (``"module:Class"``), for every game that has one."""
    return {g: spec.widget for g, spec in GAMES.items() if spec.widget}


def widget_class(game: str) -> Any:
    return resolve(play_widgets()[game])


def start_game(
    game: str,
    seats: list[str | None],
    seed: int = 1,
    *,
    bot_delay: float = 0.8,
    names: list[str] | None = None,
) -> Any:
    """The widget for a new game: ``seats`` names a bot or ``None`` (a person) per seat;
    ``names`` the players' names (default: the seats' colours)."""
    people = [i for i, s in enumerate(seats) if s is None]
    view: dict[str, Any] = {}
    if len(people) == 1:
        view["seat"] = people[0]  # one person: their own eyes
    elif len(people) > 1:
        view["hotseat"] = True  # several people at one screen: the player to move
    players: int | list[str] = list(names) if names else len(seats)
    widget = widget_class(game)(
        Match.new(game, players, seed), bots=list(seats), bot_delay=bot_delay, **view
    )
    widget.autoplay = any(s is not None for s in seats)
    return widget


class PlayScreen:
    """The form (game, players, seats, seed) and, after "Start", the board alone."""

    def __init__(self, game: str = "coc", players: int = 2, seed: int = 1) -> None:
        self.widget: Any = None
        choices = [(get_game(g).title, g) for g in play_widgets()]
        self.game = widgets.Dropdown(options=choices, value=game, description="Game")
        self.players = widgets.Dropdown(description="Players")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.seat_box = widgets.VBox()
        self.start = widgets.Button(description="Start the game", button_style="primary")
        self.start.add_class("clash-play-start")
        self.problem = widgets.HTML()
        self.new_game = widgets.Button(description="New game", icon="refresh")
        self.new_game.add_class("clash-play-new")
        # A game still running is not thrown away on one click (issue #37): ask first.
        self.leave = widgets.Button(description="Yes, leave this game", button_style="warning")
        self.leave.add_class("clash-play-leave")
        self.stay = widgets.Button(description="Keep playing")
        self.stay.add_class("clash-play-stay")
        self.ask = widgets.HBox(
            [widgets.HTML("This game is not over: leave it for a new one?"), self.leave, self.stay]
        )
        self.ask.add_class("clash-play-ask")
        self.form = widgets.VBox(
            [
                widgets.HTML(INTRO),
                self.game,
                self.players,
                self.seat_box,
                self.seed,
                self.start,
                self.problem,
            ]
        )
        self.box = widgets.VBox([self.form])
        self.box.add_class("clash-play-screen")
        self.game.observe(self._game_changed, "value")
        self.players.observe(self._players_changed, "value")
        self.start.on_click(lambda _b: self.begin())
        self.new_game.on_click(lambda _b: self.ask_new_game())
        self.leave.on_click(lambda _b: self.back_to_form())
        self.stay.on_click(lambda _b: self._show_game())
        self._game_changed(None, players=players)

    def _game_changed(self, _change: Any, players: int | None = None) -> None:
        g = get_game(self.game.value)
        counts = list(range(g.min_players, g.max_players + 1))
        want = players if players in counts else self.players.value
        self.players.options = counts
        self.players.value = want if want in counts else counts[0]
        self._players_changed(None)

    def _players_changed(self, _change: Any) -> None:
        bots = catalogue_names(self.game.value)
        options = [(PERSON, PERSON)] + [(f"{b} bot", b) for b in bots]
        old = [(row.children[0].value, row.children[1].value) for row in self.seat_box.children]
        default = "heuristic" if "heuristic" in bots else (bots[0] if bots else PERSON)
        rows = []
        for i in range(self.players.value or 0):
            who, name = old[i] if i < len(old) else (PERSON if i == 0 else default, "")
            colour = default_name(i)
            known = who in dict(options).values()
            menu = widgets.Dropdown(
                options=options, value=who if known else PERSON, description=colour
            )
            # A real label, not only a placeholder (which disappears as one types).
            text = widgets.Text(
                value=name,
                placeholder=colour,
                description=f"{colour}'s name",
                style={"description_width": "auto"},
            )
            text.layout.width = "20em"
            rows.append(widgets.HBox([menu, text]))
        self.seat_box.children = rows

    @property
    def seats(self) -> list[str | None]:
        """A bot's name or ``None`` (a person) per seat."""
        values = [row.children[0].value for row in self.seat_box.children]
        return [None if v == PERSON else v for v in values]

    @property
    def names(self) -> list[str] | None:
        """The players' names, each empty one its seat's colour; None if none was typed."""
        typed = [row.children[1].value.strip() for row in self.seat_box.children]
        if not any(typed):
            return None
        return [t or default_name(i) for i, t in enumerate(typed)]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def begin(self) -> Any:
        """Start the chosen game: the screen then shows the board alone, under "New game"."""
        names = self.names
        problem = names_problem(names, len(self.seats)) if names else None
        if problem:
            self.problem.value = f"<span style='color:#b00020'>{problem.capitalize()}.</span>"
            return None
        self.problem.value = ""
        self.widget = start_game(self.game.value, self.seats, int(self.seed.value), names=names)
        self._show_game()
        return self.widget

    def _show_game(self) -> None:
        if self.widget is not None:
            self.box.children = [self.new_game, self.widget]

    def ask_new_game(self) -> None:
        """ "New game": straight to the form when the game is over, else ask first."""
        if self.widget is None or self.widget.match.is_over:
            self.back_to_form()
        else:
            self.box.children = [self.ask, self.widget]

    def back_to_form(self) -> None:
        """Stop this game's bots and show the form again (its choices kept)."""
        if self.widget is not None:
            self.widget.stop_bots()
            self.widget.close()
            self.widget = None
        self.box.children = [self.form]


def play_screen(game: str = "coc", players: int = 2, seed: int = 1) -> PlayScreen:
    """The play screen (display it; ``.begin()`` starts the game from code too)."""
    return PlayScreen(game, players, seed)
