// Playing without a mouse: the arrow-key logic, the single tab stop of a group, Enter
// acting like a click, and the focus kept across a full redraw.

import { describe, expect, it } from "vitest";
import historyWidget from "../src/history/index";
import type { View as HistoryView } from "../src/history/model";
import persistenceWidget from "../src/persistence/index";
import type { View as MapView } from "../src/persistence/model";
import secoloWidget from "../src/secolo/index";
import type { View as SecoloView } from "../src/secolo/model";
import { rememberFocus, restoreFocus, seatTag } from "../src/shared/a11y";
import { type Point, nearestInDirection, nextItem, rove } from "../src/shared/keyboard";
import plan0 from "./fixtures/history_plan_seat0.json";
import expand0 from "./fixtures/persistence_expand_seat0.json";
import pick from "./fixtures/secolo_pick.json";
import { mountMatch, one, unmountAfterEach } from "./mount-match";

unmountAfterEach();

function key(target: Element, k: string): void {
  target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
}

/** The elements of `root` that Tab stops at (tabindex 0, or a button left in the order). */
function tabStops<T extends Element>(items: T[]): T[] {
  return items.filter((e) => e.getAttribute("tabindex") === "0" || (e.tagName === "BUTTON" && e.getAttribute("tabindex") === null));
}

describe("nearestInDirection", () => {
  // A 3 x 2 grid, screen coordinates (y grows downwards), plus one far off to the right.
  const grid: Point[] = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 20, y: 0 },
    { x: 0, y: 10 },
    { x: 10, y: 10 },
    { x: 20, y: 10 },
  ];

  it("moves along the row or column first", () => {
    expect(nearestInDirection(grid, 0, "right")).toBe(1);
    expect(nearestInDirection(grid, 1, "left")).toBe(0);
    expect(nearestInDirection(grid, 1, "down")).toBe(4);
    expect(nearestInDirection(grid, 4, "up")).toBe(1);
  });

  it("prefers the same row to a closer item on the next row", () => {
    const pts: Point[] = [{ x: 0, y: 0 }, { x: 6, y: 5 }, { x: 14, y: 0 }];
    expect(nearestInDirection(pts, 0, "right")).toBe(2);
  });

  it("answers -1 at the edge", () => {
    expect(nearestInDirection(grid, 2, "right")).toBe(-1);
    expect(nearestInDirection(grid, 0, "up")).toBe(-1);
    expect(nearestInDirection([], 0, "up")).toBe(-1);
  });
});

describe("rove: one tab stop per group", () => {
  it("puts tabindex 0 on the current item only (the first when none is given)", () => {
    const items = [0, 1, 2].map(() => document.createElement("div"));
    rove(items, items[1]);
    expect(items.map((e) => e.getAttribute("tabindex"))).toEqual(["-1", "0", "-1"]);
    rove(items, null);
    expect(items.map((e) => e.getAttribute("tabindex"))).toEqual(["0", "-1", "-1"]);
  });
});

describe("seatTag: the letter on a player's pieces", () => {
  it("is the number of a 'Player n' name, else the name's initial, else the seat counted from 1", () => {
    expect(seatTag("Player 2", 1)).toBe("2");
    expect(seatTag("blue", 0)).toBe("B");
    expect(seatTag(undefined, 0)).toBe("1");
  });
});

describe("the Persistence map with the keyboard", () => {
  const view = expand0 as unknown as MapView;

  it("is one tab stop; the arrows move between areas by where they lie; Enter chooses", () => {
    const ctx = mountMatch(persistenceWidget, view, 0);
    const areas = [...ctx.root.querySelectorAll<SVGPathElement>("path.poc-area")];
    expect(tabStops(areas)).toHaveLength(1);
    const egypt = one<SVGPathElement>(ctx.root, 'path[data-area="egypt"]');
    egypt.focus();
    key(egypt, "ArrowRight");
    const now = document.activeElement as SVGPathElement;
    expect(now).not.toBe(egypt);
    const x = (e: Element) => Number((e.getAttribute("data-label") ?? "0,0").split(",")[0]);
    expect(x(now)).toBeGreaterThan(x(egypt));
    expect(tabStops(areas)).toEqual([now]);

    const anatolia = one<SVGPathElement>(ctx.root, 'path[data-area="anatolia"]');
    anatolia.focus();
    key(anatolia, "Enter");
    expect(ctx.intent()).toMatchObject({ type: "act", key: "enter anatolia" });
  });

  it("names each area with what stands on it and whether it can be chosen", () => {
    const ctx = mountMatch(persistenceWidget, view, 0);
    const anatolia = one(ctx.root, 'path[data-area="anatolia"]').getAttribute("aria-label") ?? "";
    expect(anatolia).toMatch(/^Anatolia, land/);
    expect(anatolia).toContain("you may choose it");
    const egypt = one(ctx.root, 'path[data-area="egypt"]').getAttribute("aria-label") ?? "";
    expect(egypt).toMatch(/Blue's .* Capital/);
  });
});

describe("card tables with the keyboard", () => {
  it("Secolo: one tab stop among the cards, on a card one may use; Enter picks it", () => {
    const ctx = mountMatch(secoloWidget, pick as unknown as SecoloView, null);
    const cards = [...ctx.root.querySelectorAll<HTMLElement>(".secolo-card[data-card]")];
    const stops = tabStops(cards);
    expect(stops).toHaveLength(1);
    expect(stops[0].classList.contains("is-option")).toBe(true);
    stops[0].focus();
    key(stops[0], "Enter");
    expect(ctx.intent()).toMatchObject({ type: "act", key: `pick ${stops[0].dataset.card}` });
  });

  it("History: the arrows move between cards; the focus survives a redraw of the table", () => {
    const view = plan0 as unknown as HistoryView;
    const ctx = mountMatch(historyWidget, view, 0);
    const cards = () => [...ctx.root.querySelectorAll<HTMLElement>(".hccg-card[data-card]")];
    expect(tabStops(cards())).toHaveLength(1);
    const first = cards()[0];
    first.focus();
    key(first, "ArrowRight");
    const moved = document.activeElement as HTMLElement;
    expect(moved).not.toBe(first);
    expect(moved.classList.contains("hccg-card")).toBe(true);
    const id = moved.dataset.card;
    // A new view (the same position drawn again) replaces every card element.
    ctx.model.set("view", { ...structuredClone(view), version: view.version + 1 });
    const again = document.activeElement as HTMLElement;
    expect(again).not.toBe(moved);
    expect(again.dataset.card).toBe(id);
    expect(tabStops(cards())).toEqual([again]);
  });
});

describe("rememberFocus / restoreFocus", () => {
  it("finds the successor of a replaced element by its data-* identity", () => {
    const root = document.createElement("div");
    document.body.appendChild(root);
    const make = () => {
      root.replaceChildren();
      for (const id of ["a", "b"]) {
        const b = document.createElement("button");
        b.dataset.key = id;
        root.appendChild(b);
      }
    };
    make();
    (root.children[1] as HTMLElement).focus();
    const mark = rememberFocus(root);
    make();
    expect(document.activeElement).toBe(document.body);
    restoreFocus(root, mark);
    expect((document.activeElement as HTMLElement).dataset.key).toBe("b");
  });

  it("does nothing when the focus was elsewhere", () => {
    const root = document.createElement("div");
    document.body.appendChild(root);
    expect(rememberFocus(root)).toBeNull();
  });
});

describe("nextItem", () => {
  it("falls back to reading order when nothing has a place on screen", () => {
    const flat: Point[] = [{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }];
    expect(nextItem(flat, 0, "right")).toBe(1);
    expect(nextItem(flat, 1, "up")).toBe(0);
    expect(nextItem(flat, 2, "down")).toBe(-1);
  });
});

describe("screen readers: the prompt and Python's answer are polite live regions", () => {
  it("in the Persistence map, the History table and the Secolo table", () => {
    const mounted = [
      [mountMatch(persistenceWidget, expand0 as unknown as MapView, 0), "poc"],
      [mountMatch(historyWidget, plan0 as unknown as HistoryView, 0), "hccg"],
      [mountMatch(secoloWidget, pick as unknown as SecoloView, null), "secolo"],
    ] as const;
    for (const [ctx, p] of mounted) {
      const prompt = one(ctx.root, `.${p}-prompt`);
      expect(prompt.getAttribute("aria-live")).toBe("polite");
      expect(prompt.textContent).not.toBe("");
      expect(one(ctx.root, `.${p}-feedback`).getAttribute("aria-live")).toBe("polite");
    }
  });
});
