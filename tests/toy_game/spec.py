"""Two Cards, declared once (the test suite registers it: ``registered(SPEC)``)."""

from clash_widget.engine.spec import GameSpec

SPEC = GameSpec(
    id="toy",
    name="Two Cards",
    game="toy_game.game:TwoCards",
    options="toy_game.game:ToyOptions",
    heuristic="toy_game.heuristic:ToyHeuristicBot",
    css_prefix="toy",
    picture="toy_game.picture:draw_toy",
)
