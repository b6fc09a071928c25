// The review page's model: the server's replay (the reviewed seat's own view at a position)
// and the review's progress, fed to a game's own table as its traits; a pick in the table's
// review screen moves the replay there and the board marks the move played and the better one.
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../src/secolo/index";
import { type Answer, type ReplayAnswer, type ReviewApi, ReviewModel, type ReviewStatus, reviewState } from "../src/play/review_model";
import type { ReviewedMove } from "../src/shared/model";
import { reviewResult, reviewedMove } from "./review-result";
import act0 from "./fixtures/secolo_act_seat0.json";

const LENGTH = 12;

/** A card played as the review words it. */
const card = (id: string) => ({ label: `Play ${id}`, card: id });

function decision(index: number, verdict: ReviewedMove["verdict"], played: string, best: string): ReviewedMove {
  return reviewedMove(index, verdict, card(played), card(best), { reasons: [`${best} keeps the stronger card for later`] });
}

const RESULT = reviewResult({
  players: ["Ada", "Ben"],
  summary: "Ada: 2 decisions with a choice reviewed; 1 mistake.",
  decisions: [decision(3, "good", "pir-ch-7", "rif-ch-6"), decision(7, "mistake", "ind-bw-2", "sci-ch-4")],
  series: [
    [4, [40, 60]],
    [8, [38, 62]],
  ],
  turns: 2,
  horizon: "for 2 turns",
});

/** The seat's view after `at` actions: the fixture, its prompt naming the position. */
function viewAt(at: number): ReplayAnswer {
  const view = structuredClone(act0) as Record<string, unknown>;
  view.legal = [];
  view.prompt = `Replay: after ${at} of ${LENGTH} actions (read-only).`;
  return { seat: 0, position: at, length: LENGTH, view };
}

/** A fake server: answers each call from the queue given, or at once (`held`: hold views). */
class FakeApi implements ReviewApi {
  calls: string[] = [];
  statuses: Answer<ReviewStatus>[] = [];
  held: ((a: Answer<ReplayAnswer>) => void)[] = [];
  hold = false;
  refuse: number | null = null;

  start(): Promise<Answer<ReviewStatus>> {
    this.calls.push("start");
    return Promise.resolve(this.statuses.shift() ?? { status: 200, body: { state: "done", cached: true, review: RESULT } });
  }
  status(): Promise<Answer<ReviewStatus>> {
    this.calls.push("status");
    return Promise.resolve(this.statuses.shift() ?? { status: 200, body: { state: "done", review: RESULT } });
  }
  cancel(): Promise<Answer<ReviewStatus>> {
    this.calls.push("cancel");
    return Promise.resolve({ status: 200, body: { state: "cancelled", player: "Ada" } });
  }
  view(at: number | null): Promise<Answer<ReplayAnswer>> {
    this.calls.push(`view ${at ?? "end"}`);
    if (this.refuse !== null) {
      const status = this.refuse;
      this.refuse = null;
      return Promise.resolve({ status, body: { rule: "server.flood", reason: "Too many actions in a short time" } as unknown as ReplayAnswer });
    }
    const answer = { status: 200, body: viewAt(at ?? LENGTH) };
    if (!this.hold) return Promise.resolve(answer);
    return new Promise((resolve) => this.held.push(() => resolve(answer)));
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** The first seat's review model on a fresh fake server, begun: the review is already done. */
async function begun(): Promise<{ api: FakeApi; model: ReviewModel }> {
  const api = new FakeApi();
  const model = new ReviewModel({ api, seat: 0 });
  await model.begin();
  return { api, model };
}

/** Secolo's table on a begun review model, in a fresh <div> of the page. */
async function tableOnReview(): Promise<{ api: FakeApi; model: ReviewModel; host: HTMLDivElement }> {
  const { api, model } = await begun();
  const host = document.createElement("div");
  document.body.append(host);
  widget.render({ model, el: host } as never);
  return { api, model, host };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("reviewState", () => {
  it("reads the server's status as the review screen's trait", () => {
    expect(reviewState({ state: "none" }, 1, 0, 9)).toEqual({});
    expect(reviewState({ state: "queued", player: "Ada", moves: 9 }, 1, 0, 9)).toMatchObject({ run: 1, state: "queued", seat: 0, player: "Ada", length: 9, done: 0 });
    expect(reviewState({ state: "running", player: "Ada", done: 2, total: 5 }, 2, 0, 9)).toMatchObject({ run: 2, state: "running", done: 2, total: 5 });
    expect(reviewState({ state: "done", review: RESULT }, 1, 0, 9)).toMatchObject({ state: "done", player: "Ada", done: 2, total: 2, result: RESULT });
    expect(reviewState({ state: "failed", reason: "the coach could not review this game" }, 1, 0, 9)).toMatchObject({ state: "error", text: "the coach could not review this game" });
    expect(reviewState({ state: "cancelled", done: 1, total: 2 }, 1, 0, 9)).toMatchObject({ state: "cancelled", done: 1, total: 2 });
  });
});

describe("the review model", () => {
  it("shows the end of the record, then follows the review until it is done", async () => {
    vi.useFakeTimers();
    const api = new FakeApi();
    api.statuses = [
      { status: 202, body: { state: "queued", player: "Ada", moves: LENGTH } },
      { status: 200, body: { state: "running", player: "Ada", done: 1, total: 2 } },
    ];
    const seen: string[] = [];
    const model = new ReviewModel({ api, seat: 0, pollMs: 100, onStatus: (_, s) => seen.push(s.state ?? "") });
    expect(await model.begin()).toBe(true);
    expect(model.get("position")).toBe(LENGTH);
    expect(model.get("replay_length")).toBe(LENGTH);
    expect(model.get("review")).toMatchObject({ state: "queued", run: 1 });
    await vi.advanceTimersByTimeAsync(100);
    expect(model.get("review")).toMatchObject({ state: "running", done: 1, total: 2 });
    await vi.advanceTimersByTimeAsync(100);
    expect(model.get("review")).toMatchObject({ state: "done", result: RESULT });
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.calls).toEqual(["view end", "start", "status", "status"]); // no look after the end
    expect(seen).toEqual(["queued", "running", "done"]);
    model.close();
  });

  it("says the server's refusal and mounts nothing when the review is not the page's", async () => {
    const api = new FakeApi();
    api.refuse = 403;
    const said: [number, ReviewStatus][] = [];
    const model = new ReviewModel({ api, seat: 1, onStatus: (status, s) => said.push([status, s]) });
    expect(await model.begin()).toBe(false);
    expect(said[0][0]).toBe(403);
    expect(api.calls).toEqual(["view end"]);
  });

  it("asks for one position at a time: the last one asked while another is out", async () => {
    const { api, model } = await begun();
    api.hold = true;
    for (const at of [3, 5, 7]) {
      model.set("position", at);
      model.save_changes();
    }
    expect(api.calls.filter((c) => c.startsWith("view"))).toEqual(["view end", "view 3"]);
    api.held.shift()!({} as never);
    await settle();
    expect(api.calls.filter((c) => c.startsWith("view"))).toEqual(["view end", "view 3", "view 7"]);
    expect(model.get("position")).toBe(7); // the table shows the position asked last
    api.held.shift()!({} as never);
    await settle();
    expect((model.get("view") as { prompt: string }).prompt).toContain("after 7 of 12");
    model.set("position", null); // no live game in a review: the end of the record
    model.save_changes();
    expect(model.get("position")).toBe(LENGTH);
    model.close();
  });

  it("asks again after the server's rate limit, and stays where it was after a refusal", async () => {
    vi.useFakeTimers();
    const { api, model } = await begun();
    api.refuse = 429;
    model.set("position", 4);
    model.save_changes();
    await vi.advanceTimersByTimeAsync(600);
    expect(api.calls.filter((c) => c.startsWith("view"))).toEqual(["view end", "view 4", "view 4"]);
    expect(model.get("position")).toBe(4);
    api.refuse = 400;
    model.set("position", 2);
    model.save_changes();
    await vi.advanceTimersByTimeAsync(10);
    expect(model.get("position")).toBe(4);
    expect(model.get("feedback")).toMatchObject({ ok: false });
    model.close();
  });

  it("plays nothing: a move is refused in words, the seat cannot change, cancel goes to the server", async () => {
    const { api, model } = await begun();
    model.set("intent", { seq: 3, version: 11, type: "act", key: "play pir-ch-7" });
    model.save_changes();
    expect(model.get("feedback")).toMatchObject({ seq: 3, ok: false, message: expect.stringContaining("nothing is played here") });
    model.set("seat", 1);
    model.save_changes();
    expect(model.get("seat")).toBe(0);
    model.set("intent", { seq: 4, version: 11, type: "review_cancel" });
    model.save_changes();
    await settle();
    expect(api.calls).toContain("cancel");
    expect(model.get("review")).toMatchObject({ state: "cancelled" });
    model.close();
  });
});

describe("a table on the review model", () => {
  it("jumps to a picked decision and marks the move played and the better one, with its reasons", async () => {
    const { api, model, host } = await tableOnReview();
    const panel = host.querySelector<HTMLElement>(".match-review")!;
    expect(panel.hidden).toBe(false); // a review already there shows itself
    expect(panel.dataset.state).toBe("done");
    const flagged = panel.querySelector<HTMLButtonElement>('button.match-review-move[data-index="7"]')!;
    flagged.click();
    await settle();
    expect(api.calls[api.calls.length - 1]).toBe("view 7");
    expect(model.get("position")).toBe(7);
    expect(host.querySelector(".secolo-scrub-label")?.textContent).toBe("replay 7/12");
    expect(host.querySelector(".match-banner")?.textContent).toContain("replay, read-only"); // nobody is waited for
    expect(host.querySelector('[data-card="ind-bw-2"].coach-played')).not.toBeNull();
    expect(host.querySelector('[data-card="sci-ch-4"].coach-better')).not.toBeNull();
    expect(panel.querySelector(".match-review-reasons")?.textContent).toContain("sci-ch-4 keeps the stronger card for later");
    model.close();
  });

  it("marks a move picked where the replay already is (scrubbed there first)", async () => {
    const { api, model, host } = await tableOnReview();
    const scrub = host.querySelector<HTMLInputElement>("input.secolo-scrub")!;
    scrub.value = "7";
    scrub.dispatchEvent(new Event("change"));
    await settle();
    expect(model.get("position")).toBe(7);
    expect(host.querySelector(".coach-played")).toBeNull();
    host.querySelector<HTMLButtonElement>('button.match-review-move[data-index="7"]')!.click();
    await settle();
    expect(api.calls.filter((c) => c === "view 7")).toHaveLength(1); // no second request
    expect(host.querySelector('[data-card="ind-bw-2"].coach-played')).not.toBeNull();
    expect(host.querySelector('[data-card="sci-ch-4"].coach-better')).not.toBeNull();
    model.close();
  });
});
