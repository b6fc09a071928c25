import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { advanceGroups, legalFor } from "../src/coc/advances";
import type { View } from "../src/coc/model";
import { Panels } from "../src/coc/panels";
import fixture from "./fixtures/view_advances.json";
import { mountWidget } from "./mount";

// A real view (make_advances_fixture.py): seat 0 to move owns Farming, Mining and
// Writing and can pay; seat 1 cannot pay for anything.
const VIEW = fixture as unknown as View;

function panels(view: View = VIEW) {
  const sent: string[] = [];
  const parent = document.createElement("div");
  document.body.appendChild(parent);
  const p = new Panels(parent, (key) => sent.push(key));
  p.update(structuredClone(view));
  return { el: p.el, sent };
}

function chip(el: HTMLElement, seat: number, id: string): HTMLButtonElement {
  const b = el.querySelector(`.clash-player[data-seat="${seat}"] .clash-adv-chip[data-advance="${id}"]`);
  if (!b) throw new Error(`no chip ${id} for seat ${seat}`);
  return b as HTMLButtonElement;
}

function detail(el: HTMLElement, seat: number): HTMLElement {
  return el.querySelector(`.clash-player[data-seat="${seat}"] .clash-adv-detail`) as HTMLElement;
}

beforeEach(() => document.body.replaceChildren());

describe("advance statuses", () => {
  it("decode the 12 groups in order with Python's states and rules", () => {
    const groups = advanceGroups(VIEW.advance_tree, VIEW.players[0].advance_status);
    expect(groups).toHaveLength(12);
    expect(groups[0].name).toBe("Agriculture");
    const byId = new Map(groups.flatMap((g) => g.cells).map((c) => [c.id, c]));
    expect(byId.get("mining")?.state).toBe("owned");
    expect(byId.get("engineering")?.state).toBe("available");
    expect(byId.get("sanitation")?.state).toBe("locked");
    expect(byId.get("sanitation")?.rule?.[0]).toBe("research.prerequisite");
    expect(byId.get("voting")?.rule?.[0]).toBe("research.government-prerequisite");
    const seat1 = advanceGroups(VIEW.advance_tree, VIEW.players[1].advance_status);
    const eng = seat1.flatMap((g) => g.cells).find((c) => c.id === "engineering");
    expect(eng?.state).toBe("unaffordable");
    expect(eng?.rule?.[0]).toBe("research.cost");
  });

  it("are empty without the data (older views)", () => {
    expect(advanceGroups(undefined, "oa")).toEqual([]);
    expect(advanceGroups(VIEW.advance_tree, undefined)).toEqual([]);
  });

  it("offer an action only from the legal list and only to the deciding seat", () => {
    expect(legalFor(VIEW, 0, "engineering")?.key).toBe("research engineering");
    expect(legalFor(VIEW, 0, "sanitation")).toBeUndefined();
    expect(legalFor(VIEW, 1, "engineering")).toBeUndefined();
    const noLegal = { ...VIEW, legal: [] };
    expect(legalFor(noLegal, 0, "engineering")).toBeUndefined();
  });
});

describe("advances panel", () => {
  it("draws one chip per advance with its state, and the reason as a tooltip", () => {
    const { el } = panels();
    expect(el.querySelectorAll('.clash-player[data-seat="0"] .clash-adv-chip')).toHaveLength(48);
    expect(el.querySelectorAll('.clash-player[data-seat="0"] .clash-adv-col')).toHaveLength(12);
    expect(chip(el, 0, "mining").classList.contains("is-owned")).toBe(true);
    expect(chip(el, 0, "engineering").classList.contains("is-available")).toBe(true);
    expect(chip(el, 0, "engineering").classList.contains("is-legal")).toBe(true);
    expect(chip(el, 1, "engineering").classList.contains("is-unaffordable")).toBe(true);
    expect(chip(el, 1, "engineering").classList.contains("is-legal")).toBe(false);
    const locked = chip(el, 0, "sanitation");
    expect(locked.classList.contains("is-locked")).toBe(true);
    const rule = VIEW.advance_tree!.rules[VIEW.players[0].advance_status![6]];
    expect(locked.title).toContain("[research.prerequisite]");
    expect(locked.title).toContain(rule[1]);
    expect(el.querySelector('.clash-player[data-seat="0"] .clash-adv-head')?.textContent).toContain("3");
  });

  it("shows the rule on click and keeps it open across redraws", () => {
    const parent = document.createElement("div");
    const p = new Panels(parent);
    p.update(structuredClone(VIEW));
    expect(detail(p.el, 0).hidden).toBe(true);
    chip(p.el, 0, "sanitation").click();
    const d = detail(p.el, 0);
    expect(d.hidden).toBe(false);
    expect(d.querySelector(".clash-rule-id")?.textContent).toBe("research.prerequisite");
    expect(chip(p.el, 0, "sanitation").getAttribute("aria-pressed")).toBe("true");
    // A new view (another action happened) redraws the panels: the detail stays.
    p.update({ ...structuredClone(VIEW), turn: { ...VIEW.turn, actions_left: 2 } });
    expect(detail(p.el, 0).querySelector(".clash-rule-id")?.textContent).toBe("research.prerequisite");
    chip(p.el, 0, "sanitation").click();
    expect(detail(p.el, 0).hidden).toBe(true);
  });

  it("turns a click on an available advance into the legal research key", () => {
    const { el, sent } = panels();
    chip(el, 0, "engineering").click();
    const btn = detail(el, 0).querySelector("button.clash-adv-act") as HTMLButtonElement;
    expect(btn.textContent).toBe("Research Engineering");
    btn.click();
    expect(sent).toEqual(["research engineering"]);
    // Locked, owned and other seats' advances offer nothing.
    for (const [seat, id] of [
      [0, "sanitation"],
      [0, "mining"],
      [1, "engineering"],
    ] as const) {
      chip(el, seat, id).click();
      expect(detail(el, seat).querySelector("button.clash-adv-act")).toBeNull();
    }
  });

  it("reuses a player's chips when only others changed, and redraws on a change", () => {
    const parent = document.createElement("div");
    const p = new Panels(parent);
    p.update(structuredClone(VIEW));
    const block = (seat: number) => p.el.querySelector(`.clash-player[data-seat="${seat}"] .clash-adv`);
    const [a0, a1] = [block(0), block(1)];
    const next = structuredClone(VIEW);
    next.players[1].resources.food = 2; // seat 1 can now pay: its status changes
    next.players[1].advance_status = next.players[1].advance_status!.replace(/\$/g, "a");
    p.update(next);
    expect(block(0)).toBe(a0);
    expect(block(1)).not.toBe(a1);
    expect(chip(p.el, 1, "engineering").classList.contains("is-available")).toBe(true);
  });

  it("is one tab stop per player, moved with the arrow keys", () => {
    const { el } = panels();
    const seat0 = [...el.querySelectorAll<HTMLButtonElement>('.clash-player[data-seat="0"] .clash-adv-chip')];
    expect(seat0.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    const first = seat0.find((b) => b.tabIndex === 0)!;
    expect(first.dataset.advance).toBe("farming");
    first.focus();
    first.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(document.activeElement).toBe(chip(el, 0, "mining"));
    chip(el, 0, "mining").dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(document.activeElement).toBe(chip(el, 0, "engineering"));
    expect(seat0.filter((b) => b.tabIndex === 0)).toEqual([chip(el, 0, "engineering")]);
  });
});

describe("advances in the widget", () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  it("sends the research intent with the view's version", () => {
    const mounted = mountWidget(VIEW);
    const { model, el } = mounted;
    cleanup = mounted.cleanup;
    chip(el, 0, "engineering").click();
    (detail(el, 0).querySelector("button.clash-adv-act") as HTMLButtonElement).click();
    expect(model.get("intent")).toMatchObject({ type: "act", key: "research engineering", version: VIEW.version });
  });
});
