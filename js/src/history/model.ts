// Typed mirror of the History CCG view (clash_widget/history/view.py); the traits,
// intents and feedback every match widget shares are in ../shared/model.

import { type GameView, type LegalAction as SharedAction, type MatchModel, isGameView } from "../shared/model";

export type { Feedback, Intent, LogEntry } from "../shared/model";
export { TRAIT_NAMES } from "../shared/model";

export type CardType =
  | "city"
  | "terrain"
  | "mod"
  | "discovery"
  | "event"
  | "tech"
  | "unit"
  | "creation"
  | "policy";

export interface Card {
  id: string;
  design: string;
  name: string;
  type: CardType;
  type_name: string;
  rank: number;
  suit: string;
  /** Rank and suit as printed, e.g. "7☾" (drawn on the card). */
  face: string;
  /** The face in words, e.g. "7 of Moons" (tooltips, screen readers, sentences). */
  face_words?: string;
  owner: number;
  text: string;
  kind?: string;
  cost?: number;
}

export interface Terrain extends Card {
  mod: Card | null;
}

export interface Unit extends Card {
  damage: number;
  fresh: boolean;
  attack: number;
  defence: number;
  health: number;
  move: number;
}

export interface City extends Card {
  controller: number;
  capital: boolean;
  population: number;
  terrains: Terrain[];
  yields: { food: number; material: number; trade: number };
  defence: number;
  production: (Card & { made: number }) | null;
  creations: (Card & { fresh: boolean })[];
  units: Unit[];
}

export interface Player {
  seat: number;
  name: string;
  deck: string;
  deck_name: string;
  treasury_count: number;
  council_count: number;
  /** Only the viewing seat's council (every council in the teacher's view); null otherwise. */
  council: Card[] | null;
  council_max: number;
  landfill: Card[];
  culture: number;
  research: (Card & { counters: number }) | null;
  techs: Card[];
  policies: Card[];
  capital: string | null;
  holds_capital: boolean;
  population: number;
  wonders: number;
  trade: number;
  founding_cost: number;
  cities: City[];
}

export interface LegalAction extends SharedAction {
  args: string[];
}

export interface Frame {
  kind: string;
  player: number;
  left?: number;
  city?: string;
  by?: number;
  cards?: Card[];
}

export interface Clash {
  attacker: number;
  defender: number;
  city: string;
  winner: number;
  tie: boolean;
  attack_cards: Card[];
  defence_cards: Card[];
  attack_hand: string[];
  defence_hand: string[];
  attack_name: string;
  defence_name: string;
}

export interface Shown {
  initiative: { seat: number; card: Card; round: number }[];
  growth: { city: string; cards: Card[]; total: number; need: number }[];
  clash: Clash | null;
  battle: Record<string, unknown> | null;
}

export interface View extends GameView {
  title: string;
  result: { winners: number[]; ways?: Record<string, string[]>; [k: string]: unknown } | null;
  turn: {
    number: number;
    phase: string;
    phase_name: string;
    order: number[];
    active: number[];
    bonus: Record<string, number>;
    clashed: number[];
  };
  players: Player[];
  table: Card[];
  shown: Shown;
  frame: Frame | null;
  legal: LegalAction[];
}

/** The synced traits (sync=True) of HistoryTable (clash_widget/widget/history_table.py). */
export type TableModel = MatchModel<View>;

/** True when the payload is a History CCG view. */
export function isView(v: unknown): v is View {
  return isGameView(v, "history", "players");
}
