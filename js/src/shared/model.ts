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
  | { type: "undo" | "redo" | "save" | "resync" | "new" | "hint" | "review_cancel" }
  /** The coach's review of one seat's game (seat from 0, as Python counts). */
  | { type: "review"; seat: number }
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
  /** The coach's review under way or done (Python's widget/reviewing.py). */
  review?: ReviewState | Record<string, never>;
};

/**
 * Where a move is on the table: the data-* values of the elements the table draws for it
 * (`{q: "1", r: "-2"}` is the hex with data-q="1" data-r="-2"; `{card: "1-07"}` a card).
 * Python reads them off the view's legal list (widget/targets.py); the front end only marks.
 */
export type Target = Record<string, string>;

/** A coach's hint: the move in words, why, the alternatives; `key` only highlights. */
export interface Hint {
  version: number;
  seat: number;
  player: string;
  key: string;
  /** The hinted move's place on the board (may be empty: a move made with a button only). */
  targets?: Target[];
  label: string;
  reasons: string[];
  alternatives: { label: string; text: string; about_equal: boolean }[];
  text: string;
}

export type Verdict = "good" | "inaccuracy" | "mistake" | "blunder";

/** One judged decision of a review (points: of winning chances, 0 to 100). */
export interface ReviewedMove {
  /** Actions recorded before it: the replay position where the decision was made. */
  index: number;
  move: number;
  played: string;
  best: string;
  /** The move played was the coach's own best. */
  same: boolean;
  verdict: Verdict;
  loss: number;
  low: number;
  high: number;
  played_chances: number;
  best_chances: number;
  /** Simulated games each move's figure rests on. */
  games: number;
  choices: number;
  /** Every seat's winning chances here, as the reviewed seat could judge them. */
  chances: number[];
  /** The rules of thumb for the better move. */
  reasons: string[];
  /** "taken": the hint was asked here and played; "asked": asked, not played; "": none. */
  hint: "" | "taken" | "asked";
  text: string;
  played_targets: Target[];
  best_targets: Target[];
}

export interface ReviewResult {
  game: string;
  seat: number;
  player: string;
  players: string[];
  summary: string;
  outcome: string;
  decisions: ReviewedMove[];
  /** [move, every seat's chances] at each decision, then the result. */
  series: [number, number[]][];
  counts: Record<Verdict, number>;
  thresholds: { verdict: Verdict; points: number }[];
  rounds: number;
  turns: number;
  /** How far each simulated game was played, in words ("to the end of the game", "for 2 turns"). */
  horizon: string;
}

/** The `review` trait: a review waiting for its turn ("queued": the classroom server reviews
 * a few games at a time) or under way ("running"), or how it ended. */
export interface ReviewState {
  run: number;
  state: "queued" | "running" | "done" | "cancelled" | "error";
  seat: number;
  player: string;
  /** Recorded actions when it was asked (the game may have gone on since). */
  length: number;
  done: number;
  total: number;
  text?: string;
  result?: ReviewResult;
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
  "review",
];

/** True when `v` is a view of `game` with a legal list and the game's own `field`. */
export function isGameView(v: unknown, game: string, field: string): boolean {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return o.game === game && !!o[field] && Array.isArray(o.legal);
}
