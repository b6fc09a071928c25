"""Two Cards, declared once (the test suite registers it: ``registered(SPEC)``)."""

from clash_widget.engine.spec import GameSpec

SPEC = GameSpec(
    id="toy",
    name="Two Cards",
    game="toy_game.game:TwoCards",
    options="toy_game.game:ToyOptions",
    heuristic="toy_game.heuristic:ToyHeuristicBot",
    widget="toy_game.table:ToyTable",
    bundle="toy",
    static="toy_game:static",
    css_prefix="toy",
    picture="toy_game.picture:draw_toy",
)
