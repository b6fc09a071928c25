// The Secolo table's card picker: the shared one (../shared/picker), reading the card
// ids each legal action lists in `cards`.

import * as shared from "../shared/picker";
import type { LegalAction } from "./model";

export type { PickResult } from "../shared/picker";
export { distinct } from "../shared/picker";

const cardsOf = (a: LegalAction): string[] => a.cards;

/** The legal actions that use every picked card. */
export function candidates(legal: LegalAction[], picked: string[]): LegalAction[] {
  return shared.candidates(legal, picked, cardsOf);
}

/** Cards a click can still use: those of the candidates that are not picked yet. */
export function clickable(legal: LegalAction[], picked: string[]): Set<string> {
  return shared.clickable(legal, picked, cardsOf);
}

/** What a click on `card` does: send an action, narrow the choice, or start over. */
export function click(legal: LegalAction[], picked: string[], card: string): shared.PickResult {
  return shared.click(legal, picked, card, cardsOf);
}
