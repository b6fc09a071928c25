"""Axial hex geometry (flat-top hexes, odd-q offset for region blocks)."""

from __future__ import annotations

from .vocab import Hex

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def offset_to_axial(col: int, row: int) -> Hex:
    """Odd-q offset (odd columns shifted down half a hex) to axial."""
    return col, row - (col - (col & 1)) // 2
