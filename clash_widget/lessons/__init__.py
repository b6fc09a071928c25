"""Teaching helpers for the course notebooks (pure Python; drawings are SVG text).

- :func:`explain` / :func:`refusal`: the engine's explanation of a refused action.
- :mod:`.odds`: exact battle and cultural-influence probabilities for the charts.
- :mod:`.pictures`: SVG drawings (a region's two orientations, the advance tree).
- :func:`exercise` / :func:`check_exercise`: "try it yourself" tasks with hidden checks.
- :func:`city_at` / :func:`units_at` / :func:`player` / :func:`score` / :func:`region` ...
  (:mod:`.look`): a position and its log read in the game's words, for check cells
  (``city_at(board, "2,1").mood == "angry"``).
- :func:`advance_table`: the 48 advances and what each does, from the game's data.
- :mod:`.moves`: any game's pending decision, legal actions in words, a bot's pick, the log.
- :mod:`.look_persistence` (notebook 21) and :mod:`.look_history` (notebook 22): the other
  games' positions and logs read in their words (``culture_in_play(m) == {"Law": "Greeks"}``),
  and Persistence moves by name (``enter(m, "Italy")``); :class:`Table`
  (:mod:`.history_table`) is the History CCG scenario builder.
- :mod:`.look_secolo` (notebook 20): 600 il Secolo di Ferro played and read by card name
  (``play_card(table, "Ossessa")``, ``city(table, 0)``), never by card id.
- :mod:`.design`: the design exercises' checks and a progress bar for self-play.
"""

from __future__ import annotations

from .exercises import check_exercise, exercise, task
from .explain import explain, refusal
from .history_table import Table
from .look import (
    capital_of,
    cities,
    city_at,
    combat_rounds,
    events_drawn,
    hand_seen_by,
    influence_roll,
    lines,
    log_counts,
    objectives_met,
    player,
    region,
    replay,
    score,
    terrain_at,
    turn_of,
    units_at,
    wonders_revealed,
)
from .look_history import (
    capital_city,
    ccg_result,
    ccg_turn,
    city_card,
    clash_chance,
    deck_types,
    growth_pulls,
    last_clash,
    standing,
    units_on_map,
    zones_of,
)
from .look_persistence import (
    all_straits,
    box_size,
    box_visible_to,
    captures,
    culture_in_play,
    culture_scored,
    destroyed_cards,
    destructions,
    discard_pile,
    empire,
    epoch_now,
    event_card,
    fate_card,
    finish_turn,
    hand_of,
    in_hand,
    transfer_path,
    victory_points,
    vp_lines,
)
from .moves import bot_choice, choices, decision, describe, steps
from .tables import advance_table

__all__ = [
    "Table",
    "advance_table",
    "all_straits",
    "bot_choice",
    "box_size",
    "box_visible_to",
    "capital_city",
    "capital_of",
    "captures",
    "ccg_result",
    "ccg_turn",
    "check_exercise",
    "choices",
    "cities",
    "city_at",
    "city_card",
    "clash_chance",
    "combat_rounds",
    "culture_in_play",
    "culture_scored",
    "decision",
    "deck_types",
    "describe",
    "destroyed_cards",
    "destructions",
    "discard_pile",
    "empire",
    "epoch_now",
    "event_card",
    "events_drawn",
    "exercise",
    "explain",
    "fate_card",
    "finish_turn",
    "growth_pulls",
    "hand_of",
    "hand_seen_by",
    "in_hand",
    "influence_roll",
    "last_clash",
    "lines",
    "log_counts",
    "objectives_met",
    "player",
    "refusal",
    "region",
    "replay",
    "score",
    "standing",
    "steps",
    "task",
    "terrain_at",
    "transfer_path",
    "turn_of",
    "units_at",
    "units_on_map",
    "victory_points",
    "vp_lines",
    "wonders_revealed",
    "zones_of",
]
