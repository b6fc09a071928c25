"""The anywidget board: BoardWidget draws a match and turns clicks into actions."""

from .board import WIDGET_RULES, BoardWidget

__all__ = ["BoardWidget", "WIDGET_RULES"]
