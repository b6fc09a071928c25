"""Bots for every game: random (type-first), heuristic, search."""

from .base import Bot, RandomBot
from .registry import BOTS, make_bot

__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
