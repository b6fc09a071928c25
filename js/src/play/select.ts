// Clash of Cultures' hex selection on the play page. In a notebook the board asks Python
// what stands on a clicked hex (ClashBoard's `selected` trait, clash_widget/widget/
// board.py); everything it answers is in the seat's own view, so in a room the page
// answers it itself, the same way, and the server is never asked.

import { placeWords } from "../coc/places";
import type { LocalAnswer } from "../shared/ws_model";

type Obj = Record<string, unknown>;

function at(list: unknown, q: number, r: number): Obj[] {
  return Array.isArray(list) ? (list as Obj[]).filter((x) => x && x.q === q && x.r === r) : [];
}

/** What stands on hex (q, r) of a Clash of Cultures view, or null if the map has no such hex. */
export function describeHex(view: Obj, q: number, r: number): Obj | null {
  const hex = at(view.hexes, q, r)[0];
  if (!hex) return null;
  const city = at(view.cities, q, r)[0];
  return {
    q,
    r,
    terrain: hex.terrain ?? null,
    explored: hex.explored,
    region: hex.region,
    city: city ? { ...city } : null,
    units: at(view.units, q, r).map((u) => ({ ...u })),
  };
}

/** The play page's answer to a "select" intent of the Clash of Cultures board. */
export function selectHex(intent: Obj, view: Obj): LocalAnswer | null {
  if (intent.type !== "select") return null;
  const { q, r } = intent;
  const hex = typeof q === "number" && typeof r === "number" ? describeHex(view, q, r) : null;
  if (!hex) return { ok: false, message: `${String(q)},${String(r)} is not a hex of this map.`, rule: "engine.malformed" };
  return { ok: true, kind: "info", message: `Selected: ${placeWords(view, q as number, r as number)}.`, set: { selected: hex } };
}

/** After a new view, the selected hex shows what stands on it now (or nothing). */
export function reselect(selected: unknown, view: Obj): Obj {
  const s = selected as Obj | undefined;
  if (!s || typeof s.q !== "number" || typeof s.r !== "number") return {};
  return describeHex(view, s.q, s.r) ?? {};
}
