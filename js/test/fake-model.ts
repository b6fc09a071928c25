// A ~30-line stand-in for the anywidget model: get/set/on/off/save_changes/send.

type Handler = (...args: unknown[]) => void;

export class FakeModel<T extends Record<string, unknown>> {
  private state: T;
  private handlers = new Map<string, Set<Handler>>();
  saves: Partial<T>[] = [];
  sent: unknown[] = [];
  private dirty: Partial<T> = {};
  widget_manager = { get_model: async () => { throw new Error("no widget manager"); } };

  constructor(initial: T) {
    this.state = { ...initial };
  }
  get<K extends keyof T>(key: K): T[K] {
    return this.state[key];
  }
  set<K extends keyof T>(key: K, value: T[K]): void {
    if (this.state[key] === value) return; // like Backbone: same reference is no change
    this.state[key] = value;
    this.dirty[key] = value;
    this.handlers.get(`change:${String(key)}`)?.forEach((h) => h());
  }
  on(event: string, fn: Handler): void {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(fn);
  }
  off(event?: string | null, fn?: Handler | null): void {
    if (!event) this.handlers.clear();
    else if (!fn) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(fn);
  }
  save_changes(): void {
    this.saves.push(this.dirty);
    this.dirty = {};
  }
  /** Fire an event the way the widget manager would (e.g. "msg:custom" from Python). */
  emit(event: string, ...args: unknown[]): void {
    this.handlers.get(event)?.forEach((h) => h(...args));
  }
  send(content: unknown): void {
    this.sent.push(content);
  }
  listenerCount(): number {
    let n = 0;
    for (const s of this.handlers.values()) n += s.size;
    return n;
  }
}
