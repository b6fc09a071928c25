"""This game, declared once: the catalogue, the bots, the widget and the build lists read it."""

from clash_widget.engine.spec import GameSpec

SPEC = GameSpec(
    id="secolo",
    name="600 il Secolo di Ferro",
    game="clash_widget.secolo.game:Secolo",
    options="clash_widget.secolo.game:SecoloOptions",
    heuristic="clash_widget.bots.secolo_heuristic:SecoloHeuristicBot",
    widget="clash_widget.widget.secolo_table:SecoloTable",
    frontend="js/src/secolo/index.ts",
    bundle="secolo",
    css_prefix="secolo",
    picture="clash_widget.widget.secolo_picture:draw_secolo",
    notebook="notebooks/20_secolo_di_ferro.ipynb",
)
