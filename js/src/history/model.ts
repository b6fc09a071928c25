// Typed mirror of HistoryTable's traits (clash_widget/widget/history_table.py) and of the
// History CCG view (clash_widget/history/view.py). Keep in sync: tests/test_history_widget.py
// compares TRAIT_NAMES with the Python class.

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
  /** Rank and suit as printed, e.g. "7☾". */
  face: string;
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

export interface LegalAction {
  key: string;
  kind: string;
  label: string;
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

export interface LogEntry {
  kind: string;
  text: string;
  [k: string]: unknown;
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
  result: { winners: number[]; ways?: Record<string, string[]>; [k: string]: unknown } | null;
  prompt: string;
  options: Record<string, unknown>;
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

/** The synced traits (sync=True) of HistoryTable (from MatchWidget). */
export type TableModel = {
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

export const TRAIT_NAMES: (keyof TableModel)[] = [
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

/** True when the payload is a History CCG view. */
export function isView(v: unknown): v is View {
  return (
    !!v &&
    typeof v === "object" &&
    (v as View).game === "history" &&
    Array.isArray((v as View).players) &&
    Array.isArray((v as View).legal)
  );
}
