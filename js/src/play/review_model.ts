// The review page's model: the same calls as a notebook's traitlets model (get, set, on,
// off, save_changes, send), so a game's own table mounts on it unchanged, in replay. The
// server feeds it over HTTP (clash_widget/server/app.py): the reviewed seat's own view
// after any number of recorded actions (`.../review/view?at=K`), and the review's progress
// and result (`.../review`), which it puts in the `review` trait as the tables' review
// screen (shared/review.ts) reads it. Moving the replay (the review screen's jump, the
// table's scrubber) asks for that position's view, one request at a time: while one is out
// only the last position asked waits. It never plays: every move is refused in words.

import { LocalModel, tableTraits, type Traits } from "../shared/local_model";
import type { Feedback, ReviewResult, ReviewState } from "../shared/model";
import type { LocalAnswer } from "../shared/ws_model";

/** The server's answer about a review (coaching.py: ReviewJob.status, done_body). */
export interface ReviewStatus {
  state?: "none" | "queued" | "running" | "done" | "cancelled" | "failed";
  seat?: number;
  moves?: number;
  done?: number;
  total?: number;
  player?: string;
  reason?: string;
  rule?: string;
  seconds?: number;
  cached?: boolean;
  review?: ReviewResult;
}

/** The server's answer for a position: the seat's view after `position` of `length` actions. */
export interface ReplayAnswer {
  seat: number;
  position: number;
  length: number;
  view: Traits;
}

export interface Answer<T> {
  status: number;
  body: T & { reason?: string; rule?: string };
}

/** The server's review calls, with the page's secret (a fake in tests). */
export interface ReviewApi {
  start(): Promise<Answer<ReviewStatus>>;
  status(): Promise<Answer<ReviewStatus>>;
  cancel(): Promise<Answer<ReviewStatus>>;
  /** The view after `at` recorded actions (null: after all of them). */
  view(at: number | null): Promise<Answer<ReplayAnswer>>;
}

export interface ReviewModelOptions {
  api: ReviewApi;
  seat: number;
  /** Milliseconds between two looks at a review under way. */
  pollMs?: number;
  /** Each status of the review as the server said it (the page's own status line). */
  onStatus?: (status: number, s: ReviewStatus) => void;
  /** Answers the intents that need nothing but the view (a hex picked on the map). */
  local?: (intent: Traits, view: Traits) => LocalAnswer | null;
}

const READ_ONLY = "This is the replay of the game, for its review: nothing is played here.";

/** The `review` trait for the server's status (run: the page's count of reviews asked). */
export function reviewState(s: ReviewStatus, run: number, seat: number, length: number): ReviewState | Record<string, never> {
  const base = { run, seat, player: s.player ?? s.review?.player ?? "", length: s.moves ?? length, done: s.done ?? 0, total: s.total ?? 0 };
  switch (s.state) {
    case "queued":
    case "running":
      return { ...base, state: s.state };
    case "done":
      if (!s.review) return {};
      return { ...base, state: "done", done: s.review.decisions.length, total: s.review.decisions.length, result: s.review };
    case "cancelled":
      return { ...base, state: "cancelled" };
    case "failed":
      return { ...base, state: "error", text: s.reason ?? "The coach could not finish the review." };
    default:
      return {};
  }
}

export class ReviewModel<T extends Traits = Traits> extends LocalModel<T> {
  private answers = 0;
  private run = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The position asked last, and the one whose view is shown. */
  private wanted: number | null = null;
  private shownAt: number | null = null;
  private loading = false;
  private closed = false;

  constructor(private readonly opts: ReviewModelOptions) {
    super({ ...tableTraits(), review: {} }, "a review");
    this.values.seat = opts.seat;
  }

  // -- where the table's changes go -----------------------------------------------------
  /** What the table changed: the replay position is asked for, an intent answered. */
  override save_changes(): void {
    const dirty = [...this.dirty];
    this.dirty.clear();
    for (const k of dirty) {
      if (k === "position") this.goTo(this.values.position as number | null);
      else if (k === "intent") this.intent(this.values.intent as Traits);
      else if (k === "seat" || k === "hotseat" || k === "lock_view" || k === "autoplay") this.putBack(k);
    }
  }

  /** Stop looking at the review (the page is closing). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // -- the replay -----------------------------------------------------------------------
  /** Show the end of the record, and start (or find) the review. */
  async begin(): Promise<boolean> {
    const first = await this.opts.api.view(null);
    if (first.status !== 200) {
      this.opts.onStatus?.(first.status, { state: "failed", reason: first.body.reason, rule: first.body.rule });
      return false;
    }
    this.showView(first.body);
    await this.startReview();
    return true;
  }

  /** The replay moves to `at` (null: the end of the record; a review has no live game). */
  private goTo(at: number | null): void {
    const length = Number(this.values.replay_length ?? 0);
    const target = at === null || at === undefined ? length : Math.max(0, Math.min(length, Math.trunc(at)));
    if (target !== at) this.fromServer("position", target);
    this.wanted = target;
    if (target === this.shownAt && !this.loading) {
      // the same position picked again: the table redraws, and marks the move picked
      this.emit("change:view");
      return;
    }
    void this.load();
  }

  private async load(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    try {
      while (!this.closed && this.wanted !== null && this.wanted !== this.shownAt) {
        const at = this.wanted;
        let answer: Answer<ReplayAnswer>;
        try {
          answer = await this.opts.api.view(at);
        } catch {
          this.say(false, "The server does not answer: pick the move again in a moment.");
          break;
        }
        if (answer.status === 429) {
          await new Promise((r) => setTimeout(r, 500)); // the server's rate: ask again shortly
          continue;
        }
        if (answer.status !== 200) {
          this.say(false, answer.body.reason ?? `The server refused this position (${answer.status}).`);
          break;
        }
        this.showView(answer.body);
      }
    } finally {
      this.loading = false;
    }
    // A refusal or a lost server: the replay stays where it is shown.
    if (this.wanted !== this.shownAt && this.shownAt !== null) {
      this.wanted = this.shownAt;
      this.fromServer("position", this.shownAt);
    }
  }

  private showView(a: ReplayAnswer): void {
    this.shownAt = a.position;
    this.fromServer("replay_length", a.length);
    // The position the table shows: the one asked last, if it is this one.
    if (this.wanted === null || this.wanted === a.position) this.fromServer("position", a.position);
    this.fromServer("view", a.view);
  }

  // -- the review -----------------------------------------------------------------------
  private async startReview(): Promise<void> {
    this.run += 1;
    await this.follow(() => this.opts.api.start());
  }

  private async follow(call: () => Promise<Answer<ReviewStatus>>): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let answer: Answer<ReviewStatus>;
    try {
      answer = await call();
    } catch {
      this.opts.onStatus?.(0, { state: "failed", reason: "The server does not answer: reload the page in a moment." });
      this.timer = setTimeout(() => void this.follow(() => this.opts.api.status()), 2000);
      return;
    }
    const { status, body } = answer;
    const underWay = body.state === "queued" || body.state === "running";
    this.opts.onStatus?.(status, body);
    if (status >= 400 && !underWay) {
      const words = body.reason ?? `The server refused the review (${status}).`;
      this.fromServer("review", reviewState({ state: "failed", reason: words, player: body.player }, this.run, this.opts.seat, 0));
      return;
    }
    this.fromServer("review", reviewState(body, this.run, this.opts.seat, Number(this.values.replay_length ?? 0)));
    if (underWay && !this.closed) this.timer = setTimeout(() => void this.follow(() => this.opts.api.status()), this.opts.pollMs ?? 500);
  }

  private intent(intent: Traits): void {
    const seq = typeof intent.seq === "number" ? intent.seq : null;
    if (intent.type === "review") {
      void this.startReview();
      this.answer(seq, true, "The coach is reviewing the game…", "info");
    } else if (intent.type === "review_cancel") {
      void this.follow(() => this.opts.api.cancel());
      this.answer(seq, true, "Stopping the review…", "info");
    } else {
      const mine = this.opts.local?.(intent, (this.values.view ?? {}) as Traits);
      if (mine) {
        for (const [k, v] of Object.entries(mine.set ?? {})) this.fromServer(k, v);
        this.answer(seq, mine.ok, mine.message, mine.kind);
      } else this.answer(seq, false, READ_ONLY);
    }
  }

  private say(ok: boolean, message: string): void {
    this.answer(null, ok, message);
  }

  private answer(seq: number | null, ok: boolean, message: string, kind?: string): void {
    const fb: Feedback = { seq, ok, message, rule_id: null, section: null, n: ++this.answers, ...(kind ? { kind } : {}) };
    this.fromServer("feedback", fb);
  }

  /** A setting the review page does not change (whose view, the game's seats): put back. */
  private putBack(key: string): void {
    const fixed: Traits = { seat: this.opts.seat, hotseat: false, lock_view: true, autoplay: false };
    this.values[key] = fixed[key];
    this.emit(`change:${key}`);
  }

  private fromServer(key: string, value: unknown): void {
    if (this.values[key] === value) return;
    this.values[key] = value;
    this.emit(`change:${key}`);
  }
}
