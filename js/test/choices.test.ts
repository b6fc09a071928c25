// The choices the board takes before the engine would ask (views from
// fixtures/make_choice_fixtures.py): a click on one unit of a stack whose units differ
// names it in the move's key (pick:), and a "pay with" choice beside an action names the
// payment. The widget only shows Python's words and sends Python's keys.

import { afterEach, describe, expect, it } from "vitest";
import { withPick } from "../src/coc/actions";
import type { LegalAction, View } from "../src/coc/model";
import buildView from "./fixtures/choices_build.json";
import moveView from "./fixtures/choices_move.json";
import { mountWidget } from "./mount";

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.replaceChildren();
});

function mount(view: unknown) {
  const ctx = mountWidget(view as View);
  cleanup = ctx.cleanup;
  const root = ctx.el.querySelector(".clash-widget") as HTMLElement;
  const intent = () => ctx.model.get("intent") as { type: string; key?: string; q?: number; r?: number };
  return { ...ctx, root, intent };
}

const LOADED = "0@3,-1:ship-carrying-s1";
const EMPTY = "0@3,-1:ship-empty";
const part = (root: HTMLElement, ref: string) => root.querySelector<SVGGElement>(`g.clash-unit-part[data-pick="${ref}"]`)!;
const hexButtons = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLButtonElement>(".clash-actions-hex button.clash-action")].map((b) => b.dataset.key);

describe("click one unit of a stack", () => {
  it("draws each kind of unit of a mixed stack as its own named button with data-*", () => {
    const { root } = mount(moveView);
    const parts = [...root.querySelectorAll<SVGGElement>("g.clash-unit-part")];
    expect(parts.map((g) => g.dataset.pick).sort()).toEqual([LOADED, EMPTY]);
    const loaded = part(root, LOADED);
    expect(loaded.getAttribute("role")).toBe("button");
    expect(loaded.getAttribute("tabindex")).toBe("0");
    expect(loaded.getAttribute("aria-pressed")).toBe("false");
    expect(loaded.getAttribute("aria-label")).toBe("Blue: the ship carrying 1 settler at the sea 2 hexes north-east of Blue's capital, choose it");
    expect(loaded.dataset.kind).toBe("ship");
    expect(loaded.dataset.count).toBe("1");
    // Its cargo as a small settler (the wagon) over the ship, not the cryptic "+S".
    const cargo = [...loaded.querySelectorAll<SVGGElement>(".clash-cargo")];
    expect(cargo.map((g) => [g.dataset.kind, g.dataset.count])).toEqual([["settler", "1"]]);
    expect(cargo[0].querySelector('[data-shape="wagon"]')).not.toBeNull();
    expect(loaded.textContent).not.toContain("+S");
    expect(part(root, EMPTY).querySelector(".clash-unit-badge-tag")).toBeNull();
    // A stack of alike units stays one picture (the settler aboard).
    const settler = root.querySelector<SVGGElement>('g.clash-unit-settler[data-q="3"][data-r="-1"]')!;
    expect(settler.getAttribute("role")).toBe("img");
    expect(settler.dataset.pick).toBeUndefined();
  });

  it("draws the parts apart but as pictures when no legal move can name them", () => {
    const { root } = mount(buildView); // building: no move to choose units for
    const parts = [...root.querySelectorAll<SVGGElement>("g.clash-unit-part")];
    expect(parts.map((g) => g.dataset.part).sort()).toEqual([LOADED, EMPTY]);
    for (const g of parts) {
      expect(g.getAttribute("role")).toBe("img");
      expect(g.hasAttribute("tabindex")).toBe(false);
      expect(g.dataset.pick).toBeUndefined();
    }
    expect(part(root, LOADED)).toBeNull();
  });

  it("a click picks the unit, selects its hex, and the move names it (pick:)", () => {
    const { root, intent } = mount(moveView);
    part(root, LOADED).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(intent()).toMatchObject({ type: "select", q: 3, r: -1 });
    expect(part(root, LOADED).getAttribute("aria-pressed")).toBe("true");
    expect(part(root, LOADED).classList.contains("is-picked")).toBe(true);
    expect(part(root, EMPTY).getAttribute("aria-pressed")).toBe("false");
    const keys = hexButtons(root);
    expect(keys).toContain("group 3,-1 2,-1 h1 pick:ship-carrying-s1");
    expect(keys).not.toContain("group 3,-1 2,-1 h1 pick:ship-empty");
    expect(keys).not.toContain("group 3,-1 2,-1 h1");
    expect(root.querySelector(".clash-pick-hint")!.textContent).toBe(
      "Chosen: the ship carrying 1 settler (click it again to undo).",
    );
    const b = root.querySelector<HTMLButtonElement>('.clash-actions-hex button[data-key="group 3,-1 2,-1 h1 pick:ship-carrying-s1"]')!;
    expect(b.textContent).toBe("Move 1 ship from the sea 2 hexes north-east of Blue's capital north-west to the sea: the ship carrying 1 settler");
    b.click();
    expect(intent()).toMatchObject({ type: "act", key: "group 3,-1 2,-1 h1 pick:ship-carrying-s1" });
  });

  it("the ship clicked is the one a settler from the shore boards", () => {
    const { root, intent } = mount(moveView);
    part(root, EMPTY).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const board = "group 2,0 3,-1 s1 pick:aboard-ship-empty+settler-fresh";
    expect(hexButtons(root)).toEqual(expect.arrayContaining([board, "group 3,-1 2,-1 h1 pick:ship-empty"]));
    expect(hexButtons(root)).not.toContain("group 2,0 3,-1 s1 pick:aboard-ship-carrying-s1+settler-fresh");
    const b = root.querySelector<HTMLButtonElement>(`.clash-actions-hex button[data-key="${board}"]`)!;
    expect(b.textContent).toBe("Move 1 settler from the grassland north-east of Blue's capital north-east to the sea: aboard the empty ship");
    b.click();
    expect(intent()).toMatchObject({ type: "act", key: board });
  });

  it("Enter picks, Space unpicks, and the focus stays on the unit", () => {
    const { root } = mount(moveView);
    const g = part(root, EMPTY);
    g.focus();
    g.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    expect(g.getAttribute("aria-pressed")).toBe("true");
    expect(hexButtons(root)).toContain("group 3,-1 2,-1 h1 pick:ship-empty");
    expect(document.activeElement).toBe(g);
    g.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true }));
    expect(g.getAttribute("aria-pressed")).toBe("false");
    // No unit chosen: the plain move (the game asks after) and a hint saying what to click.
    expect(hexButtons(root)).toContain("group 3,-1 2,-1 h1");
    expect(root.querySelector(".clash-pick-hint")!.textContent).toContain("click it on the map");
  });

  it("a move that also asks how to pay keeps its pay-with choice once a unit is picked", () => {
    const view = structuredClone(moveView) as unknown as View;
    const move = view.legal.find((a) => a.key === "group 3,-1 2,-1 h1")!;
    const pick = move.picks!.find((p) => p.parts.includes(LOADED))!;
    pick.payments = [
      { key: `${pick.key} food:1`, label: "1 food" },
      { key: `${pick.key} gold:1`, label: "1 gold" },
    ];
    const { root, intent } = mount(view);
    part(root, LOADED).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const select = root.querySelector<HTMLSelectElement>(`.clash-actions-hex select.clash-pay-select[data-key="${pick.key}"]`)!;
    expect([...select.options].map((o) => o.textContent)).toEqual(["ask me when it is paid", "1 food", "1 gold"]);
    select.value = `${pick.key} gold:1`;
    root.querySelector<HTMLButtonElement>(`.clash-actions-hex button[data-key="${pick.key}"]`)!.click();
    expect(intent()).toMatchObject({ type: "act", key: `${pick.key} gold:1` });
  });

  it("withPick leaves actions that do not name the part as they are", () => {
    const legal = (moveView as unknown as View).legal;
    const here: LegalAction[] = legal.filter((a) => a.key.startsWith("group 3,-1 "));
    expect(withPick(here, null)).toBe(here);
    const out = withPick(here, EMPTY).map((a) => a.key);
    expect(out).toContain("group 3,-1 2,-1 h1 pick:ship-empty");
    expect(out).toContain("group 3,-1 2,-1 h2"); // both ships: nothing to choose
  });
});

describe("pay with gold before it is asked", () => {
  it("puts a pay-with choice in words before an action with more than one payment", () => {
    const { root } = mount(buildView);
    const select = root.querySelector<HTMLSelectElement>('.clash-actions select.clash-pay-select[data-key="unit army"]')!;
    expect(select.getAttribute("aria-label")).toBe("Pay with, for Build an army");
    // Before the button it sets (in reading and Tab order); options that differ in their first word.
    expect(select.nextElementSibling?.matches('button.clash-action[data-key="unit army"]')).toBe(true);
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "ask me when it is paid",
      "1 food and 1 ore",
      "1 food and 1 gold",
      "1 ore and 1 gold",
      "2 gold",
    ]);
    expect(select.value).toBe("");
  });

  it("offers no choice where there is one way to pay", () => {
    const { root } = mount(moveView);
    expect(root.querySelectorAll("button.clash-action").length).toBeGreaterThan(0);
    expect(root.querySelector("select.clash-pay-select")).toBeNull();
  });

  it("sends the key with the payment chosen, or the plain key (the game asks)", () => {
    const { root, intent } = mount(buildView);
    const box = root.querySelector<HTMLElement>(".clash-actions-general")!;
    const select = box.querySelector<HTMLSelectElement>('select.clash-pay-select[data-key="unit army"]')!;
    const button = box.querySelector<HTMLButtonElement>('button.clash-action[data-key="unit army"]')!;
    expect(button.parentElement).toBe(select.parentElement);
    select.value = "unit army food:1+gold:1";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    button.click();
    expect(intent()).toMatchObject({ type: "act", key: "unit army food:1+gold:1" });
  });

  it("the plain click still sends the plain key", () => {
    const { root, intent } = mount(buildView);
    root.querySelector<HTMLButtonElement>('.clash-actions-general button.clash-action[data-key="unit settler"]')!.click();
    expect(intent()).toMatchObject({ type: "act", key: "unit settler" });
  });
});
