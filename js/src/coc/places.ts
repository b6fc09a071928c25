// A hex named in words a learner can find on the map (issue 37): "the forest next to
// Blue's capital", not "9,-3" (the map hides coordinates; they stay for its toggle and
// tooltips). The words are the game's own: the engine's one namer
// (clash_widget/coc/places.py) gives every hex of the view its `place`.

type Obj = Record<string, unknown>;

/** "Blue's capital", "the forest next to Orange's city west of its capital". */
export function placeWords(view: unknown, q: number, r: number): string {
  const hexes = (view as Obj | null)?.hexes;
  const h = Array.isArray(hexes) ? (hexes as Obj[]).find((x) => x.q === q && x.r === r) : undefined;
  return typeof h?.place === "string" && h.place ? h.place : "a hex off the map";
}
