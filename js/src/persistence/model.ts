// Typed mirror of the Persistence view payload (clash_widget/persistence/view.py
// `view`); the traits, intents and feedback every match widget shares are in
// ../shared/model.

import { type GameView, type LegalAction as SharedAction, type MatchModel, isGameView } from "../shared/model";

export type { Feedback, Intent, LogEntry } from "../shared/model";
export { TRAIT_NAMES } from "../shared/model";

export type Point = [number, number];

export interface Area {
  id: string;
  name: string;
  kind: "land" | "sea" | "ocean";
  barren: boolean;
  region: string | null;
  /** Closed outlines in map pixels (more than one for an area with a hole). */
  loops: Point[][];
  label: Point;
}

export interface Strait {
  id: string;
  name: string;
  lands: [string, string];
  sea: string;
  line: [Point, Point];
}

export interface MapData {
  width: number;
  height: number;
  areas: Area[];
  straits: Strait[];
  regions: { id: string; name: string; value: number; lands: string[] }[];
  /** Where each area's name is written (clash_widget/persistence/names.py): first baseline centre, lines. */
  names?: Record<string, { x: number; y: number; lines: string[] }>;
}

export interface Marker {
  empire: string;
  seat: number;
}

export interface Board {
  lands: Record<string, Marker>;
  fleets: Record<string, Marker[]>;
  /** land -> Empire whose Capital stands there. */
  capitals: Record<string, string>;
  forts: string[];
  monuments: string[];
}

export interface Card {
  id: string;
  name: string;
  label: string;
  pile: string;
  effect: string;
  frames: string;
  culture: boolean;
  vp?: number;
  region?: string;
}

export interface CultureInPlay extends Card {
  empire: string;
  empire_name: string;
  seat: number;
  capital: string | null;
  points: number;
}

export interface EmpireInfo {
  id: string;
  name: string;
  epoch: number;
  order: number;
  start: string;
  armies: number;
  fleets: number;
  founds_capital: boolean;
  minor: boolean;
  terms: string;
  seat?: number;
  capital?: string | null;
  lands?: number;
  present?: boolean;
  taken_by?: number | null;
}

export interface Player {
  seat: number;
  vp: number;
  vp_by: Record<string, number>;
  next_vp: Record<string, number>;
  /** The viewing seat's hand (every hand in the teacher's view); null otherwise. */
  hand: Card[] | null;
  hand_count: number;
  hand_piles: Record<string, number>;
  empires: string[];
}

export interface LegalAction extends SharedAction {
  area?: string | null;
  card?: string;
  empire?: string;
  /** transfer: the friendly path, areas and "strait:<id>" steps, from Capital to Capital. */
  path?: string[];
}

export interface Turn {
  player: number;
  empire: string;
  armies: number;
  fleets: number;
  events: number;
}

export interface View extends GameView {
  title: string;
  result: { winners: number[]; vp: number[] } | null;
  epoch: number;
  epoch_name: string;
  epochs: number;
  map: MapData;
  board: Board;
  empires: EmpireInfo[];
  offer: EmpireInfo[];
  culture: CultureInPlay[];
  destroyed: Card[];
  discard: Card[];
  players: Player[];
  turn: Turn | null;
  legal: LegalAction[];
}

/** The synced traits (sync=True) of PersistenceMap (clash_widget/widget/persistence_map.py). */
export type MapModel = MatchModel<View>;

/** True when the payload is a Persistence view (has the map and the legal list). */
export function isView(v: unknown): v is View {
  return isGameView(v, "persistence", "map");
}
