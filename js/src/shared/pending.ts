// A game-changing click is acknowledged at once, before Python answers: the clicked
// control (every control standing for the same action, and the card or area the click
// was on) is marked `is-pending` and the root shows it is waiting. Nothing of the game
// is drawn until Python's answer arrives (a refusal or the new view); the answer to
// that intent's seq, or to a later one, clears the mark. The mark survives redraws:
// `refresh()` puts it back on the newly drawn controls.

/** An answer that has not come in this long no longer blocks the controls (ms). */
export const PENDING_TIMEOUT_MS = 15_000;

/** Intents that change the game: their control shows it is pending until Python answers. */
export const PENDING_TYPES: ReadonlySet<string> = new Set(["act", "undo", "redo"]);

/** What a pending click stands for: data-* names and values (an element matching any is marked). */
export type PendingMatch = Record<string, string>;

export class PendingMark {
  private seq: number | null = null;
  private match: PendingMatch = {};
  private marked: HTMLElement[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly root: HTMLElement) {}

  /** The seq of the intent waiting for Python's answer, or null. */
  get waiting(): number | null {
    return this.seq;
  }

  /** Mark the controls of intent `seq` (drops any earlier mark). */
  mark(seq: number, match: PendingMatch): void {
    this.clear();
    this.seq = seq;
    this.match = match;
    this.root.classList.add("is-pending");
    this.root.dataset.pendingSeq = String(seq);
    this.timer = setTimeout(() => {
      // No answer yet (a busy kernel): stop blocking, keep waiting for the answer.
      this.root.classList.remove("is-pending");
      this.root.classList.add("is-pending-long");
    }, PENDING_TIMEOUT_MS);
    this.refresh();
  }

  /** Put the mark on the controls drawn now (after a redraw replaced the marked ones). */
  refresh(): void {
    if (this.seq === null) return;
    this.unmark();
    const names = Object.keys(this.match);
    const selector = names.map((n) => `[data-${n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`).join(",");
    if (!selector) return;
    for (const e of this.root.querySelectorAll<HTMLElement>(selector)) {
      if (names.some((n) => e.dataset[n] === this.match[n])) {
        e.classList.add("is-pending");
        e.setAttribute("aria-busy", "true");
        this.marked.push(e);
      }
    }
  }

  /** Python answered intent `seq` (null: an answer to no intent, e.g. a bot's move). */
  answer(seq: number | null | undefined): void {
    if (this.seq !== null && typeof seq === "number" && seq >= this.seq) this.clear();
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.unmark();
    this.seq = null;
    this.match = {};
    this.root.classList.remove("is-pending", "is-pending-long");
    delete this.root.dataset.pendingSeq;
  }

  private unmark(): void {
    for (const e of this.marked) {
      e.classList.remove("is-pending");
      e.removeAttribute("aria-busy");
    }
    this.marked = [];
  }
}
