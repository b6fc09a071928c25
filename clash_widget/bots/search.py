"""Search for any game with a determiniser: information-set MCTS, or a paired comparison.

The bot never reads what its seat cannot see. Every playout starts from
``game.determinize(state, seat, seed)``: a copy in which the other hands, the
face-down tiles and the dice generator are resampled consistently with what
the seat knows (the generator is reseeded, so the copy cannot peek at the real
future dice or draws).

**Tree search** (the default with a playout budget). One tree is shared by all
samples; a child is scored only over the samples where its action was legal
("availability"), the single-observer ISMCTS of Cowling, Powley and Whitehouse
(2012). Games like Clash of Cultures run to hundreds of decisions, so a playout
stops after ``depth`` steps and the position is valued by ``Game.evaluate``
(through :mod:`.evaluate`). Playouts and the order in which new moves are tried
follow a cheap policy bot (the game's heuristic bot when there is one), and a
node only opens more children as its visit count grows (progressive widening),
so a small budget is spent on the moves the policy likes before the rest. The
move played is the most-visited one; the policy's favourite (the first move
tried) is credited with ``prior`` extra visits, so a handful of noisy playouts
does not overturn a sound move.

**Paired comparison** (``paired=N``; the default with a time budget alone). The
policy's N best moves are compared round by round: each round draws one sample
and plays every candidate from it (same hidden cards, same dice, a policy seeded
alike), so the differences come from the moves and not from luck. A paired
playout stops at a turn boundary (:mod:`.playout`), so every candidate is valued
at the same point of the game; with a time budget alone, as the seat's own turn
ends (cheap, and the same every round but for dice and draws). The favourite is
kept unless a challenger wins by more than ``margin`` standard errors over at
least three rounds; a winner is then played again against the favourite ``confirm``
turns further (the rival's answer included) and kept only if it does at least as
well there. With a tenth of a second a decision, a tree gets a handful of playouts
spread over many moves; the paired rounds spend them where they tell most.

**Budget.** A number of playouts (reproducible on any machine: the same seed
gives the same game however loaded the machine is), or a time in seconds
(``search:seconds=0.1``): then the bot plays rounds until the time is up, and
stops early once the answer is clear (a decision with one clear answer does not
use up its budget; two rounds in which no candidate changed anything end it too).
The whole decision is timed, bookkeeping included. The time saved is kept and
spent on later, harder decisions (up to three budgets more at a time), so the bot
thinks ``seconds`` per decision on average. Both may be given: whichever runs
out first ends the search. The default, 16 playouts of 30 steps of tree search,
is the setting docs/bots.md first measured against the heuristic bot.
"""

from __future__ import annotations

import math
import time

from ..engine import Action, Game, state_hash
from ..engine.game import State
from .base import Bot, RandomBot
from .evaluate import final_rewards, rewards, values
from .playout import outcome, play_out

DEFAULT_PLAYOUTS = 16
DEFAULT_DEPTH = 30
TIMED_CANDIDATES = 5  # with a time budget alone, the policy's best moves compared
TIMED_DEPTH = 60  # a cap: paired playouts stop at a turn's start (``turns``)
TIMED_TURNS = 1  # with a time budget alone, trial games stop as the seat's turn ends ...
TIMED_CONFIRM = 1  # ... and a winning challenger is played again one turn further
UNLIMITED = 1 << 30
CHECK_EVERY = 4  # playouts between two looks at whether the leader can still be caught
MIN_ROUNDS = 3  # paired rounds before the comparison may stop early
BANK_SPEND = 3.0  # a decision may add up to this many budgets saved on earlier ones
BANK_CAP = 10.0  # at most this many budgets are kept in the bank

# View keys that tell what happened rather than describe the position: a trade
# and its reverse bring the position back but lengthen the log.
BOOKKEEPING = ("log", "version", "stats")


class Node:
    """Statistics for one action from one information set."""

    __slots__ = ("avail", "children", "n", "player", "w")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here
        self.children: dict[Action, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 1


class SearchBot(Bot):
    name = "search"

    def __init__(
        self,
        seed: int = 0,
        playouts: int | None = None,
        seconds: float | None = None,
        depth: int | None = None,
        explore: float = 0.5,
        widen: float = 1.5,
        scale: float = 4.0,
        policy: str = "heuristic",
        prior: float = 2.0,
        paired: int | None = None,
        margin: float = 1.0,
        turns: int | None = None,
        same: int = 0,
        confirm: int | None = None,
    ) -> None:
        super().__init__(seed)
        from .registry import check_bot_name

        try:
            check_bot_name(policy)
        except KeyError as exc:  # a misspelt policy must not quietly play at random
            raise ValueError(f"policy: {exc.args[0]}") from None
        timed = playouts is None and seconds is not None
        if playouts is None:  # a time budget alone: as many playouts as fit in it
            playouts = UNLIMITED if timed else DEFAULT_PLAYOUTS
        if paired is None:  # a time budget alone: compare the policy's best moves
            paired = TIMED_CANDIDATES if timed else 0
        if depth is None:
            depth = TIMED_DEPTH if paired else DEFAULT_DEPTH
        if turns is None and timed:
            turns = TIMED_TURNS
        if confirm is None:
            confirm = TIMED_CONFIRM if timed else 0
        self.playouts = playouts
        self.seconds = seconds
        self.early_stops = 0
        self.overruled = 0  # paired comparisons that chose another move than the favourite
        self.checks = 0  # winning challengers played again one turn further (``confirm``)
        self.depth = depth
        self.explore = explore
        self.widen = widen
        self.scale = scale
        self.policy_name = policy
        self.prior = prior
        self.paired = paired  # >0: compare this many of the policy's best moves, paired
        self.margin = margin
        # Paired playouts stop once this many turns have begun (1: as the seat's own turn
        # ends, the default with a time budget alone; None: one per seat, so the playout
        # ends as the seat's next turn begins; 0: after ``depth`` steps).
        self.turns = turns
        # Challengers only of the favourite's kind: the search picks which advance, city
        # or payment, and trusts the policy on what to do (see docs/bots.md).
        self.same_kind = bool(same)
        # >0: a challenger that wins the comparison is played again against the
        # favourite with this many more turns (the rival's answer) before it is chosen.
        self.confirm = confirm
        self.bank = 0.0  # seconds saved on earlier decisions (negative: overspent)
        self._policies: dict[str, Bot] = {}
        self.decisions = 0
        self.searched = 0
        self.total_playouts = 0
        self.think_seconds = 0.0
        self.longest = 0.0
        self._tried: dict[str, set[str]] = {}

    def _fresh(self, key: str, legal: list[Action]) -> list[Action]:
        """Drop kinds of action that already led straight back to this position.

        Some actions leave the position unchanged (a trade offer the partner
        declines, or a trade and its reverse). Coming back to an identical
        position proves the kind was a no-op here; without this two searching
        bots could go on swapping goods forever.
        """
        tried = self._tried.get(key, set())
        fresh = [a for a in legal if a.kind not in tried]
        return fresh or legal

    @staticmethod
    def _key(game: Game, state: State) -> str:
        """The position as the deciding seat sees it, without the log.

        Built from the seat's view, not the state, so what the seat cannot see
        (other hands, the piles, the dice generator) never steers the choice.
        """
        seat = game.current_player(state)
        view = game.view(state, seat)
        return state_hash({k: v for k, v in view.items() if k not in BOOKKEEPING})

    # -- the policy that plays out and orders expansions ----------------------------
    def _policy(self, game: Game) -> Bot:
        bot = self._policies.get(game.name)
        if bot is None:
            from .registry import BotNotForGame, make_bot

            seed = self.rng.below(1 << 31)
            try:
                bot = make_bot(self.policy_name, game.name, seed)
            except BotNotForGame:  # no heuristic for this game: play out at random
                bot = RandomBot(seed)
            self._policies[game.name] = bot
        return bot

    def _fresh_policy(self, game: Game, seed: int) -> Bot:
        """A new policy bot seeded by the round (paired playouts share it)."""
        from .registry import BotNotForGame, make_bot

        try:
            return make_bot(self.policy_name, game.name, seed)
        except BotNotForGame:
            return RandomBot(seed)

    # -- choosing ---------------------------------------------------------------------
    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        t0 = time.perf_counter()
        key = self._key(game, state)
        legal = self._fresh(key, legal)
        if self.paired and len(legal) > 1:
            choice = self._compare(game, state, legal, t0)
        else:
            choice = self._search(game, state, legal, t0)
        if len(self._tried) > 5000:
            self._tried.clear()
        self._tried.setdefault(key, set()).add(choice.kind)
        self._account(t0)
        return choice

    def _deadline(self, t0: float) -> float | None:
        """When this decision's time is up: its budget plus what the bank allows."""
        if self.seconds is None:
            return None
        return t0 + self.seconds + max(-self.seconds / 2, min(self.bank, self.seconds * BANK_SPEND))

    def _account(self, t0: float) -> None:
        """Count the whole decision's time (the bookkeeping too) and bank what was saved."""
        spent = time.perf_counter() - t0
        self.searched += 1
        self.think_seconds += spent
        self.longest = max(self.longest, spent)
        if self.seconds is not None:
            self.bank = min(self.bank + self.seconds - spent, self.seconds * BANK_CAP)

    def _search(self, game: Game, state: State, legal: list[Action], t0: float) -> Action:
        seat = game.current_player(state)
        assert seat is not None
        policy = self._policy(game)
        root = Node(seat)
        allowed = set(legal)
        deadline = self._deadline(t0)
        done = 0
        while done < self.playouts:
            now = time.perf_counter()
            if deadline is not None:
                if now >= deadline:
                    break
                if (
                    done
                    and done % CHECK_EVERY == 0
                    and self._decided(root, done, now - t0, deadline - now)
                ):
                    self.early_stops += 1
                    break
            sample = game.determinize(state, seat, self.rng.below(1 << 62))
            self._iterate(game, sample, root, allowed, policy)
            done += 1
        self.total_playouts += done
        # The policy's favourite is the root's first child; it keeps ``prior`` visits of
        # credit, so a few noisy playouts never talk the search out of a sound move.
        favourite = next(iter(root.children), None)

        def rank(a: Action) -> tuple[float, float]:
            c = root.children.get(a)
            if not c or not c.n:
                return (-1.0, 0.0)
            return (c.n + (self.prior if a == favourite else 0.0), c.w / c.n)

        return max(legal, key=rank)

    def _compare(self, game: Game, state: State, legal: list[Action], t0: float) -> Action:
        """Paired comparison of the policy's best few moves.

        Each round draws one determinisation and plays every candidate from that very
        sample (same hidden cards, same dice, same policy seed): the differences between
        the candidates' results come from the moves, not from luck, so a few rounds tell
        them apart. The policy's favourite is kept unless another move does better by
        more than ``margin`` standard errors of the difference; the rounds stop early
        once the answer is clear (the time saved goes to later decisions).
        """
        seat = game.current_player(state)
        assert seat is not None
        turns = len(game.scores(state)) if self.turns is None else self.turns
        order_seed = self.rng.below(1 << 62)
        view = game.determinize(state, seat, order_seed)
        policy = self._policy(game)
        cands = favourites(policy, game, view, legal, self.paired, same_kind=self.same_kind)
        if len(cands) == 1:
            return cands[0]
        deadline = self._deadline(t0)
        results = self._rounds(game, state, seat, cands, turns, deadline, self.playouts)
        choice = self._verdict(results, cands[0])
        if self.confirm and choice != cands[0] and turns:
            # A move that looks better when the seat's own turn ends must also hold up
            # once the rival has answered: the favourite and the challenger are played
            # again, ``confirm`` turns further, and the challenger is kept only if it is at
            # least as good there (no standard error asked: the first stage found it).
            pair = [cands[0], choice]
            self.checks += 1
            late = self._rounds(game, state, seat, pair, turns + self.confirm, deadline, 0)
            diffs = [x - y for x, y in zip(late[choice], late[cands[0]], strict=False)]
            if not diffs or sum(diffs) < 0:
                choice = cands[0]
        self.overruled += choice != cands[0]
        return choice

    def _rounds(
        self,
        game: Game,
        state: State,
        seat: int,
        cands: list[Action],
        turns: int,
        deadline: float | None,
        cap: int,
    ) -> dict[Action, list[float]]:
        """Paired rounds until the time (or ``cap`` playouts, 0: none) is up or the
        answer is clear; each candidate's rewards, round by round."""
        results: dict[Action, list[float]] = {a: [] for a in cands}
        rounds = done = 0
        limit = max(cap, len(cands)) if cap else UNLIMITED
        while done + len(cands) <= limit:
            if deadline is not None and rounds:
                if time.perf_counter() >= deadline:
                    break
                if (rounds >= MIN_ROUNDS and self._settled(results, cands[0])) or (
                    rounds >= 2 and all(rs == results[cands[0]] for rs in results.values())
                ):  # clear, or no move changed anything by the end of the playouts
                    self.early_stops += 1
                    break
            elif deadline is None and not cap and rounds >= MIN_ROUNDS:
                break  # a confirmation under a playout budget: three rounds
            seed = self.rng.below(1 << 62)
            for a in cands:
                s = game.determinize(state, seat, seed)
                if a not in game.legal_actions(s):
                    results[a].append(-1.0)
                    continue
                began = any(e.get("kind") == "turn" for e in game.apply(s, a))
                bot = self._fresh_policy(game, seed & 0xFFFFFFFF)
                if not (turns and began and turns == 1):
                    play_out(game, s, bot, self.depth - 1, turns - began if turns else 0)
                results[a].append(outcome(game, s, self.scale)[seat])
                done += 1
            rounds += 1
        self.total_playouts += done
        return results

    def _verdict(self, results: dict[Action, list[float]], favourite: Action) -> Action:
        """The favourite, unless a challenger did better in the paired rounds by more than
        ``margin`` standard errors of the mean difference (evidence, not luck)."""
        base = results[favourite]
        best, best_z = favourite, 0.0
        if len(base) < MIN_ROUNDS:
            return favourite  # two rounds cannot tell a better move from a lucky one
        for a, rs in results.items():
            if a == favourite or not rs:
                continue
            diffs = [x - y for x, y in zip(rs, base, strict=False)]
            n = len(diffs)
            mean = sum(diffs) / n
            if mean <= 0:
                continue
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            se = math.sqrt(var / n) if n > 1 else mean
            z = mean / se if se > 0 else math.inf
            if z > self.margin and z > best_z:
                best, best_z = a, z
        return best

    @staticmethod
    def _settled(results: dict[Action, list[float]], favourite: Action) -> bool:
        """The paired rounds already tell: the best challenger is clearly better or
        clearly not, or the moves come out the same (time better kept for later)."""
        base = results[favourite]
        n = len(base)
        best = None
        for a, rs in results.items():
            if a == favourite:
                continue
            diffs = [x - y for x, y in zip(rs, base, strict=False)]
            mean = sum(diffs) / n
            if best is None or mean > best[0]:
                best = (mean, diffs)
        if best is None:
            return True
        mean, diffs = best
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        spread = math.sqrt(var / n)
        if spread < 1e-4:
            return True  # the same result every round: no difference to find
        return abs(mean) > 3 * spread

    def _decided(self, root: Node, done: int, spent: float, left: float) -> bool:
        """The most-visited move leads by more visits than the time left can give the
        runner-up, at the rate of playouts so far (and within the playout cap)."""
        counts = sorted((c.n for c in root.children.values()), reverse=True)
        if len(counts) < 2:
            return False
        remaining = min(self.playouts - done, int(done * left / max(spent, 1e-9)) + 1)
        return counts[0] - counts[1] > remaining

    def _width(self, node: Node) -> int:
        return 1 + int(self.widen * math.sqrt(node.n + 1))

    def _iterate(self, game: Game, s: State, root: Node, allowed: set[Action], policy: Bot) -> None:
        node, path, steps = root, [root], 0
        expanded = False
        listed: list[Action] | None = None  # the listing settling handed on, if it made one
        while not expanded and not game.is_over(s) and steps < self.depth:
            if listed is None:
                listed = game.legal_actions(s)
            acts = [a for a in listed if a in allowed] if node is root else listed
            if not acts:
                break
            player = game.current_player(s)
            assert player is not None
            known = []
            for a in acts:
                c = node.children.get(a)
                if c is not None:
                    c.avail += 1
                    known.append((a, c))
            untried = [a for a in acts if a not in node.children]
            if untried and (len(node.children) < self._width(node) or not known):
                a = policy.choose(game, s, untried)
                if a not in untried:  # a policy may answer outside a shortened list
                    a = untried[0]
                child = Node(player)
                node.children[a] = child
                expanded = True
            else:
                a, child = max(known, key=lambda ac: self._ucb(ac[1]))
            listed = game.apply(s, a, list_rest=True).listed
            path.append(child)
            node = child
            steps += 1
        while not game.is_over(s) and steps < self.depth:
            if listed is None:
                listed = game.legal_actions(s)
            if not listed:
                break
            listed = game.apply(s, policy.choose(game, s, listed), list_rest=True).listed
            steps += 1
        n = len(s["players"])
        if game.is_over(s):
            r = final_rewards(game.winners(s), n)
        else:
            r = rewards(values(game, s), self.scale)
        root.n += 1
        for nd in path[1:]:
            nd.n += 1
            nd.w += r[nd.player]

    def _ucb(self, c: Node) -> float:
        if c.n == 0:
            return math.inf
        return c.w / c.n + self.explore * math.sqrt(math.log(c.avail) / c.n)

    def stats(self) -> dict[str, float]:
        """Thinking so far: decisions, searched ones, playouts, seconds (total, longest)."""
        return {
            "decisions": self.decisions,
            "searched": self.searched,
            "playouts": self.total_playouts,
            "seconds": round(self.think_seconds, 3),
            "longest": round(self.longest, 3),
            "early_stops": self.early_stops,
            "overruled": self.overruled,
            "confirm_checks": self.checks,
        }


def favourites(
    policy: Bot, game: Game, view: State, legal: list[Action], n: int, *, same_kind: bool = False
) -> list[Action]:
    """A policy's ``n`` best moves on ``view``, its favourite first: it chooses, that move is
    taken out, it chooses again (``same_kind``: the rest are of the favourite's kind)."""
    pool, chosen = list(legal), list[Action]()
    while pool and len(chosen) < n:
        a = policy.choose(game, view, pool)
        if a not in pool:  # a policy may answer outside a shortened list
            a = pool[0]
        chosen.append(a)
        pool.remove(a)
        if same_kind and len(chosen) == 1:
            pool = [b for b in pool if b.kind == a.kind]
    return chosen
