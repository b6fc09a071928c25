"""This game, declared once: the catalogue, the bots, the widget and the build lists read it."""

from clash_widget.engine.spec import GameSpec

SPEC = GameSpec(
    id="persistence",
    name="The Persistence of Culture",
    game="clash_widget.persistence.game:PersistenceOfCulture",
    options="clash_widget.persistence.options:PersistenceOptions",
    heuristic="clash_widget.bots.persistence_heuristic:PersistenceHeuristicBot",
    widget="clash_widget.widget.persistence_map:PersistenceMap",
    frontend="js/src/persistence/index.ts",
    bundle="persistence",
    css_prefix="poc",
    picture="clash_widget.widget.picture:draw_persistence",
    notebook="notebooks/21_persistence_of_culture.ipynb",
)
