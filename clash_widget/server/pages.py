"""The server's HTML pages: the start page, the play page, the teacher's view and the review.

The play and teacher's pages are one shell around ``static/play.js`` (js/src/play),
which claims the seat, opens the room's WebSocket and mounts the game's own widget
bundle (the same ``static/<game>.js`` a notebook loads) on a WebSocket model. Secrets
only ever travel in request bodies, headers and the page's ``#fragment`` (which a
browser never sends to the server), so no server log holds one.
"""

from __future__ import annotations

from html import escape

from clash_widget.engine import GAMES, get_game

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } table { border-collapse: collapse; }
td, th { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left; }
form label { display: inline-block; margin: 0 1em 0.5em 0; }
.links code { background: #f3f3f3; padding: 2px 4px; }
.room-link { margin-right: 1em; }
#clash-status { font-size: 0.9em; margin-bottom: 6px; }
#clash-status[data-state="connected"] { color: #2e7d32; }
#clash-status[data-state="reconnecting"], #clash-status[data-state="refused"] { color: #c62828; }
"""


def start_page(*, lite: bool) -> str:
    """The front door: a learner comes in through their seat's link; a teacher opens the
    console (rooms are made and listed there, with the teacher key)."""
    lite_link = '<p><a href="/lite/">The course, offline (JupyterLite)</a></p>' if lite else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Clash classroom</title>
<style>{_STYLE}</style></head>
<body>
<main>
<h1>Play together</h1>
<p>Learners: open the link your teacher gave you for your seat. It takes you to your game.</p>
<p>Teachers: <a href="/console">open the teacher's console</a> to make rooms, hand out
seat links and follow every game (it asks for the teacher key the server printed when it
first started).</p>
{lite_link}
</main>
</body></html>
"""


def console_page() -> str:
    """The teacher's console: a shell around ``static/console.js`` (js/src/console)."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Teacher's console: Clash classroom</title>
<style>{_STYLE}</style>
<link rel="stylesheet" href="/static/console.css">
</head>
<body>
<main id="clash-console" data-games='{_games_json()}'>
  <h1>Teacher's console</h1>
  <p id="console-status" role="status">Starting…</p>
</main>
<script type="module" src="/static/console.js"></script>
</body></html>
"""


def review_page() -> str:
    """The review of one seat's game: a shell around ``static/play.js``'s review part, which
    mounts the game's own table (the bundle the play page mounts) in replay, fed by the
    server with the reviewed seat's own view at each position, and the tables' review
    screen: its progress, then the summary, the advantage graph and the judged moves, a pick
    of which moves the replay there and marks the move played and the better one."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Review: Clash classroom</title>
<style>{_STYLE}
{_review_only()} {{ display: none !important; }}
.review-tools {{ display: flex; gap: 1em; align-items: center; flex-wrap: wrap; margin: 6px 0; }}
.review-tools button {{ font: inherit; padding: 3px 12px; }}
</style></head>
<body>
<main id="clash-review" data-bundles='{_bundles_json()}'>
  <h1>Review</h1>
  <p id="review-status" role="status">Starting…</p>
  <div id="review-join"></div>
  <div id="review-table"></div>
</main>
<script type="module" src="/static/play.js"></script>
</body></html>
"""


def _games_json() -> str:
    """The games a room may play and their bots, for the console's form (HTML-escaped)."""
    import json

    from clash_widget.engine.session import catalogue_names

    games = [
        {
            "game": g,
            "title": get_game(g).title,
            "min": get_game(g).min_players,
            "max": get_game(g).max_players,
            "bots": list(catalogue_names(g)),
        }
        for g in sorted(GAMES)
    ]
    return escape(json.dumps(games), quote=True)


# In a room players only make moves (server.moves-only): the widgets' seat, bot, undo/redo
# and replay controls are hidden on the play page. All games draw the same control bar
# (js/src/shared/controls.ts), whose groups are classed <prefix>-control-<group>, each game
# with the CSS prefix its spec registers (GameSpec.css_prefix).
def _room_only() -> str:
    prefixes = [s.css_prefix for s in GAMES.values() if s.css_prefix]
    return ", ".join(
        [
            f".{p}-control-{group}"
            for p in prefixes
            for group in ("seats", "bots", "moves", "replay")
        ]
        + ['button[data-intent="undo"], button[data-intent="redo"]']
        # The end panel's "New game" and "Replay" are the teacher's rematch in a room.
        + [".match-end-actions"]
    )


# The review page's table only replays: no view, seats, bots, undo or game files, no way
# back to a live game (its last position is the end of the record), no new game, and the
# review screen stays open (it is the page).
def _review_only() -> str:
    prefixes = [s.css_prefix for s in GAMES.values() if s.css_prefix]
    return ", ".join(
        [
            f".{p}-control-{group}"
            for p in prefixes
            for group in ("view", "seats", "bots", "moves", "game")
        ]
        + [f".{p}-scrub-live" for p in prefixes]
        + [".match-end-actions", ".match-review-close"]
    )


def _bundles_json() -> str:
    """Each game's front-end bundle, as its spec registers it (for the play page's loader)."""
    import json

    bundles = {g: s.bundle for g, s in GAMES.items() if s.bundle}
    return escape(json.dumps(bundles), quote=True)


def play_page(*, teacher: bool) -> str:
    title = "Teacher's view" if teacher else "Play"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}: Clash classroom</title>
<style>{_STYLE}
{_room_only()} {{ display: none !important; }}
.room-seat {{ margin-right: 1em; }}
</style></head>
<body>
<div id="clash-play" data-teacher="{str(teacher).lower()}" data-bundles='{_bundles_json()}'>
  <div id="clash-status" data-state="starting">Starting…</div>
  <div id="clash-seats"></div>
  <div id="clash-join"></div>
  <div id="clash-table"></div>
</div>
<script type="module" src="/static/play.js"></script>
</body></html>
"""
