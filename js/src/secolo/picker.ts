// Turning card clicks into one of the legal actions, without knowing any rule.
//
// The rules core lists every legal action with the card ids among its arguments.
// Each click adds a card to `picked`; the candidates are the legal actions that use
// every picked card. When the candidates all read the same (e.g. the same Attack
// made with either of two identical Attack cards) the first one is sent; otherwise
// the table highlights the cards that would narrow the choice further and shows the
// candidates as buttons.

import type { LegalAction } from "./model";

export interface PickState {
  picked: string[];
}

export type PickResult =
  | { send: string; picked: [] }
  | { send: null; picked: string[] };

/** The legal actions that use every picked card. */
export function candidates(legal: LegalAction[], picked: string[]): LegalAction[] {
  return legal.filter((a) => picked.every((c) => a.cards.includes(c)));
}

/** One action per distinct label (identical Attack cards give identical choices). */
export function distinct(actions: LegalAction[]): LegalAction[] {
  const seen = new Set<string>();
  const out: LegalAction[] = [];
  for (const a of actions) {
    if (seen.has(a.label)) continue;
    seen.add(a.label);
    out.push(a);
  }
  return out;
}

/** Cards a click can still use: those of the candidates that are not picked yet. */
export function clickable(legal: LegalAction[], picked: string[]): Set<string> {
  const out = new Set<string>();
  for (const a of candidates(legal, picked)) for (const c of a.cards) if (!picked.includes(c)) out.add(c);
  return out;
}

/** What a click on `card` does: send an action, narrow the choice, or start over. */
export function click(legal: LegalAction[], picked: string[], card: string): PickResult {
  let next = picked.includes(card) ? picked : [...picked, card];
  let cands = candidates(legal, next);
  if (!cands.length && picked.length) {
    next = [card]; // a card that does not fit the current choice starts a new one
    cands = candidates(legal, next);
  }
  if (!cands.length) return { send: null, picked: [] };
  const choices = distinct(cands);
  if (choices.length === 1) return { send: choices[0].key, picked: [] };
  return { send: null, picked: next };
}
