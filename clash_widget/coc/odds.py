"""Exact probabilities of Clash of Cultures (no simulation: small, fast, reproducible).

Battles (Primer: Battles and Capturing): each side rolls one die per army (a fortress
adds a die and cancels one hit, both in the first round only); hits = total // 5; both
sides lose one army per hit at the same time. Here the attacker always fights on.

Cultural influence (Primer: Cultural Influence; French rulings p. 10-11): a roll of
5 or 6 succeeds; each culture token adds 1 range or 1 to the die, and the tokens for
the die may be spent after seeing the roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

SIDES = 6


@cache
def dice_sum(n: int) -> Mapping[int, float]:
    """Distribution of the total of ``n`` six-sided dice."""
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, SIDES + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / SIDES
        dist = nxt
    return dist


def hits(n_dice: int, divisor: int = 5) -> dict[int, float]:
    """Distribution of the hits scored by ``n_dice`` dice (total // divisor)."""
    out: dict[int, float] = {}
    for total, p in dice_sum(n_dice).items():
        out[total // divisor] = out.get(total // divisor, 0.0) + p
    return out


def battle_odds(
    attackers: int, defenders: int, fortress: bool = False, divisor: int = 5
) -> dict[str, float]:
    """Chances that the attacker ``wins`` (alone at the end), ``loses``, or ``both``
    sides are wiped out, when the attacker never retreats."""

    @cache
    def go(a: int, d: int, first: bool) -> tuple[float, float, float]:
        if a == 0 or d == 0:
            return (float(a > 0), float(d > 0), float(a == d == 0))
        # Primer (Fortress): "+1 die for combat and cancel one hit on the first combat round":
        # both help in the first round only.
        extra_die = 1 if (fortress and first) else 0
        cancel = 1 if (fortress and first) else 0
        a_hits, d_hits = hits(a, divisor), hits(d + extra_die, divisor)
        win = lose = both = 0.0
        for ah, pa in a_hits.items():
            ah = max(0, ah - cancel)
            for dh, pd in d_hits.items():
                if ah == 0 and dh == 0:
                    continue  # a round with no hits changes nothing: handled below
                w, lo, b = go(max(0, a - dh), max(0, d - ah), False)
                win, lose, both = win + pa * pd * w, lose + pa * pd * lo, both + pa * pd * b
        # Rounds with no hits repeat the same position: divide them out.
        quiet = sum(pa for ah, pa in a_hits.items() if max(0, ah - cancel) == 0) * d_hits.get(0, 0)
        if first and fortress:
            # After a quiet first round the Fortress's help is spent: continue as a later round.
            w, lo, b = go(a, d, False)
            return (win + quiet * w, lose + quiet * lo, both + quiet * b)
        return (win / (1 - quiet), lose / (1 - quiet), both / (1 - quiet))

    w, lo, b = go(attackers, defenders, True)
    return {"wins": w, "loses": lo, "both": b}


def influence_success(tokens: int, shortfall: int = 0, need: int = 5) -> float:
    """Chance a cultural influence succeeds with ``tokens`` culture tokens available,
    ``shortfall`` of them needed first to reach the target (range), the rest kept to
    raise the die after the roll only when needed."""
    if tokens < shortfall:
        return 0.0
    left = tokens - shortfall
    good = sum(1 for face in range(1, SIDES + 1) if face + left >= need)
    return good / SIDES


def influence_tokens_spent(tokens: int, shortfall: int = 0, need: int = 5) -> float:
    """Expected culture tokens spent with the same plan (range first, die only if it helps)."""
    if tokens < shortfall:
        return 0.0
    left = tokens - shortfall
    spent = 0.0
    for face in range(1, SIDES + 1):
        gap = max(0, need - face)
        spent += (shortfall + (gap if gap <= left else 0)) / SIDES
    return spent
