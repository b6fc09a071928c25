// Typed mirror of SecoloTable's traits (clash_widget/widget/secolo_table.py) and of
// the Secolo view payload (clash_widget/secolo/game.py `view`). Keep in sync:
// tests/test_secolo_widget.py compares TRAIT_NAMES with the Python class.

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

export interface LegalAction {
  key: string;
  kind: string;
  label: string;
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

export interface LogEntry {
  kind: string;
  text: string;
  [k: string]: unknown;
}

export interface Culture {
  code: string;
  name: string;
  gloss: string;
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
  result: { winners: number[]; [k: string]: unknown } | null;
  prompt: string;
  options: Record<string, unknown>;
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

/** The synced traits (sync=True) of SecoloTable. */
export type TableModel = {
  view: View | Record<string, never>;
  intent: Intent | Record<string, never>;
  feedback: Feedback;
  seat: number | null;
  last_action: string;
  /** Set by Python: the browser cannot change `seat` or `hotseat` (the table has no seat picker). */
  lock_view?: boolean;
  // The play modes every match widget has (clash_widget/widget/base.py, over the Python
  // Session); this table has no controls for them yet: Python sets them.
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

/** True when the payload is a Secolo view (has players with cities). */
export function isView(v: unknown): v is View {
  return (
    !!v &&
    typeof v === "object" &&
    (v as View).game === "secolo" &&
    Array.isArray((v as View).players) &&
    Array.isArray((v as View).legal)
  );
}
