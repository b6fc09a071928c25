// Typed mirror of the Secolo view payload (clash_widget/secolo/game.py `view`); the
// traits, intents and feedback every match widget shares are in ../shared/model.

import { type GameView, type LegalAction as SharedAction, type MatchModel, isGameView } from "../shared/model";

export type { Feedback, Intent, LogEntry } from "../shared/model";
export { TRAIT_NAMES } from "../shared/model";

export type CardType = "protagonist" | "character" | "bulwark" | "object" | "attack" | "special";

export interface Card {
  id: string;
  type: CardType;
  culture: string | null;
  name: string;
  gloss: string;
  text?: string;
  timing?: string;
  /** Characters in a city: why they cannot be attacked ("bulwark", "object", "bible") or null. */
  protected?: string | null;
  /** Citizens in a city: the Object attached to them, if any. */
  object?: string | null;
  /** Objects in a city: the citizen they are attached to. */
  attached_to?: string | null;
}

export interface CultureGroup {
  culture: string;
  name: string;
  gloss: string;
  bulwark: boolean;
  cards: Card[];
}

export interface Player {
  seat: number;
  partner: number | null;
  protagonist: Card | null;
  cultures: number;
  characters: number;
  score: number;
  sheltered: boolean;
  city: CultureGroup[];
  /** Only the viewing seat's hand (all hands in the teacher's view); null otherwise. */
  hand: Card[] | null;
  hand_count: number;
  known_hand: string[];
}

export interface LegalAction extends SharedAction {
  /** The card ids among the action's arguments, in order. */
  cards: string[];
}

export interface AttackInfo {
  by: number;
  card: string;
  attackers: string[];
  culture?: string;
  target: string;
  city: number;
}

export interface Frame {
  kind: "pick" | "draw" | "act" | "react" | "counter" | string;
  player: number;
  marked?: string[] | null;
  marked_count?: number;
  waiting?: number[];
  attack?: AttackInfo;
  pending?: { by: number; card: string; effect?: string; [k: string]: unknown };
}

export interface Culture {
  code: string;
  name: string;
  gloss: string;
}

export interface View extends GameView {
  title: string;
  options: Record<string, unknown>;
  result: { winners: number[]; [k: string]: unknown } | null;
  cultures: Culture[];
  turn: { seat: number; number: number; cultures: string[]; extra_cultures: number; attacks: number };
  deck_count: number;
  discard_count: number;
  discard: Card[];
  reshuffles: number;
  pool: Card[];
  players: Player[];
  frame: Frame | null;
  legal: LegalAction[];
}

/** The synced traits (sync=True) of SecoloTable (clash_widget/widget/secolo_table.py). */
export type TableModel = MatchModel<View>;

/** True when the payload is a Secolo view (has players with cities). */
export function isView(v: unknown): v is View {
  return isGameView(v, "secolo", "players");
}
