// A model for the classroom server's play page, beside the traitlets model a notebook
// gives: the same calls (get, set, on("change:x"), off, save_changes, send), so every
// game's front end mounts on it unchanged. The room's WebSocket feeds it: the server
// pushes this seat's own view after every change and answers each move; an intent the
// front end saves goes to the server as {type, key, version, seq}. When the socket
// drops, the model reconnects with a growing delay and takes the whole view the server
// sends on connecting (never a patch of an older one).

import { LocalModel, tableTraits, type Traits } from "./local_model";
import type { Feedback } from "./model";

/** What the connection is doing, for the page's status line. */
export type WsState = "connecting" | "connected" | "reconnecting" | "refused";

/** The minimal WebSocket the model needs (the browser's, or a fake in tests). */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

/** An intent the page answers itself from the seat's own view (no server round trip). */
export interface LocalAnswer {
  ok: boolean;
  message: string;
  rule?: string | null;
  /** "info": a note (a selected hex), not a move: shown without the move's tick. */
  kind?: "info";
  /** Traits to set (page-side state such as a selected hex). */
  set?: Record<string, unknown>;
}

export interface WsModelOptions {
  /** ws://host/api/rooms/ROOM/ws */
  url: string;
  /** The seat's (or the teacher's) secret, sent as the first message. */
  token: string;
  /** Milliseconds before the first reconnection; doubles up to maxDelay. */
  firstDelay?: number;
  maxDelay?: number;
  openSocket?: (url: string) => SocketLike;
  onState?: (state: WsState, detail: string) => void;
  /** Called with each message the server pushes (after the model took it). */
  onMessage?: (msg: ServerMessage) => void;
  /** The coach: called when a hint is asked ("asking") and with the server's answer. */
  onHint?: (state: "asking" | "answered", msg?: ServerMessage) => void;
  /** Answers the intents that need nothing but the seat's view (null: send to the server). */
  local?: (intent: Record<string, unknown>, view: Record<string, unknown>) => LocalAnswer | null;
}

/** A message from the server (clash_widget/server/app.py). */
export interface ServerMessage {
  type: "view" | "result" | "refused" | "rematch" | "hint";
  /** The teacher lets this room's players ask the coach for hints. */
  hints?: boolean;
  /** A hint's answer: the move in words, its reasons, the alternatives (and the key, only to
   * mark the move on the board: its button and its board targets). */
  hint?: Record<string, unknown>;
  /** A rematch's new room; a view's room. */
  room?: string;
  /** The teacher paused the room. */
  paused?: boolean;
  /** The game is over: the winners' names and every player's score. */
  over?: { winners: string[]; scores: { seat: number; name: string; score: number }[] } | null;
  seq?: number | null;
  seat?: number | null;
  version?: number;
  view?: Record<string, unknown>;
  last_action?: string;
  bots?: (string | null)[];
  seats?: { seat: number; name: string | null; bot: string | null; connected: boolean }[];
  ok?: boolean;
  rule?: string | null;
  reason?: string | null;
  message?: string;
  status?: number;
}

const OPEN = 1;
/** Close codes after which reconnecting cannot help (no or wrong secret, no room). */
const FINAL_CLOSE = new Set([4401, 4403, 4404, 4410]); // no secret, refused, no room, broken room
/** Traits the server sets; the page never changes them (a room is one seat's view). */
const SERVER_TRAITS = ["view", "seat", "bots", "last_action", "replay_length", "seats"];

export class WsModel<T extends Traits = Traits> extends LocalModel<T> {
  private readonly server: Traits = {};
  private socket: SocketLike | null = null;
  private delay: number;
  private answers = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  state: WsState = "connecting";

  constructor(private readonly opts: WsModelOptions) {
    super({ ...tableTraits(), seats: [] }, "a room");
    this.delay = opts.firstDelay ?? 250;
    this.connect();
  }

  // -- where the table's changes go -----------------------------------------------------
  /** Send what the front end changed: an intent goes to the server, a view setting is put back. */
  override save_changes(): void {
    const dirty = [...this.dirty];
    this.dirty.clear();
    for (const k of dirty) {
      if (k === "intent") this.sendIntent(this.values.intent as Record<string, unknown>);
      else if (k !== "feedback") this.putBack(k);
    }
  }

  /** Send a message of the page's own (the teacher's "watch"); false when not connected. */
  sendMessage(msg: Record<string, unknown>): boolean {
    const ws = this.socket;
    if (!ws || ws.readyState !== OPEN || this.state !== "connected") return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  /** Stop for good (the page is closing). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000);
  }

  // -- the connection -----------------------------------------------------------------
  private connect(): void {
    const open = this.opts.openSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    this.setState(this.state === "reconnecting" ? "reconnecting" : "connecting", "");
    let ws: SocketLike;
    try {
      ws = open(this.opts.url);
    } catch (err) {
      this.retry(String(err));
      return;
    }
    this.socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ token: this.opts.token }));
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => {};
    ws.onclose = (ev) => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.closed) return;
      if (FINAL_CLOSE.has(ev.code)) {
        // The server said why just before closing: keep its words.
        if (this.state !== "refused") this.setState("refused", ev.reason || "the room closed this page's connection");
      }
      else this.retry(`closed (${ev.code})`);
    };
  }

  private retry(why: string): void {
    if (this.closed) return;
    this.setState("reconnecting", why);
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(this.delay * 2, this.opts.maxDelay ?? 5000);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, wait);
  }

  private receive(data: unknown): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(data)) as ServerMessage;
    } catch {
      return;
    }
    if (msg.type === "view") {
      this.delay = this.opts.firstDelay ?? 250;
      if (this.state !== "connected") this.setState("connected", "");
      this.fromServer("seats", msg.seats ?? []);
      this.fromServer("seat", msg.seat ?? null);
      this.fromServer("bots", msg.bots ?? []);
      this.fromServer("last_action", msg.last_action ?? "");
      this.fromServer("replay_length", msg.version ?? 0);
      if (msg.view) this.fromServer("view", msg.view);
    } else if (msg.type === "result") {
      if (msg.view) this.fromServer("view", msg.view); // stale: the fresh view first
      this.answer(msg.seq ?? null, !!msg.ok, msg.ok ? (msg.message ?? "Played.") : `Refused: ${msg.reason ?? ""}`, msg.rule ?? null);
    } else if (msg.type === "hint") {
      // A hint is a note, not a move: its words go to the feedback line without a tick.
      if (msg.ok && msg.hint) this.fromServer("hint", msg.hint);
      this.answer(msg.seq ?? null, !!msg.ok, msg.ok ? (msg.message ?? "") : `No hint: ${msg.reason ?? ""}`, msg.rule ?? null, msg.ok ? "info" : undefined);
      this.opts.onHint?.("answered", msg);
    } else if (msg.type === "refused") {
      this.setState("refused", msg.reason ?? "refused");
    }
    this.opts.onMessage?.(msg);
  }

  private fromServer(key: string, value: unknown): void {
    this.server[key] = value;
    if (this.values[key] === value) return;
    this.values[key] = value;
    this.emit(`change:${key}`);
  }

  /** Set a page-side trait (not the server's, not sent anywhere). */
  setLocal(key: string, value: unknown): void {
    this.fromServer(key, value);
  }

  private sendIntent(intent: Record<string, unknown>): void {
    const seq = typeof intent.seq === "number" ? intent.seq : null;
    const mine = this.opts.local?.(intent, (this.values.view ?? {}) as Record<string, unknown>);
    if (mine) {
      for (const [k, v] of Object.entries(mine.set ?? {})) this.setLocal(k, v);
      this.answer(seq, mine.ok, mine.message, mine.rule ?? null, mine.kind);
      return;
    }
    const ws = this.socket;
    if (!ws || ws.readyState !== OPEN || this.state !== "connected") {
      this.answer(seq, false, "Not connected to the room: reconnecting, play again in a moment.", null);
      return;
    }
    const { type, key, version } = intent;
    if (type === "hint") this.opts.onHint?.("asking");
    ws.send(JSON.stringify(type === "act" ? { type, key, version, seq } : { type, version, seq }));
  }

  /** A view setting the page may not change in a room: back to the server's value. */
  private putBack(key: string): void {
    if (!SERVER_TRAITS.includes(key) && !(key in this.server)) {
      const defaults: Traits = { hotseat: false, autoplay: false, position: null, lock_view: true };
      if (key in defaults) {
        this.values[key] = defaults[key];
        this.emit(`change:${key}`);
      }
      return;
    }
    this.values[key] = this.server[key];
    this.emit(`change:${key}`);
  }

  private answer(seq: number | null, ok: boolean, message: string, rule: string | null, kind?: string): void {
    const fb: Feedback = { seq, ok, message, rule_id: rule, section: null, n: ++this.answers, ...(kind ? { kind } : {}) };
    this.fromServer("feedback", fb);
  }

  private setState(state: WsState, detail: string): void {
    this.state = state;
    this.opts.onState?.(state, detail);
  }
}
