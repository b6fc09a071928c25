"""This game, declared once: the catalogue, the bots, the widget and the build lists read it."""

from clash_widget.engine.spec import GameSpec

SPEC = GameSpec(
    id="history",
    name="History CCG",
    game="clash_widget.history.game:HistoryCCG",
    options="clash_widget.history.options:HistoryOptions",
    heuristic="clash_widget.bots.history_heuristic:HistoryHeuristicBot",
    widget="clash_widget.widget.history_table:HistoryTable",
    frontend="js/src/history/index.ts",
    bundle="history",
    css_prefix="hccg",
    picture="clash_widget.widget.history_still:draw_history",
    notebook="notebooks/22_history_ccg.ipynb",
)
