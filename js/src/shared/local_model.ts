// A model kept in the page, without a kernel: the calls a table makes of a notebook's
// traitlets model (get, set, on("change:x"), off, save_changes, send), so every game's table
// mounts on it unchanged. The classroom's play page (WsModel: the room's WebSocket) and its
// review page (ReviewModel: the server's review over HTTP) extend it with where their traits
// come from and where the table's saved changes go.

import type { AnyModel } from "@anywidget/types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (...args: any[]) => void;
export type Traits = Record<string, unknown>;

/** The traits a table reads, as a page's model starts them (a notebook's widget defaults). */
export function tableTraits(): Traits {
  return {
    view: {},
    intent: {},
    feedback: {},
    seat: null,
    last_action: "",
    lock_view: true,
    hotseat: false,
    bots: [],
    bot_names: [],
    bot_delay: 0,
    autoplay: false,
    position: null,
    replay_length: 0,
  };
}

export abstract class LocalModel<T extends Traits = Traits> implements AnyModel<T> {
  protected readonly values: Traits;
  protected readonly dirty = new Set<string>();
  private readonly handlers = new Map<string, Set<Handler>>();
  readonly widget_manager: AnyModel<T>["widget_manager"];

  /** `values`: the traits as the page starts them; `where`: in words, for the one refusal. */
  protected constructor(values: Traits, where: string) {
    this.values = values;
    this.widget_manager = {
      get_model: (): Promise<never> => Promise.reject(new Error(`no other models in ${where}`)),
    } as unknown as AnyModel<T>["widget_manager"];
  }

  get<K extends keyof T>(key: K): T[K] {
    return this.values[key as string] as T[K];
  }

  set<K extends keyof T>(key: K, value: T[K]): void {
    const k = key as string;
    if (this.values[k] === value) return;
    this.values[k] = value;
    this.dirty.add(k);
    this.emit(`change:${k}`);
  }

  on(eventName: string, callback: Handler): void {
    let set = this.handlers.get(eventName);
    if (!set) this.handlers.set(eventName, (set = new Set()));
    set.add(callback);
  }

  off(eventName?: string | null, callback?: Handler | null): void {
    if (!eventName) {
      if (callback) for (const set of this.handlers.values()) set.delete(callback);
      else this.handlers.clear();
      return;
    }
    if (callback) this.handlers.get(eventName)?.delete(callback);
    else this.handlers.delete(eventName);
  }

  /** What the table changed (``set`` since the last call) goes where the page sends it. */
  abstract save_changes(): void;

  /** Custom messages (a notebook's game files) have no meaning in a page. */
  send(): void {}

  protected emit(event: string): void {
    for (const fn of [...(this.handlers.get(event) ?? [])]) fn();
  }
}
