"""The classroom server's own refusals (the engine's ``engine.*`` rules keep their ids).

Every answer that refuses something names one of these rules (or the engine's),
with a reason a learner can read; no web framework is imported here.
"""

from __future__ import annotations

from clash_widget.engine import RuleBook

SERVER_RULES = RuleBook("server")

NO_TOKEN = SERVER_RULES.rule(
    "server.no-token",
    "This needs your seat: open the room from your seat's link first (or sign in as the teacher).",
    "Classroom server: seats",
    source="ours",
)
WRONG_TOKEN = SERVER_RULES.rule(
    "server.wrong-token",
    "Your link no longer opens this seat (the teacher freed it or gave it a new link), or it "
    "may not do this: ask the teacher for your seat's link.",
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
    "This room is not served: its stored game could not be trusted or one of its moves took "
    "too long. The teacher can download its game and delete the room.",
    "Classroom server: storage",
    source="ours",
)
INTERNAL = SERVER_RULES.rule(
    "server.error",
    "The server hit an internal error; the game is as it was after the last acknowledged move.",
    "Classroom server",
    source="ours",
)
WRONG_CLAIM = SERVER_RULES.rule(
    "server.wrong-link",
    "This seat's link is incomplete or has been replaced: ask the teacher for your seat's link.",
    "Classroom server: seats",
    source="ours",
)
TEACHER_ONLY = SERVER_RULES.rule(
    "server.teacher-only",
    "Only the teacher may do this.",
    "Classroom server: seats",
    source="ours",
)
TEACHER_KEY = SERVER_RULES.rule(
    "server.teacher-key",
    "Making and listing rooms needs the teacher's key (printed by the server when it first "
    "started, or kept in its key file).",
    "Classroom server: rooms",
    source="ours",
)
PAUSED = SERVER_RULES.rule(
    "server.paused",
    "The teacher has paused this room; play goes on when the teacher resumes it.",
    "Classroom server: rooms",
    source="ours",
)
CROSS_SITE = SERVER_RULES.rule(
    "server.cross-site",
    "Only this server's own pages may change a room (a request from another web page, or not "
    "sent as JSON, is refused).",
    "Classroom server: limits",
    source="ours",
)
BAD_HOST = SERVER_RULES.rule(
    "server.unknown-host",
    "This server does not answer to that name: open it by its address (the one the teacher "
    "gave), or start it with --allow-host for that name.",
    "Classroom server: limits",
    source="ours",
)
TOO_DEEP = SERVER_RULES.rule(
    "server.too-deep",
    "The message nests lists or objects deeper than this server reads.",
    "Classroom server: limits",
    source="ours",
)
OWN_SEAT = SERVER_RULES.rule(
    "server.own-seat",
    "A seat's hint and its review are for the player at that seat (and its review for the "
    "teacher too): they are judged from what that seat knows.",
    "Classroom server: the coach",
    source="ours",
)
NO_HINTS = SERVER_RULES.rule(
    "server.no-hints",
    "The teacher has turned hints off in this room.",
    "Classroom server: the coach",
    source="ours",
)
COACH_BUSY = SERVER_RULES.rule(
    "server.coach-busy",
    "The coach is already working on this room (one hint or one review at a time); wait "
    "for its answer.",
    "Classroom server: the coach",
    source="ours",
)
COACH_TIME = SERVER_RULES.rule(
    "server.coach-time",
    "The coach ran out of time on this (the server is busy): ask again in a moment.",
    "Classroom server: the coach",
    source="ours",
)
NOT_OVER = SERVER_RULES.rule(
    "server.not-over",
    "Your review opens when the game is over (the teacher may open it at any time).",
    "Classroom server: the coach",
    source="ours",
)
