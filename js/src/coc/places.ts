// A hex named in words a learner can find on the map (issue 37): "the forest next to
// Blue's capital", not "9,-3" (the map hides coordinates; they stay for its toggle and
// tooltips). The same words as Python's clash_widget/widget/places.py.

type Obj = Record<string, unknown>;

const TERRAIN_WORDS: Record<string, string> = {
  plains: "grassland",
  forest: "forest",
  mountain: "mountain",
  barren: "barren land",
  sea: "sea",
};
/** Further than this from every city, a hex is "far from any city". */
const NEAR = 3;

export function hexDistance(a: [number, number], b: [number, number]): number {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

const list = (x: unknown): Obj[] => (Array.isArray(x) ? (x as Obj[]) : []);

function cityWords(c: Obj, names: Map<unknown, string>): string {
  return `${names.get(c.owner) ?? "a player"}'s ${c.capital ? "capital" : "city"}`;
}

/** "Blue's capital (grassland)", "the forest next to Orange's city", "a sea hex far from any city". */
export function placeWords(view: unknown, q: number, r: number): string {
  const v = (view ?? {}) as Obj;
  const h = list(v.hexes).find((x) => x.q === q && x.r === r);
  if (!h) return `the hex at ${q},${r}`;
  const t = typeof h.terrain === "string" && h.explored ? h.terrain : "";
  const terrain = t ? (TERRAIN_WORDS[t] ?? t) : "unexplored hex";
  const names = new Map<unknown, string>(list(v.players).map((p) => [p.seat, String(p.name ?? "")]));
  const cities = list(v.cities);
  const here = cities.find((c) => c.q === q && c.r === r);
  if (here) return `${cityWords(here, names)} (${terrain})`;
  if (!cities.length) return `the ${terrain}`;
  const dist = (c: Obj) => hexDistance([q, r], [Number(c.q), Number(c.r)]);
  const near = [...cities].sort((a, b) => dist(a) - dist(b) || Number(a.q) - Number(b.q) || Number(a.r) - Number(b.r))[0];
  const d = dist(near);
  if (d === 1) return `the ${terrain} next to ${cityWords(near, names)}`;
  if (d <= NEAR) return `the ${terrain} ${d} hexes from ${cityWords(near, names)}`;
  return `${/^[aeiou]/.test(terrain) ? "an" : "a"} ${terrain} far from any city`;
}
