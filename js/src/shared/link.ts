// The front end's side of the model: listeners that are all removed on destroy, and
// intents sent as NEW objects with a fresh seq (a Dict trait set to an equal object is
// no change, and Python pairs its feedback with the seq).

import type { AnyModel } from "@anywidget/types";

type Listener = (...args: unknown[]) => void;
// The traits a link reads and writes; each widget's model has more.
type Traits = { intent: unknown };

export class ModelLink<M extends Traits> {
  private seq = 0;
  private readonly handlers: [string, Listener][] = [];

  constructor(readonly model: AnyModel<M>) {}

  on(event: string, fn: Listener): void {
    this.model.on(event, fn);
    this.handlers.push([event, fn]);
  }

  /** Remove every listener this link added. */
  off(): void {
    for (const [ev, fn] of this.handlers) this.model.off(ev, fn);
    this.handlers.length = 0;
  }

  /** A seq above this link's last and the model's last intent (another view may have sent one). */
  nextSeq(): number {
    const prev = this.model.get("intent") as { seq?: unknown } | undefined;
    const prevSeq = prev && typeof prev.seq === "number" ? prev.seq : 0;
    this.seq = Math.max(this.seq, prevSeq) + 1;
    return this.seq;
  }

  /** Hand an intent (already stamped with its seq and version) to Python. */
  sendIntent(intent: M["intent"]): void {
    this.model.set("intent", intent);
    this.model.save_changes();
  }
}
