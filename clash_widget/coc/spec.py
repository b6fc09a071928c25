"""This game, declared once: the catalogue, the bots, the widget and the build lists read it."""

from clash_widget.engine.game import Mechanic
from clash_widget.engine.spec import GameSpec

SPEC = GameSpec(
    id="coc",
    name="Clash of Cultures",
    game="clash_widget.coc.game:ClashOfCultures",
    options="clash_widget.coc.options:CocOptions",
    heuristic="clash_widget.bots.coc_heuristic:CocHeuristicBot",
    widget="clash_widget.widget.board:ClashBoard",
    frontend="js/src/coc/index.ts",
    bundle="coc",
    css_prefix="clash",
    picture="clash_widget.widget.picture:draw_coc",
    notebook="notebooks/11_a_whole_game.ipynb",
    bench_players=4,  # the largest board, the most units and cities to list moves for
    # What the lab's coverage report looks for: log event kinds, most also kept as stats.
    mechanics=(
        Mechanic("found", "found"),
        Mechanic("battle", "battle"),
        Mechanic("capture", "capture"),
        Mechanic("influence success", "influence_success"),
        Mechanic("wonder built", "wonder_built"),
        Mechanic("trade accepted", "trade"),
        Mechanic("event", "event_card"),
        Mechanic("barbarian spawn", "barbarian_spawn"),
        Mechanic("government change", "government_change", target=False),
    ),
)
