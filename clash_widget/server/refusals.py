"""The classroom server's own refusals (the engine's ``engine.*`` rules keep their ids).

Every answer that refuses something names one of these rules (or the engine's),
with a reason a learner can read; no web framework is imported here.
"""

from __future__ import annotations

from clash_widget.engine import RuleBook

SERVER_RULES = RuleBook("server")

NO_TOKEN = SERVER_RULES.rule(
    "server.no-token",
    "This needs your seat's secret (or the teacher's): join the room from its link first.",
    "Classroom server: seats",
    source="ours",
)
WRONG_TOKEN = SERVER_RULES.rule(
    "server.wrong-token",
    "That secret does not belong to this room, or it may not do this.",
    "Classroom server: seats",
    source="ours",
)
SEAT_TAKEN = SERVER_RULES.rule(
    "server.seat-taken",
    "Someone already sits at this seat (or a bot plays it); pick another seat.",
    "Classroom server: seats",
    source="ours",
)
NO_SUCH = SERVER_RULES.rule(
    "server.not-found",
    "There is no such room or seat on this server.",
    "Classroom server: rooms",
    source="ours",
)
NOT_YOUR_TURN = SERVER_RULES.rule(
    "server.not-your-turn",
    "It is another player's turn; wait until the game asks you.",
    "Classroom server: seats",
    source="ours",
)
BOT_SEAT = SERVER_RULES.rule(
    "server.bot-seat",
    "A bot plays the seat to move; it plays by itself on the server.",
    "Classroom server: bots",
    source="ours",
)
TOO_BIG = SERVER_RULES.rule(
    "server.too-big",
    "The message is longer than this server accepts.",
    "Classroom server: limits",
    source="ours",
)
FLOOD = SERVER_RULES.rule(
    "server.flood",
    "Too many actions in a short time; wait a moment and play again.",
    "Classroom server: limits",
    source="ours",
)
ROOM_LIMIT = SERVER_RULES.rule(
    "server.room-limit",
    "This server holds as many rooms as it was told to; ask the teacher to make room.",
    "Classroom server: limits",
    source="ours",
)
BAD_ROOM = SERVER_RULES.rule(
    "server.bad-room",
    "A room cannot be made with these settings (game, players, seed, options or bots).",
    "Classroom server: rooms",
    source="ours",
)
ROOM_ONLY_MOVES = SERVER_RULES.rule(
    "server.moves-only",
    "In a shared room players only make moves: undo, redo, replay and loading a file "
    "would change the game for everyone. The teacher can download the game file.",
    "Classroom server: rooms",
    source="ours",
)
BROKEN_ROOM = SERVER_RULES.rule(
    "server.broken-room",
    "This room's stored game did not replay to its stored position, so it is not served.",
    "Classroom server: storage",
    source="ours",
)
INTERNAL = SERVER_RULES.rule(
    "server.error",
    "The server hit an internal error; the game is as it was after the last acknowledged move.",
    "Classroom server",
    source="ours",
)
