// What every match widget's front end shares with Python: the traits of MatchWidget
// (clash_widget/widget/base.py, over the Session), the intents it reads, the feedback
// it answers with, and the part of a game's view payload the front ends read the same
// way. Each game's model.ts extends View and LegalAction with its own payload.
// Keep in sync: the widget tests compare TRAIT_NAMES with the Python class.

import type { NamedPlayer } from "./players";

/**
 * One legal action, the same shape in every game: `key` is what an "act" intent sends
 * back (never shown), `kind` groups buttons (data-kind), `label` is the words a person
 * reads. Each game adds the fields its picker reads (hexes, card, area...).
 */
export interface LegalAction {
  key: string;
  kind: string;
  label: string;
}

export interface LogEntry {
  kind: string;
  text: string;
  [k: string]: unknown;
}

/** The fields of a view payload that every game sends. */
export interface GameView {
  game: string;
  title?: string;
  version: number;
  can_undo: boolean;
  can_redo: boolean;
  seat: number | null;
  current_player: number | null;
  over: boolean;
  result?: { winners: number[] } | null;
  prompt: string;
  options?: Record<string, unknown>;
  frame?: { kind: string; player: number } | null;
  players: NamedPlayer[];
  legal: LegalAction[];
  log: LogEntry[];
}

/** An intent before the model stamps it with its seq and the view's version. */
export type IntentBody =
  | { type: "act"; key: string }
  | { type: "undo" | "redo" | "save" | "resync" | "new" | "hint" }
  | { type: "load"; text: string; name: string }
  /** A board position picked (the hex map): Python echoes what is there. */
  | { type: "select"; q: number; r: number };

export type Intent = IntentBody & { seq: number; version: number };

/** The rule behind a refusal: its id (a quiet link, never inside the sentence) and section. */
export interface RuleRef {
  id: string;
  section?: string | null;
}

/**
 * Python's answer to the last intent. Two shapes are read (shared/feedback.ts):
 * the structured one (`kind`, `text`, `rule`) and the older flat one (`ok`, `message`,
 * `rule_id`, `section`).
 */
export interface Feedback {
  seq?: number | null;
  /** "played" | "refused" | "info" | "error" (docs/design.md, The `feedback` trait). */
  kind?: string;
  text?: string;
  rule?: RuleRef | null;
  /** Who moved (for "played"). */
  by?: { seat: number; name: string; bot: string | null } | null;
  ok?: boolean;
  message?: string;
  rule_id?: string | null;
  section?: string | null;
  /** Counts Python's answers, so two equal answers in a row are still a change. */
  n?: number;
}

/** The synced traits (sync=True) of MatchWidget, for a game whose view is V. */
export type MatchModel<V extends GameView> = {
  view: V | Record<string, never>;
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
  /** The coach's last hint (Python's widget/coaching.py), for the position `version`. */
  hint?: Hint | Record<string, never>;
};

/** A coach's hint: the move in words, why, the alternatives; `key` only highlights. */
export interface Hint {
  version: number;
  seat: number;
  player: string;
  key: string;
  label: string;
  reasons: string[];
  alternatives: { label: string; text: string; about_equal: boolean }[];
  text: string;
}

export const TRAIT_NAMES: (keyof MatchModel<GameView>)[] = [
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
  "hint",
];

/** True when `v` is a view of `game` with a legal list and the game's own `field`. */
export function isGameView(v: unknown, game: string, field: string): boolean {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return o.game === game && !!o[field] && Array.isArray(o.legal);
}
