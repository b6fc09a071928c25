// A game-changing click is acknowledged at once (the control is marked pending) and
// nothing of the game changes on the page until Python answers.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PENDING_TIMEOUT_MS } from "../src/coc/app";
import type { View } from "../src/coc/model";
import synthetic from "./fixtures/view2p_synthetic.json";
import { mountWidget } from "./mount";

const VIEW = synthetic as unknown as View;

let ctx: ReturnType<typeof mountWidget>;
beforeEach(() => {
  document.body.replaceChildren();
});
afterEach(() => {
  ctx?.cleanup();
  vi.useRealTimers();
});

function root(): HTMLElement {
  return ctx.el.querySelector(".clash-widget") as HTMLElement;
}

function generalButton(key: string): HTMLButtonElement {
  return ctx.el.querySelector(`.clash-actions-general button[data-key="${key}"]`) as HTMLButtonElement;
}

describe("pending clicks", () => {
  it("marks the clicked action at once and draws no new state before Python answers", () => {
    ctx = mountWidget(VIEW);
    const status = ctx.el.querySelector(".clash-status")!.textContent;
    const btn = generalButton("end_turn");
    btn.click();
    const intent = ctx.model.get("intent") as { seq: number };
    expect(btn.classList.contains("is-pending")).toBe(true);
    expect(btn.getAttribute("aria-busy")).toBe("true");
    expect(root().classList.contains("is-pending")).toBe(true);
    expect(root().dataset.pendingSeq).toBe(String(intent.seq));
    // Every button for the same action (e.g. the full list) shows it too.
    for (const b of ctx.el.querySelectorAll<HTMLElement>('button[data-key="end_turn"]')) {
      expect(b.classList.contains("is-pending")).toBe(true);
    }
    // The game on the page is still Python's last view.
    expect(ctx.el.querySelector(".clash-status")!.textContent).toBe(status);
    expect(ctx.el.querySelector(".clash-feedback")!.textContent).toBe("");
  });

  it("Python's answer to that click clears the mark; an answer to an older one does not", () => {
    ctx = mountWidget(VIEW);
    const btn = generalButton("end_turn");
    btn.click();
    const seq = (ctx.model.get("intent") as { seq: number }).seq;
    ctx.model.set("feedback", { seq: null, ok: true, message: "Heuristic bot: played.", n: 1 });
    expect(btn.classList.contains("is-pending")).toBe(true);
    ctx.model.set("feedback", { seq: seq - 1, ok: false, message: "old", n: 2 });
    expect(btn.classList.contains("is-pending")).toBe(true);
    ctx.model.set("feedback", { seq, ok: false, message: "Refused: end_turn", n: 3 });
    expect(btn.classList.contains("is-pending")).toBe(false);
    expect(btn.hasAttribute("aria-busy")).toBe(false);
    expect(root().classList.contains("is-pending")).toBe(false);
    expect(root().dataset.pendingSeq).toBeUndefined();
  });

  it("undo is marked pending too; a hex click is not (selection is the page's own)", () => {
    ctx = mountWidget({ ...VIEW, can_undo: true });
    const undo = ctx.el.querySelector('button[data-intent="undo"]') as HTMLButtonElement;
    undo.click();
    expect(undo.classList.contains("is-pending")).toBe(true);
    ctx.model.set("feedback", { seq: 1, ok: true, message: "Undo done.", n: 1 });
    expect(undo.classList.contains("is-pending")).toBe(false);
    const hex = ctx.el.querySelector("polygon.clash-hex") as SVGPolygonElement;
    hex.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(root().classList.contains("is-pending")).toBe(false);
  });

  it("a kernel that does not answer stops blocking the buttons after a while", () => {
    vi.useFakeTimers();
    ctx = mountWidget(VIEW);
    generalButton("end_turn").click();
    expect(root().classList.contains("is-pending")).toBe(true);
    vi.advanceTimersByTime(PENDING_TIMEOUT_MS + 1);
    expect(root().classList.contains("is-pending")).toBe(false);
    expect(root().classList.contains("is-pending-long")).toBe(true);
    ctx.model.set("feedback", { seq: 1, ok: true, message: "Played end_turn.", n: 1 });
    expect(root().classList.contains("is-pending-long")).toBe(false);
  });
});
