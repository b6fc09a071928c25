// Issue #18 on the three match front ends built on js/src/shared: a game-changing click
// is acknowledged at once (its control and the clicked card or area are marked pending)
// while nothing of the game changes on the page until Python answers.
import { afterEach, describe, expect, it, vi } from "vitest";
import history from "../src/history/index";
import type { View as HistoryView } from "../src/history/model";
import persistence from "../src/persistence/index";
import type { View as PersistenceView } from "../src/persistence/model";
import secolo from "../src/secolo/index";
import type { View as SecoloView } from "../src/secolo/model";
import { PENDING_TIMEOUT_MS, PendingMark } from "../src/shared/pending";
import { mountMatch, unmountAfterEach } from "./mount-match";
import shrink1 from "./fixtures/history_shrink_seat1.json";
import expand0 from "./fixtures/persistence_expand_seat0.json";
import act0 from "./fixtures/secolo_act_seat0.json";

const ACT0 = act0 as unknown as SecoloView;
const EXPAND0 = expand0 as unknown as PersistenceView;
const SHRINK1 = shrink1 as unknown as HistoryView;

function mount(front: Parameters<typeof mountMatch>[0], view: object, seat: number | null) {
  const ctx = mountMatch(front, view as never, seat);
  return { ...ctx, seq: () => ctx.intent().seq as number };
}

let ctx: ReturnType<typeof mount> | undefined;
unmountAfterEach();
afterEach(() => vi.useRealTimers());

const pendingKeys = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLElement>(".is-pending:not(.match-app)")].map(
    (e) => e.dataset.key ?? e.dataset.card ?? e.dataset.area,
  );

describe("the pending mark (shared by the Secolo table, the world map and the History table)", () => {
  it("Secolo: an action button is marked at once; the table still shows Python's last view", () => {
    ctx = mount(secolo, ACT0, 0);
    const status = ctx.el.querySelector(".secolo-status")!.textContent;
    const hand = ctx.el.querySelector('.secolo-hand[data-seat="0"]')!.innerHTML;
    const end = ctx.el.querySelector<HTMLButtonElement>('.secolo-action[data-key="end"]')!;
    end.click();
    expect(end.classList.contains("is-pending")).toBe(true);
    expect(end.getAttribute("aria-busy")).toBe("true");
    expect(ctx.root.classList.contains("is-pending")).toBe(true);
    expect(ctx.root.dataset.pendingSeq).toBe(String(ctx.seq()));
    expect(ctx.el.querySelector(".secolo-status")!.textContent).toBe(status);
    expect(ctx.el.querySelector('.secolo-hand[data-seat="0"]')!.innerHTML.replace(/ ?is-pending/g, "")).toBe(
      hand.replace(/ ?is-pending/g, ""),
    );
  });

  it("Secolo: a card click that sends an action moves the highlight to that card until Python answers", () => {
    ctx = mount(secolo, ACT0, 0);
    const target = () => ctx!.el.querySelector<HTMLElement>('.secolo-card[data-card="pir-ch-4"]')!;
    target().click(); // picks the target (several actions use it): nothing is sent
    expect(ctx.root.classList.contains("is-pending")).toBe(false);
    expect(target().classList.contains("is-picked")).toBe(true);
    ctx.el.querySelector<HTMLElement>('.secolo-card[data-card="atk-18"]')!.click();
    const key = "attack atk-18 ind-ch-5 ind-pr-1 pir-ch-4";
    expect(ctx.model.get("intent")).toMatchObject({ type: "act", key });
    const atk = ctx.el.querySelector<HTMLElement>('.secolo-card[data-card="atk-18"]')!;
    expect(atk.classList.contains("is-pending")).toBe(true);
    expect(target().classList.contains("is-picked")).toBe(false);
    // A feedback with no seq (a bot's move) or an older seq is not the answer.
    const seq = ctx.seq();
    ctx.model.set("feedback", { seq: null, ok: true, message: "Bot moved.", n: 1 });
    ctx.model.set("feedback", { seq: seq - 1, ok: false, message: "old", n: 2 });
    expect(atk.classList.contains("is-pending")).toBe(true);
    ctx.model.set("feedback", { seq, ok: false, message: "Refused", rule_id: "attack.protected", n: 3 });
    expect(ctx.el.querySelectorAll(".is-pending")).toHaveLength(0);
    expect(atk.hasAttribute("aria-busy")).toBe(false);
    expect(ctx.root.classList.contains("is-pending")).toBe(false);
    expect(ctx.root.dataset.pendingSeq).toBeUndefined();
  });

  it("Secolo: the mark survives a redraw before the answer, and undo is marked too", () => {
    ctx = mount(secolo, { ...ACT0, can_undo: true }, 0);
    ctx.el.querySelector<HTMLButtonElement>('.secolo-action[data-key="end"]')!.click();
    ctx.el.querySelector<HTMLElement>('.secolo-card[data-card="cat-pr-1"]')!.click(); // a hint: redraws
    expect(ctx.el.querySelector(".secolo-hint")).not.toBeNull();
    expect(pendingKeys(ctx.el)).toContain("end");
    ctx.model.set("feedback", { seq: ctx.seq(), ok: true, message: "Played.", n: 1 });
    const undo = ctx.el.querySelector<HTMLButtonElement>('button[data-intent="undo"]')!;
    undo.click();
    expect(undo.classList.contains("is-pending")).toBe(true);
    ctx.model.set("feedback", { seq: ctx.seq(), ok: true, message: "Undo done.", n: 2 });
    expect(undo.classList.contains("is-pending")).toBe(false);
  });

  it("a new position from Python clears the mark too; the same position does not", () => {
    ctx = mount(secolo, ACT0, 0);
    ctx.el.querySelector<HTMLButtonElement>('.secolo-action[data-key="end"]')!.click();
    ctx.model.set("view", structuredClone(ACT0) as never);
    expect(pendingKeys(ctx.el)).toEqual(["end"]);
    ctx.model.set("view", { ...structuredClone(ACT0), version: ACT0.version + 1 } as never);
    expect(ctx.el.querySelectorAll(".is-pending")).toHaveLength(0);
    expect(ctx.root.classList.contains("is-pending")).toBe(false);
  });

  it("world map: a click on a land marks the land and its button until the answer", () => {
    ctx = mount(persistence, EXPAND0, 0);
    ctx.el.querySelector('path.poc-area[data-area="anatolia"]')!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ctx.model.get("intent")).toMatchObject({ key: "enter anatolia" });
    expect(ctx.el.querySelector('path.poc-area[data-area="anatolia"]')!.classList.contains("is-pending")).toBe(true);
    expect(ctx.root.classList.contains("is-pending")).toBe(true);
    ctx.model.set("feedback", { seq: ctx.seq(), ok: true, message: "Played.", n: 1 });
    expect(ctx.el.querySelectorAll(".is-pending")).toHaveLength(0);
  });

  it("History table: a card click marks the card; a kernel that does not answer stops blocking after a while", () => {
    vi.useFakeTimers();
    ctx = mount(history, SHRINK1, 1);
    ctx.el.querySelector<HTMLElement>('.hccg-card[data-card="1-07"]')!.click();
    expect(ctx.model.get("intent")).toMatchObject({ key: "shrink 1-07" });
    expect(pendingKeys(ctx.el)).toContain("1-07");
    vi.advanceTimersByTime(PENDING_TIMEOUT_MS + 1);
    expect(ctx.root.classList.contains("is-pending")).toBe(false);
    expect(ctx.root.classList.contains("is-pending-long")).toBe(true);
    ctx.model.set("feedback", { seq: ctx.seq(), ok: true, message: "Played.", n: 1 });
    expect(ctx.root.classList.contains("is-pending-long")).toBe(false);
    expect(ctx.el.querySelectorAll(".is-pending")).toHaveLength(0);
  });

  it("PendingMark alone: a new mark replaces the old one, and clear() removes it", () => {
    const root = document.createElement("div");
    root.innerHTML = '<button data-key="a"></button><button data-key="b"></button><span data-card="c"></span>';
    const mark = new PendingMark(root);
    mark.mark(1, { key: "a", card: "c" });
    expect(pendingKeys(root)).toEqual(["a", "c"]);
    mark.mark(2, { key: "b" });
    expect(pendingKeys(root)).toEqual(["b"]);
    expect(mark.waiting).toBe(2);
    mark.answer(1);
    expect(mark.waiting).toBe(2);
    mark.clear();
    expect(pendingKeys(root)).toEqual([]);
    expect(mark.waiting).toBeNull();
  });
});
