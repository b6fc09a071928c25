// Typed mirror of PersistenceMap's traits (clash_widget/widget/persistence_map.py and
// base.py) and of the view payload (clash_widget/persistence/view.py `view`). Keep in
// sync: tests/persistence/test_widget.py compares TRAIT_NAMES with the Python class.

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

export interface LegalAction {
  key: string;
  kind: string;
  label: string;
  area?: string | null;
  card?: string;
  empire?: string;
  /** transfer: the friendly path, areas and "strait:<id>" steps, from Capital to Capital. */
  path?: string[];
}

export interface LogEntry {
  kind: string;
  text: string;
  [k: string]: unknown;
}

export interface Turn {
  player: number;
  empire: string;
  armies: number;
  fleets: number;
  events: number;
}

export interface View {
  game: string;
  title: string;
  version: number;
  can_undo: boolean;
  can_redo: boolean;
  seat: number | null;
  current_player: number | null;
  over: boolean;
  result: { winners: number[]; vp: number[] } | null;
  prompt: string;
  options: Record<string, unknown>;
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
  frame: { kind: string; player: number } | null;
  legal: LegalAction[];
  log: LogEntry[];
}

export type Intent =
  | { seq: number; version: number; type: "act"; key: string }
  | { seq: number; version: number; type: "undo" | "redo" | "save" }
  | { seq: number; version: number; type: "load"; text: string; name?: string };

export interface Feedback {
  seq?: number | null;
  ok?: boolean;
  message?: string;
  rule_id?: string | null;
  section?: string | null;
  n?: number;
}

/** The synced traits (sync=True) of PersistenceMap (from MatchWidget). */
export type MapModel = {
  view: View | Record<string, never>;
  intent: Intent | Record<string, never>;
  feedback: Feedback;
  seat: number | null;
  last_action: string;
  /** Set by Python: the browser cannot change `seat` or `hotseat`. */
  lock_view?: boolean;
  /** The view follows the (human) player to move. */
  hotseat?: boolean;
  /** Per seat: null (a person) or a bot name from bot_names. */
  bots?: (string | null)[];
  bot_names?: string[];
  /** Seconds between bot moves when autoplay runs. */
  bot_delay?: number;
  autoplay?: boolean;
  /** null: the live game; k: the position after k recorded actions (read-only). */
  position?: number | null;
  replay_length?: number;
};

export const TRAIT_NAMES: (keyof MapModel)[] = [
  "view",
  "intent",
  "feedback",
  "seat",
  "last_action",
  "lock_view",
  "hotseat",
  "bots",
  "bot_names",
  "bot_delay",
  "autoplay",
  "position",
  "replay_length",
];

export const COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#ef6c00"];

export function colour(seat: number): string {
  return COLOURS[((seat % COLOURS.length) + COLOURS.length) % COLOURS.length];
}

/** True when the payload is a Persistence view (has the map and the legal list). */
export function isView(v: unknown): v is View {
  return (
    !!v &&
    typeof v === "object" &&
    (v as View).game === "persistence" &&
    !!(v as View).map &&
    Array.isArray((v as View).legal)
  );
}
