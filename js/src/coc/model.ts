// Typed mirror of the Python traits of clash_widget.widget.ClashBoard and of the
// Clash of Cultures view payload (docs/CONTRACTS.md). Keep in sync with board.py:
// tests/test_widget.py compares the trait names below with the Python class.

import type {
  Feedback as SharedFeedback,
  GameView,
  Intent as SharedIntent,
  LegalAction as SharedAction,
  LogEntry as SharedLogEntry,
} from "../shared/model";

export type Terrain = "plains" | "forest" | "mountain" | "barren" | "sea";
export type Mood = "happy" | "neutral" | "angry";
export type PieceKind = "fortress" | "academy" | "temple" | "port" | "wonder";
export type UnitKind = "settler" | "army" | "ship";
/** A hex reference: [q, r] (CONTRACTS.md); "q,r" strings are accepted too. */
export type HexRef = [number, number] | string;

export interface Turn {
  age: number;
  round: number;
  actions_left: number;
  first_player: number;
}

export interface Resources {
  food: number;
  wood: number;
  ore: number;
  ideas: number;
  gold: number;
  [k: string]: number;
}

export interface Player {
  seat: number;
  name: string;
  color: string;
  resources: Resources;
  limits: Partial<Resources>;
  mood_tokens: number;
  culture_tokens: number;
  mood_track?: number;
  culture_track?: number;
  advances: string[];
  /** One code per advance of View.advance_tree, groups in order (CONTRACTS.md). */
  advance_status?: string;
  vp: number;
  vp_breakdown?: Record<string, number>;
  hand: unknown[] | null;
  hand_count: number;
}

export interface Hex {
  q: number;
  r: number;
  terrain: Terrain | null;
  region: number;
  explored: boolean;
  /** The hex in words ("the forest next to Blue's capital"), from the engine's namer. */
  place?: string;
}

export interface Piece {
  kind: PieceKind;
  owner: number;
  name?: string;
}

export interface City {
  q: number;
  r: number;
  owner: number;
  size: number;
  mood: Mood;
  capital: boolean;
  pieces: Piece[];
}

/** One kind of unit in a stack that the rules tell apart (a ship by its cargo...). */
export interface UnitPart {
  /** Opaque: the legal actions' picks name it. */
  ref: string;
  /** In words, for one unit: "the ship carrying 1 settler". */
  label: string;
  count: number;
  /** A short tag drawn on the piece ("\u2663": it entered a forest); may be empty. */
  badge: string;
  /** What a ship of this part carries, by kind ({settler: 1}): drawn as small pieces. */
  cargo?: Record<string, number>;
}

export interface Unit {
  q: number;
  r: number;
  owner: number;
  kind: UnitKind;
  count: number;
  /** Only when the stack's units differ (coc/ahead.py): one entry per kind of unit. */
  parts?: UnitPart[];
}

/** A legal action with the choice the engine would ask next already named. */
export interface ChoiceKey {
  key: string;
  label: string;
}

export interface PickChoice extends ChoiceKey {
  /** The UnitPart refs this choice names. */
  parts: string[];
  /** How to pay, when the move also asks it (a road): keys with both choices named. */
  payments?: ChoiceKey[];
}

export interface LegalAction extends SharedAction {
  hexes?: HexRef[];
  /** Which units go, one key per choice (a group move that would ask which units). */
  picks?: PickChoice[];
  /** How to pay, one key per payment (an action that would ask how to pay). */
  payments?: ChoiceKey[];
}

export interface LogEntry extends SharedLogEntry {
  hexes?: HexRef[];
}

/** The static advances tree and what each status code means (CONTRACTS.md). */
export interface AdvanceTree {
  /** [group id, group name, [[advance id, name, summary], ...]], in primer order. */
  groups: [string, string, [string, string, string][]][];
  codes: Record<string, "owned" | "available" | "unaffordable" | "locked">;
  /** code -> [rule id, reason, primer section] of the research rule behind it. */
  rules: Record<string, [string, string, string]>;
}

export interface View extends GameView {
  turn: Turn;
  players: Player[];
  hexes: Hex[];
  cities: City[];
  units: Unit[];
  frame?: { kind: string; player: number; [k: string]: unknown };
  legal: LegalAction[];
  log: LogEntry[];
  advance_tree?: AdvanceTree;
}

export type IntentType = "select" | "act" | "undo" | "redo" | "resync" | "save" | "load" | "new";

export type Intent = SharedIntent;

/** Python's answer to an intent (the same for every match widget). */
export type Feedback = SharedFeedback;

export interface Selected {
  q?: number;
  r?: number;
  terrain?: Terrain | null;
  explored?: boolean;
  region?: number;
  city?: City | null;
  units?: Unit[];
}

/** The synced traits (sync=True) of ClashBoard. */
export type WidgetModel = {
  view: View | Record<string, never>;
  intent: Intent | Record<string, never>;
  selected: Selected;
  feedback: Feedback;
  seat: number | null;
  last_action: string;
  /** The view follows the (human) player to move. */
  hotseat: boolean;
  /** Per seat: null (a person) or a bot name from bot_names. */
  bots: (string | null)[];
  bot_names: string[];
  /** Seconds between bot moves when autoplay runs. */
  bot_delay: number;
  autoplay: boolean;
  /** null: the live game; k: the position after k recorded actions (read-only). */
  position: number | null;
  replay_length: number;
  /** The changes after an action (patch.ts); `view` is then not sent again. */
  view_patch: Record<string, unknown>;
  /** Set by Python: the view, hot-seat and game files are not the browser's to change. */
  lock_view?: boolean;
};

/** True when the payload looks like a renderable view (has a hex list). */
export function isView(v: unknown): v is View {
  return !!v && typeof v === "object" && Array.isArray((v as View).hexes);
}

export function hexKey(q: number, r: number): string {
  return `${q},${r}`;
}

/** The "q,r" key of a hex reference, or null when it is not one. */
export function refKey(ref: unknown): string | null {
  if (Array.isArray(ref) && ref.length >= 2 && Number.isInteger(ref[0]) && Number.isInteger(ref[1])) {
    return hexKey(ref[0], ref[1]);
  }
  if (typeof ref === "string") {
    const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(ref);
    if (m) return hexKey(Number(m[1]), Number(m[2]));
  }
  return null;
}

/** The "q,r" keys of a list of hex references (bad entries are skipped). */
export function refKeys(refs: unknown): string[] {
  if (!Array.isArray(refs)) return [];
  const out: string[] = [];
  for (const r of refs) {
    const k = refKey(r);
    if (k) out.push(k);
  }
  return out;
}
