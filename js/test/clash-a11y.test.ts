// Clash of Cultures for keyboard and screen-reader players: the board's cursor is read
// out, cities and units carry names, Enter on a control inside the board acts natively.

import { afterEach, describe, expect, it } from "vitest";
import type { View } from "../src/coc/model";
import view2p from "./fixtures/view2p.json";
import { mountWidget } from "./mount";

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.replaceChildren();
});

function setup() {
  const ctx = mountWidget(view2p as unknown as View);
  cleanup = ctx.cleanup;
  const root = ctx.el.querySelector(".clash-widget") as HTMLElement;
  const key = (k: string, target: Element = root) =>
    target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  return { ...ctx, root, key };
}

describe("Clash board accessibility", () => {
  it("reads the cursor's hex out in a polite live region", () => {
    const { root, key, el } = setup();
    const said = el.querySelector<HTMLElement>(".match-sr-only[aria-live='polite']")!;
    expect(said).not.toBeNull();
    key("ArrowDown");
    const cursor = root.querySelector("polygon.clash-hex.is-cursor")!;
    // the hex in the engine's words (the view's place), not its coordinates
    const q = Number(cursor.getAttribute("data-q")), r = Number(cursor.getAttribute("data-r"));
    const place = ((view2p as unknown as View).hexes as unknown as { q: number; r: number; place: string }[]).find((h) => h.q === q && h.r === r)!.place;
    expect(said.textContent).toContain(place);
    expect(said.textContent).not.toMatch(/-?\d+,-?\d+/);
  });

  it("names every city and unit (the board is a group, not one picture)", () => {
    const { el } = setup();
    expect(el.querySelector("svg.clash-board")!.getAttribute("role")).toBe("group");
    const cities = [...el.querySelectorAll("g.clash-city")];
    expect(cities.length).toBeGreaterThan(0);
    for (const c of cities) {
      expect(c.getAttribute("role")).toBe("img");
      expect(c.getAttribute("aria-label")).toMatch(/'s (capital|(\w+ )?city)[^,]*, size \d+, (happy|neutral|angry)/);
      expect(c.getAttribute("aria-label")).not.toMatch(/-?\d+,-?\d+/);
    }
    for (const u of el.querySelectorAll("g.clash-unit")) expect(u.getAttribute("aria-label")).toMatch(/: \d+ \w+ at /);
  });

  it("leaves Enter on a button inside the board to the button (no hex is selected)", () => {
    const { root, key, model } = setup();
    key("ArrowDown"); // a cursor exists: the board's Enter would select its hex
    const before = JSON.stringify(model.get("intent"));
    const button = root.querySelector<HTMLButtonElement>("button")!;
    key("Enter", button);
    expect(JSON.stringify(model.get("intent"))).toBe(before);
    key(" ");
    expect((model.get("intent") as { type: string }).type).toBe("select");
  });
});
