"""Information-set Monte Carlo tree search, for any game with a determiniser.

The bot never reads what its seat cannot see. Every iteration starts from
``game.determinize(state, seat, seed)``: a copy in
which the other hands, the face-down tiles and the dice generator are
resampled consistently with what the seat knows (the generator is reseeded,
so the copy cannot peek at the real future dice or draws). One tree is
shared by all samples; a child is scored only over the samples where its
action was legal ("availability"), which is the single-observer ISMCTS
described by Cowling, Powley and Whitehouse (2012).

Games like Clash of Cultures run to hundreds of decisions, so a playout
stops after ``depth`` steps and the position is valued by
:mod:`.evaluate` (score plus a small material term). Playouts and the order
in which new moves are tried follow a cheap policy bot (the game's heuristic
bot when there is one), and a node only opens more children as its visit
count grows (progressive widening), so a small budget is spent on the moves
the policy likes before the rest.

The budget is a number of playouts (reproducible on any machine: the same
seed gives the same game however loaded the machine is), with an optional
wall-clock cap in seconds for interactive use. The default, 16 playouts of
30 steps, is the setting docs/bots.md measures against the heuristic bot.
"""

from __future__ import annotations

import math
import time

from ..engine import Action, Game, state_hash
from ..engine.game import State
from .base import Bot, RandomBot
from .evaluate import final_rewards, rewards, values

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
        playouts: int = 16,
        seconds: float | None = None,
        depth: int = 30,
        explore: float = 0.5,
        widen: float = 1.5,
        scale: float = 4.0,
        policy: str = "heuristic",
    ) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.depth = depth
        self.explore = explore
        self.widen = widen
        self.scale = scale
        self.policy_name = policy
        self._policies: dict[str, Bot] = {}
        self.decisions = 0
        self.searched = 0
        self.total_playouts = 0
        self.think_seconds = 0.0
        self.longest = 0.0
        self._tried: dict[str, set[str]] = {}

    def _fresh(self, game: Game, state: State, legal: list[Action]) -> list[Action]:
        """Drop kinds of action that already led straight back to this position.

        Some actions leave the position unchanged (a trade offer the partner
        declines, or a trade and its reverse). Coming back to an identical
        position proves the kind was a no-op here; without this two searching
        bots could go on swapping goods forever.
        """
        tried = self._tried.get(self._key(game, state), set())
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
            from .registry import make_bot

            seed = self.rng.below(1 << 31)
            try:
                bot = make_bot(self.policy_name, game.name, seed)
            except KeyError:  # no heuristic for this game: play out at random
                bot = RandomBot(seed)
            self._policies[game.name] = bot
        return bot

    # -- choosing ---------------------------------------------------------------------
    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        legal = self._fresh(game, state, legal)
        choice = self._search(game, state, legal)
        if len(self._tried) > 5000:
            self._tried.clear()
        self._tried.setdefault(self._key(game, state), set()).add(choice.kind)
        return choice

    def _search(self, game: Game, state: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        t0 = time.perf_counter()
        seat = game.current_player(state)
        assert seat is not None
        policy = self._policy(game)
        root = Node(seat)
        allowed = set(legal)
        deadline = None if self.seconds is None else t0 + self.seconds
        done = 0
        while done < self.playouts and (deadline is None or time.perf_counter() < deadline):
            sample = game.determinize(state, seat, self.rng.below(1 << 62))
            self._iterate(game, sample, root, allowed, policy)
            done += 1
        self.searched += 1
        self.total_playouts += done
        spent = time.perf_counter() - t0
        self.think_seconds += spent
        self.longest = max(self.longest, spent)

        def rank(a: Action) -> tuple[int, float]:
            c = root.children.get(a)
            return (c.n, c.w / c.n) if c and c.n else (-1, 0.0)

        return max(legal, key=rank)

    def _width(self, node: Node) -> int:
        return 1 + int(self.widen * math.sqrt(node.n + 1))

    def _iterate(self, game: Game, s: State, root: Node, allowed: set[Action], policy: Bot) -> None:
        node, path, steps = root, [root], 0
        expanded = False
        while not expanded and not game.is_over(s) and steps < self.depth:
            acts = game.legal_actions(s)
            if node is root:
                acts = [a for a in acts if a in allowed]
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
                child = Node(player)
                node.children[a] = child
                expanded = True
            else:
                a, child = max(known, key=lambda ac: self._ucb(ac[1]))
            game.apply(s, a)
            path.append(child)
            node = child
            steps += 1
        while not game.is_over(s) and steps < self.depth:
            acts = game.legal_actions(s)
            if not acts:
                break
            game.apply(s, policy.choose(game, s, acts))
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
        }
