// What a click means: pure functions of the legal list (no rules in JS).
//
// An area or card that a legal action uses sends that action; anything else still
// sends the move it would be, so that Python's refusal names the rule that forbids
// it. A card with targets (a Fortress, a fate) or a Culture card in play is first
// selected; the next click on an area completes the move.

import type { Card, LegalAction } from "./model";

export type Zone = "hand" | "culture";
export type Selection = { card: string; zone: Zone } | null;
export interface Click {
  send: string | null;
  selected: Selection;
}

/** Host Event cards that name a target land. */
export const TARGETED = new Set(["fort", "monument", "treachery", "rebellion", "civil_war", "barbarians"]);

export function clickArea(legal: LegalAction[], selected: Selection, area: string, land: boolean): Click {
  if (selected) {
    const kind = selected.zone === "culture" ? "transfer" : "declare";
    return { send: `${kind} ${selected.card} ${area}`, selected: null };
  }
  const moves = legal.filter((a) => a.area === area && (a.kind === "enter" || a.kind === "fleet"));
  if (moves.length === 1) return { send: moves[0].key, selected: null };
  return { send: `${land ? "enter" : "fleet"} ${area}`, selected: null };
}

export function clickCard(legal: LegalAction[], selected: Selection, card: Card, zone: Zone): Click {
  if (selected && selected.card === card.id && selected.zone === zone) return { send: null, selected: null };
  if (zone === "culture") return { send: null, selected: { card: card.id, zone } };
  const mine = legal.filter((a) => a.kind === "declare" && a.card === card.id);
  if (mine.length === 1 && !mine[0].area) return { send: mine[0].key, selected: null };
  if (mine.some((a) => a.area) || TARGETED.has(card.effect)) return { send: null, selected: { card: card.id, zone } };
  return { send: `declare ${card.id}`, selected: null };
}

/** Areas a click would use for a legal action now (highlighted as options). */
export function areaOptions(legal: LegalAction[], selected: Selection): Set<string> {
  const out = new Set<string>();
  for (const a of legal) {
    if (!a.area) continue;
    if (!selected && (a.kind === "enter" || a.kind === "fleet")) out.add(a.area);
    if (selected && a.card === selected.card) {
      if (selected.zone === "culture" && a.kind === "transfer") out.add(a.area);
      if (selected.zone === "hand" && a.kind === "declare") out.add(a.area);
    }
  }
  return out;
}

/** The friendly paths of the selected Culture card's transfers: every step, and the Capitals. */
export function transferPaths(legal: LegalAction[], selected: Selection): { path: Set<string>; dest: Set<string> } {
  const path = new Set<string>();
  const dest = new Set<string>();
  if (!selected || selected.zone !== "culture") return { path, dest };
  for (const a of legal) {
    if (a.kind !== "transfer" || a.card !== selected.card) continue;
    for (const step of a.path ?? []) path.add(step);
    if (a.area) dest.add(a.area);
  }
  return { path, dest };
}

/** Cards a click may use for a legal action now. */
export function cardOptions(legal: LegalAction[]): Set<string> {
  const out = new Set<string>();
  for (const a of legal) if ((a.kind === "declare" || a.kind === "transfer") && a.card) out.add(a.card);
  return out;
}

/** Actions shown as buttons: those no click on the map or a card stands for. */
export function buttonActions(legal: LegalAction[]): LegalAction[] {
  return legal.filter((a) => !a.area && !(a.kind === "declare" && a.card));
}
