"""Command line: ``python -m clash_widget selfplay | bench | review | rules | actions | serve``."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from .engine import get_game


def cmd_selfplay(a: argparse.Namespace) -> int:
    from .bots import make_bot
    from .lab.one_game import VERIFY_FAILED
    from .lab.selfplay import iter_run, summary
    from .lab.variants import VariantError, parse_pairs

    try:
        players = [int(x) for x in a.players.split(",")]
        options = parse_pairs(a.game, a.option)
        for spec in a.bots.split(","):
            make_bot(spec, a.game, 0)
    except (VariantError, ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if a.dask:
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            print(
                "error: --dask needs the optional extra: pip install 'clash_widget[scale]'",
                file=sys.stderr,
            )
            return 2
    progress = a.progress if a.progress is not None else sys.stderr.isatty()
    results = []
    workers = a.workers if a.workers > 1 or not a.dask else 2  # a LocalCluster: 2 by default
    out = open(a.out, "w", encoding="utf-8") if a.out else None
    try:
        bots = a.bots.split(",")
        for r in iter_run(
            a.game,
            players,
            a.games,
            a.seed,
            bots,
            options,
            workers,
            progress,
            a.rotate,
            client=a.dask,
            batch=a.batch,
            verify=a.verify,
        ):
            results.append(r)
            if out:
                out.write(json.dumps(r.to_dict()) + "\n")
                out.flush()
            failed = [e for e in r.errors if e.startswith(VERIFY_FAILED)]
            if failed:  # the run stops at the first difference, and says which
                print(f"selfplay --verify: game seed {r.seed}: {failed[0]}", file=sys.stderr)
                break
    finally:
        if out:
            out.close()
    s = summary(results)
    if a.metrics:
        from .lab.metrics import report

        s["metrics"] = report([r.to_dict() for r in results])
    if a.brief:
        for key in ("scores", "final_hashes", "event_counts"):
            s.pop(key, None)
        s["errors"], s["invariant_violations"] = len(s["errors"]), len(s["invariant_violations"])
    print(json.dumps(s, indent=1 if a.brief else None))
    return 1 if s["errors"] or s["invariant_violations"] else 0


def _server_extra() -> bool:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        print(
            "error: the classroom server needs the optional extra: "
            "pip install 'clash_widget[server]'",
            file=sys.stderr,
        )
        return False
    return True


def _limits(a: argparse.Namespace):  # -> clash_widget.server.rooms.Limits
    from .server.rooms import Limits

    return Limits(
        max_message=a.max_message,
        actions_per_second=a.actions_per_second,
        burst=a.burst,
        max_rooms=a.max_rooms,
        bot_delay=a.bot_delay,
        move_seconds=a.move_seconds,
        hint_seconds=a.hint_seconds,
        review_seconds=a.review_seconds,
        coach_workers=a.coach_workers,
        hint_rate=a.hints_per_minute / 60,
    )


def cmd_serve(a: argparse.Namespace) -> int:
    if not _server_extra():
        return 2
    from .server.serve import serve

    if a.lite and not Path(a.lite, "index.html").is_file():
        print(f"error: {a.lite} is not a built JupyterLite site (no index.html)", file=sys.stderr)
        return 2
    return serve(
        a.host,
        a.port,
        a.db,
        limits=_limits(a),
        lite=a.lite,
        synchronous=a.sync,
        log_level=a.log_level,
        teacher_key_file=a.teacher_key_file,
        new_teacher_key=a.new_teacher_key,
        allowed_hosts=a.allow_host,
        restore=a.restore,
    )


def cmd_bench(a: argparse.Namespace) -> int:
    if a.coach and a.server:
        if not _server_extra():
            return 2
        from .server.coach_bench import server_coach_bench

        for m in server_coach_bench(game=a.server_game, hints=a.hints):
            print(json.dumps(m), flush=True)
        return 0
    if a.coach:
        from .lab.coach_bench import coach_bench

        for m in coach_bench(hints=a.hints, workers=a.workers):
            print(json.dumps(m), flush=True)
        return 0
    if a.server:
        if not _server_extra():
            return 2
        from .server.bench import server_bench

        for m in server_bench(
            rooms=a.rooms,
            seats=a.seats,
            seconds=a.seconds,
            game=a.server_game,
            sync=a.server_sync,
            paced=a.paced,
            gap=a.gap,
        ):
            print(json.dumps(m), flush=True)
        return 0
    if a.lite:
        from .lab.lite_bench import lite_bench

        for m in lite_bench(clicks=a.clicks, site=Path(a.site) if a.site else None):
            print(json.dumps(m), flush=True)
        return 0
    if a.browser:
        from .lab.browser_bench import browser_bench

        for m in browser_bench(clicks=a.clicks, nodelay=not a.stock_server):
            print(json.dumps(m), flush=True)
        return 0
    if a.against:
        from .lab.bench import against_bench

        games = a.games.split(",") if a.games else None
        for m in against_bench(a.against, games, runs=a.runs, workers=a.workers, scale=a.scale):
            print(json.dumps(m), flush=True)
        return 0
    from .lab.bench import rules_bench

    for m in rules_bench(
        a.game,
        a.seconds,
        a.workers,
        coverage_games=a.coverage_games,
        search_games=a.search_games,
        dask=not a.no_dask,
    ):
        print(json.dumps(m), flush=True)
    return 0


def review_seat(text: str, names: list[str]) -> int:
    """The seat a person names on the command line: a number from 1, or the player's name."""
    for seat, name in enumerate(names):
        if text.strip().lower() == name.lower():
            return seat
    try:
        number = int(text)
    except ValueError:
        number = 0
    if not 1 <= number <= len(names):
        choices = ", ".join(f"{i} ({n})" for i, n in enumerate(names, 1))
        raise ValueError(f"no player {text!r} in this game; the players are {choices}")
    return number - 1


def cmd_review(a: argparse.Namespace) -> int:
    from .coach import DEEP_REVIEW_BUDGET, REVIEW_BUDGET, review, review_html
    from .coach.review import CORES
    from .engine.session import GameFileError, read_game_file

    try:
        match = read_game_file(a.game_file)
        seat = review_seat(a.seat, match.names)
    except (GameFileError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    base = DEEP_REVIEW_BUDGET if a.deep else REVIEW_BUDGET
    budget = replace(base, rounds=a.rounds, seed=a.seed)
    progress = None
    if a.progress if a.progress is not None else sys.stderr.isatty():

        def progress(done: int, total: int) -> None:
            print(f"\rjudged {done} of {total} decisions", end="", file=sys.stderr, flush=True)

    workers = CORES if a.workers is None else a.workers
    result = review(match, seat, budget=budget, progress=progress, workers=workers)
    if progress is not None:
        print(file=sys.stderr)
    if a.html:
        Path(a.html).write_text(review_html(result), encoding="utf-8")
        print(f"wrote {a.html}")
    elif a.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.text)
    return 0


def cmd_actions(a: argparse.Namespace) -> int:
    from .engine import GAMES
    from .engine.frames import actions_markdown

    text = actions_markdown(get_game(g) for g in sorted(GAMES))
    if a.write:
        Path(a.write).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


def cmd_rules(a: argparse.Namespace) -> int:
    from .engine import GAMES
    from .engine.game import KERNEL_RULES
    from .engine.rules import rules_markdown
    from .lessons.syllabus import (
        COURSE,
        lesson_map,
        not_taught,
        taught_in_column,
        untaught_lines,
    )
    from .server.refusals import SERVER_RULES  # the rule ids only: no web framework
    from .widget.intents import WIDGET_RULES

    books = [KERNEL_RULES] + [get_game(g).rules for g in sorted(GAMES)]
    if a.untaught:
        for line in untaught_lines(books, lesson_map(), not_taught()):
            print(line)
        return 0
    # The course's notebooks live in a source checkout only; without them, no "taught in".
    taught = taught_in_column(lesson_map(), not_taught()) if COURSE.is_dir() else None
    text = rules_markdown([*books, WIDGET_RULES, SERVER_RULES], taught)
    if a.write:
        Path(a.write).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m clash_widget")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("selfplay", help="bots play whole games; prints a JSON summary")
    s.add_argument("--game", default="coc")
    s.add_argument("--players", default="2", help="a count or a list like 2,3,4")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument(
        "--bots",
        default="random",
        help="comma-separated bots, one per seat, cycled (e.g. heuristic,search:playouts=16)",
    )
    s.add_argument(
        "--rotate", action="store_true", help="turn the bot list one seat per game (all seatings)"
    )
    s.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes (same results as 1); with --dask local, the LocalCluster's workers "
        "(default 2)",
    )
    s.add_argument(
        "--dask",
        metavar="WHERE",
        help="run the games on Dask distributed: 'local' (a LocalCluster on this machine) or "
        "a scheduler address such as tcp://HOST:8786 (needs pip install clash_widget[scale])",
    )
    s.add_argument(
        "--batch", type=int, help="games per Dask task (default: about 16 tasks per worker)"
    )
    s.add_argument(
        "--option", action="append", default=[], help="rules option name=value (repeatable)"
    )
    s.add_argument(
        "--verify",
        type=int,
        nargs="?",
        const=1,
        default=0,
        metavar="N",
        help="check every action played in full and compare the listing with each kind's "
        "wide definition at every Nth position (default 1); the first difference stops the "
        "run (exit status 1)",
    )
    s.add_argument("--out", help="write one JSON line per game")
    s.add_argument("--metrics", action="store_true", help="add design metrics to the summary")
    s.add_argument(
        "--brief", action="store_true", help="counts only: no per-game scores, hashes or events"
    )
    s.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    s.set_defaults(func=cmd_selfplay)
    b = sub.add_parser("bench", help="benchmarks as JSON lines")
    b.add_argument("--game", default="coc")
    b.add_argument("--seconds", type=float, default=3.0)
    b.add_argument("--workers", type=int, default=2)
    b.add_argument(
        "--coverage-games",
        type=int,
        default=100,
        help="four-player heuristic games for heuristic_battles_per_game and mechanics_covered",
    )
    b.add_argument(
        "--search-games",
        type=int,
        default=4,
        help="two-player games (both seatings) for search_vs_heuristic_win_rate at 0.1 s",
    )
    b.add_argument("--no-dask", action="store_true", help="leave out dask_games_per_s")
    b.add_argument(
        "--coach",
        action="store_true",
        help="the coach: hint latency per game (p50/p95) and a full review of a Clash of "
        "Cultures game, serial and with --workers",
    )
    b.add_argument("--hints", type=int, default=40, help="--coach: positions per game")
    b.add_argument(
        "--against",
        metavar="REV",
        help="this checkout beside git revision REV: the same fixed measurements in CPU time, "
        "alternated in one process pool (--workers), each figure with its ratio",
    )
    b.add_argument("--runs", type=int, default=3, help="--against: runs per side (median)")
    b.add_argument("--games", help="--against: comma-separated games (default: every game)")
    b.add_argument(
        "--scale", type=float, default=1.0, help="--against: work per measurement (1: default)"
    )
    b.add_argument("--browser", action="store_true")
    b.add_argument("--clicks", type=int, default=50, help="clicks per widget (--browser, --lite)")
    b.add_argument(
        "--stock-server", action="store_true", help="--browser without the TCP no-delay patch"
    )
    b.add_argument(
        "--lite",
        action="store_true",
        help="the offline JupyterLite site (built here) beside a stock JupyterLab",
    )
    b.add_argument("--site", help="--lite: measure this built site instead of building one")
    b.add_argument(
        "--server",
        action="store_true",
        help="the classroom server: --rooms rooms of --seats clients playing random legal "
        "moves for --seconds",
    )
    b.add_argument("--rooms", type=int, default=50, help="--server: rooms")
    b.add_argument("--seats", type=int, default=4, help="--server: clients (seats) per room")
    b.add_argument("--server-game", default="secolo", help="--server: the game played")
    b.add_argument("--server-sync", default="FULL", choices=["FULL", "NORMAL"])
    b.add_argument(
        "--paced",
        action="store_true",
        help="--server: a classroom's load (each seat moves after a pause of mean --gap s); "
        "latency from a send to the other seats' pushed view",
    )
    b.add_argument("--gap", type=float, default=2.0, help="--paced: mean seconds between moves")
    b.set_defaults(func=cmd_bench)
    w = sub.add_parser(
        "review",
        help="the coach's review of one player's decisions in a game file (text or --html)",
    )
    w.add_argument("game_file", metavar="GAME_FILE")
    w.add_argument(
        "--seat", required=True, help="the player to review: a number from 1, or their name"
    )
    w.add_argument("--html", metavar="OUT", help="write a page with the advantage graph")
    w.add_argument("--json", action="store_true", help="print the review as JSON")
    w.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="simulated games per move judged (default: the game's own)",
    )
    w.add_argument("--seed", type=int, default=0, help="the coach's seed (same seed: same review)")
    w.add_argument(
        "--workers", type=int, default=None, help="processes judging decisions (default: the cores)"
    )
    w.add_argument(
        "--deep",
        action="store_true",
        help="Clash of Cultures: every candidate played on for up to 160 steps on 32 rounds, "
        "not only the move played and the best of a two-turn screen (slower)",
    )
    w.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)
    w.set_defaults(func=cmd_review)
    r = sub.add_parser("rules", help="print (or --write) the rule-id table of every game")
    r.add_argument("--write")
    r.add_argument(
        "--untaught",
        action="store_true",
        help="list the rulebook rules no lesson teaches yet, by game and section",
    )
    r.set_defaults(func=cmd_rules)
    k = sub.add_parser("actions", help="print (or --write) the action-key grammar of every game")
    k.add_argument("--write")
    k.set_defaults(func=cmd_actions)
    v = sub.add_parser(
        "serve", help="the classroom server: rooms where learners play from their own screens"
    )
    v.add_argument("--host", default="127.0.0.1", help="0.0.0.0 opens it to the network")
    v.add_argument("--port", type=int, default=8000)
    v.add_argument("--db", default="clash-rooms.sqlite", help="the SQLite file of the rooms")
    v.add_argument("--lite", help="also serve this built JupyterLite site at /lite/")
    v.add_argument("--max-message", type=int, default=64_000, help="bytes per message")
    v.add_argument(
        "--actions-per-second", type=float, default=5.0, help="per connection, after --burst"
    )
    v.add_argument("--burst", type=int, default=10, help="actions a connection may send at once")
    v.add_argument("--max-rooms", type=int, default=100)
    v.add_argument("--bot-delay", type=float, default=0.6, help="seconds before a bot moves")
    v.add_argument(
        "--move-seconds",
        type=float,
        default=20.0,
        help="a room whose move (or bot's thinking) takes longer is marked broken",
    )
    v.add_argument(
        "--hint-seconds", type=float, default=10.0, help="a hint not ready by then is refused"
    )
    v.add_argument(
        "--review-seconds", type=float, default=600.0, help="a review running longer is stopped"
    )
    v.add_argument(
        "--hints-per-minute", type=float, default=12.0, help="per seat, after a burst of 3"
    )
    v.add_argument(
        "--coach-workers", type=int, default=1, help="reviews worked out at once (others wait)"
    )
    v.add_argument(
        "--sync",
        default="FULL",
        choices=["FULL", "NORMAL"],
        help="SQLite synchronous: FULL survives a power cut, NORMAL only a crash",
    )
    v.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    v.add_argument(
        "--teacher-key-file",
        help="the teacher key's file: its first line, or a new key written there if missing",
    )
    v.add_argument(
        "--new-teacher-key", action="store_true", help="make (and print) a new teacher key"
    )
    v.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a name the server answers to besides its IP addresses and localhost (repeatable)",
    )
    v.add_argument(
        "--restore",
        nargs="?",
        const="latest",
        metavar="BACKUP",
        help="first restore the newest rolling backup (or the file BACKUP) in place of --db",
    )
    v.set_defaults(func=cmd_serve)
    a = p.parse_args(argv)
    return a.func(a)


if __name__ == "__main__":
    sys.exit(main())
