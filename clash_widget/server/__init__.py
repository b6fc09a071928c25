"""The classroom server: learners play one room from their own screens.

``python -m clash_widget serve`` runs an ASGI app (Starlette on uvicorn, the
optional extra ``[server]``) over the headless :class:`~clash_widget.engine.Session`:

- :mod:`.refusals`: the server's own rule ids (the engine's keep theirs);
- :mod:`.store`: SQLite (WAL), one row per room with its game file, written
  before an action is acknowledged;
- :mod:`.rooms`: rooms, seats and their secrets, the per-room lock that orders
  concurrent sends, per-seat views, bots, limits (no web framework here);
- :mod:`.app`: the HTTP/JSON and WebSocket contract (docs/classroom.md);
- :mod:`.pages`: the start, play and teacher's pages;
A notebook's seat at a room (``Room``, ``ClashBoard.join``) is the widget package's
(:mod:`clash_widget.widget.classroom`): this package imports no widget.

The rules core never imports this package (an import-linter contract).
"""
