"""The server's HTML pages: the start page (rooms), the play page and the teacher's view.

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


def _game_options() -> str:
    return "".join(
        f'<option value="{g}">{escape(get_game(g).title)}</option>' for g in sorted(GAMES)
    )


def start_page(*, lite: bool) -> str:
    lite_link = '<p><a href="/lite/">The course, offline (JupyterLite)</a></p>' if lite else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Clash classroom</title>
<style>{_STYLE}</style></head>
<body>
<h1>Play together</h1>
{lite_link}
<h2>New room</h2>
<form id="new-room">
  <label>Game <select name="game">{_game_options()}</select></label>
  <label>Players <input name="players" type="number" min="2" max="6" value="2"></label>
  <label>Seed <input name="seed" type="number" min="0" placeholder="random"></label>
  <label>Bots <input name="bots" placeholder="e.g. 2:random, 3:heuristic"
    title="seat:bot, seats counted from 1"></label>
  <label>Names <input name="names" placeholder="optional: Ada, Ben"
    title="one name per seat, in seat order; empty: the seats' colours"></label>
  <button type="submit">Create room</button>
</form>
<div id="created" class="links"></div>
<h2>Rooms</h2>
<table id="rooms"><thead><tr><th>Room</th><th>Game</th><th>Seats</th><th>Moves</th>
<th></th></tr></thead><tbody></tbody></table>
<script>
const teacherKey = (room) => "clash-teacher:" + room;
function parseBots(text) {{
  const out = {{}};
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {{
    const [seat, name] = part.split(":").map((s) => s.trim());
    out[String(Number(seat) - 1)] = name;
  }}
  return out;
}}
async function refresh() {{
  const r = await fetch("/api/rooms");
  const body = await r.json();
  const tbody = document.querySelector("#rooms tbody");
  tbody.replaceChildren();
  for (const room of body.rooms) {{
    const tr = document.createElement("tr");
    const seats = room.seats.map((s) => (s.name || "free") + (s.connected ? " ●" : "")).join(", ");
    const teacher = localStorage.getItem(teacherKey(room.room));
    const cells = [room.room, room.title, seats, String(room.version)];
    for (const c of cells) {{
      const td = document.createElement("td"); td.textContent = c; tr.append(td);
    }}
    const td = document.createElement("td");
    if (teacher) {{
      const a = document.createElement("a");
      a.href = "/teacher#room=" + room.room + "&token=" + encodeURIComponent(teacher);
      a.textContent = "teacher's view"; a.className = "room-link"; td.append(a);
    }}
    room.seats.forEach((s) => {{
      if (s.taken) return;
      const a = document.createElement("a");
      a.href = "/play#room=" + room.room + "&seat=" + s.seat;
      a.textContent = "join seat " + (s.seat + 1); a.className = "room-link"; td.append(a);
    }});
    tr.append(td);
    tbody.append(tr);
  }}
}}
document.getElementById("new-room").addEventListener("submit", async (ev) => {{
  ev.preventDefault();
  const f = new FormData(ev.target);
  const spec = {{ game: f.get("game"), players: Number(f.get("players")),
    bots: parseBots(String(f.get("bots") || "")) }};
  if (f.get("seed")) spec.seed = Number(f.get("seed"));
  const names = String(f.get("names") || "").split(",").map((n) => n.trim()).filter(Boolean);
  if (names.length) spec.names = names;
  const r = await fetch("/api/rooms", {{ method: "POST", body: JSON.stringify(spec),
    headers: {{ "Content-Type": "application/json" }} }});
  const body = await r.json();
  const out = document.getElementById("created");
  out.replaceChildren();
  if (!r.ok) {{ out.textContent = body.reason; return; }}
  localStorage.setItem(teacherKey(body.room), body.teacher);
  const p = document.createElement("p");
  p.textContent = "Room " + body.room + ": give each player their seat's link.";
  out.append(p);
  for (const s of body.seats) {{
    const line = document.createElement("div");
    line.textContent = "Seat " + (s.seat + 1) + ": ";
    if (s.bot) line.append(s.bot + " bot");
    else {{ const c = document.createElement("code"); c.textContent = s.join; line.append(c); }}
    out.append(line);
  }}
  refresh();
}});
refresh();
setInterval(refresh, 5000);
</script>
</body></html>
"""


# In a room players only make moves (server.moves-only): the widgets' seat, bot, undo/redo
# and replay controls are hidden on the play page. All four games draw the same control bar
# (js/src/shared/controls.ts), whose groups are classed <prefix>-control-<group>.
_ROOM_ONLY = ", ".join(
    [
        f".{p}-control-{group}"
        for p in ("clash", "hccg", "secolo", "poc")
        for group in ("seats", "bots", "moves", "replay")
    ]
    + ['button[data-intent="undo"], button[data-intent="redo"]']
)


def play_page(*, teacher: bool) -> str:
    title = "Teacher's view" if teacher else "Play"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}: Clash classroom</title>
<style>{_STYLE}
{_ROOM_ONLY} {{ display: none !important; }}
.room-seat {{ margin-right: 1em; }}
</style></head>
<body>
<div id="clash-play" data-teacher="{str(teacher).lower()}">
  <div id="clash-status" data-state="starting">Starting…</div>
  <div id="clash-seats"></div>
  <div id="clash-join"></div>
  <div id="clash-table"></div>
</div>
<script type="module" src="/static/play.js"></script>
</body></html>
"""
