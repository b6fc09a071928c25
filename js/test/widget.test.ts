import { placeWords } from "../src/coc/places";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type View, refKeys } from "../src/coc/model";
import view2p from "./fixtures/view2p.json";
import view2pCurrent from "./fixtures/view2p_current.json";
import synthetic from "./fixtures/view2p_synthetic.json";
import view2pTeacher from "./fixtures/view2p_teacher.json";
import { mountWidget } from "./mount";

// The synthetic view shows every feature (barbarians, moods, pieces, log hexes);
// the others come from the real rules core (make_fixtures.py).
const VIEW = synthetic as unknown as View;
const REAL: Record<string, View> = {
  "seat 0 at the start": view2p as unknown as View,
  "deciding seat": view2pCurrent as unknown as View,
  teacher: view2pTeacher as unknown as View,
};

function setup(view: View | Record<string, never> = VIEW) {
  return mountWidget(view);
}

function hexPoly(el: HTMLElement, q: number, r: number): SVGPolygonElement {
  const p = el.querySelector(`polygon.clash-hex[data-q="${q}"][data-r="${r}"]`);
  if (!p) throw new Error(`no hex ${q},${r}`);
  return p as SVGPolygonElement;
}

let ctx: ReturnType<typeof setup>;
beforeEach(() => {
  document.body.replaceChildren();
});
afterEach(() => {
  ctx?.cleanup();
});

describe("board rendering", () => {
  it("draws one polygon per hex with data-q/data-r/data-terrain", () => {
    ctx = setup();
    const polys = ctx.el.querySelectorAll("polygon.clash-hex");
    expect(polys).toHaveLength(VIEW.hexes.length);
    for (const h of VIEW.hexes) {
      const p = hexPoly(ctx.el, h.q, h.r);
      expect(p.getAttribute("data-terrain")).toBe(h.explored && h.terrain ? h.terrain : "unexplored");
      expect(p.getAttribute("data-region")).toBe(String(h.region));
    }
    const keys = new Set([...polys].map((p) => `${p.getAttribute("data-q")},${p.getAttribute("data-r")}`));
    expect(keys.size).toBe(VIEW.hexes.length);
  });

  it("has a focusable root that suppresses JupyterLab shortcuts", () => {
    ctx = setup();
    const root = ctx.el.querySelector(".clash-widget") as HTMLElement;
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect(root.tabIndex).toBe(0);
  });

  it("draws cities with size and mood, and unit stacks with counts", () => {
    ctx = setup();
    const cities = ctx.el.querySelectorAll("g.clash-city");
    expect(cities).toHaveLength(VIEW.cities.length);
    const c0 = VIEW.cities[0];
    const g = ctx.el.querySelector(`g.clash-city[data-q="${c0.q}"][data-r="${c0.r}"]`)!;
    expect(g.getAttribute("data-mood")).toBe(c0.mood);
    expect(g.querySelector(".clash-city-size")!.textContent).toBe(String(c0.size));
    const units = ctx.el.querySelectorAll("g.clash-unit");
    expect(units).toHaveLength(VIEW.units.length);
    const barb = ctx.el.querySelector('g.clash-unit[data-owner="-1"]')!;
    expect(barb.classList.contains("clash-owner-barbarian")).toBe(true);
    for (const u of VIEW.units) {
      const ug = ctx.el.querySelector(
        `g.clash-unit[data-q="${u.q}"][data-r="${u.r}"][data-owner="${u.owner}"][data-kind="${u.kind}"]`,
      )!;
      // A count is a "×N" tag (none for one unit), never a bare number like a city's size.
      if (u.count > 1) expect(ug.querySelector(".clash-unit-count")!.textContent).toBe(`\u00d7${u.count}`);
      else expect(ug.querySelector(".clash-unit-count")).toBeNull();
    }
  });

  it("highlights hexes named by legal actions", () => {
    ctx = setup();
    const legal = new Set(VIEW.legal.flatMap((a) => refKeys(a.hexes)));
    const marked = ctx.el.querySelectorAll("polygon.clash-hex.is-legal");
    expect(marked.length).toBe(legal.size);
    expect(ctx.el.querySelectorAll(".clash-mark-legal").length).toBe(legal.size);
  });

  it("keeps the hex layer when only units change", () => {
    ctx = setup();
    const before = hexPoly(ctx.el, VIEW.hexes[0].q, VIEW.hexes[0].r);
    const v2 = structuredClone(VIEW);
    v2.units = v2.units.slice(1);
    v2.version += 1;
    ctx.model.set("view", v2);
    expect(hexPoly(ctx.el, VIEW.hexes[0].q, VIEW.hexes[0].r)).toBe(before);
    expect(ctx.el.querySelectorAll("g.clash-unit")).toHaveLength(VIEW.units.length - 1);
  });

  it("shows hands only when not null, and resources with limits", () => {
    ctx = setup();
    const panels = ctx.el.querySelectorAll(".clash-player");
    expect(panels).toHaveLength(VIEW.players.length);
    const mine = ctx.el.querySelector('.clash-player[data-seat="0"]')!;
    expect(mine.querySelector(".clash-hand")).not.toBeNull();
    const theirs = ctx.el.querySelector('.clash-player[data-seat="1"]')!;
    expect(theirs.querySelector(".clash-hand")).toBeNull();
    const food = mine.querySelector('[data-resource="food"] .clash-res-value')!;
    expect(food.textContent).toBe(`${VIEW.players[0].resources.food}/${VIEW.players[0].limits.food}`);
  });

  it("shows a waiting message for an empty view", () => {
    ctx = setup({});
    expect(ctx.el.textContent).toContain("Waiting for the game view");
    expect(ctx.el.querySelectorAll("polygon.clash-hex")).toHaveLength(0);
    ctx.model.set("view", structuredClone(VIEW));
    expect(ctx.el.querySelectorAll("polygon.clash-hex")).toHaveLength(VIEW.hexes.length);
  });
});

describe("intents", () => {
  it("clicking a hex sets a NEW intent object with seq incremented and saves", () => {
    ctx = setup();
    const h = VIEW.hexes[5];
    hexPoly(ctx.el, h.q, h.r).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const i1 = ctx.model.get("intent");
    expect(i1).toEqual({ seq: 1, version: VIEW.version, type: "select", q: h.q, r: h.r });
    expect(ctx.model.saves).toHaveLength(1);
    expect(ctx.model.saves[0]).toHaveProperty("intent");
    hexPoly(ctx.el, h.q, h.r).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const i2 = ctx.model.get("intent");
    expect(i2).not.toBe(i1);
    expect(i2).toMatchObject({ seq: 2, type: "select", q: h.q, r: h.r });
    expect(ctx.model.saves).toHaveLength(2);
  });

  it("continues the seq from an intent already in the model", () => {
    ctx = setup();
    ctx.model.set("intent", { seq: 41, version: 0, type: "undo" });
    const h = VIEW.hexes[0];
    hexPoly(ctx.el, h.q, h.r).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ctx.model.get("intent")).toMatchObject({ seq: 42 });
  });

  it("a click on a unit or city selects its hex", () => {
    ctx = setup();
    const u = VIEW.units[0];
    const g = ctx.el.querySelector(`g.clash-unit[data-q="${u.q}"][data-r="${u.r}"]`)!;
    g.querySelector(".clash-unit-shape")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ctx.model.get("intent")).toMatchObject({ type: "select", q: u.q, r: u.r });
  });

  it("shows the legal actions of the selected hex as buttons, and acts on click", () => {
    ctx = setup();
    const a = VIEW.legal.find((x) => x.hexes && x.hexes.length)!;
    const [q, r] = a.hexes![0] as [number, number];
    hexPoly(ctx.el, q, r).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const hexButtons = [...ctx.el.querySelectorAll(".clash-actions-hex button")].map((b) =>
      b.getAttribute("data-key"),
    );
    const expected = VIEW.legal.filter((x) => refKeys(x.hexes).includes(`${q},${r}`)).map((x) => x.key);
    expect(hexButtons).toEqual(expected);
    const general = [...ctx.el.querySelectorAll(".clash-actions-general button")].map((b) =>
      b.getAttribute("data-key"),
    );
    expect(general).toContain("end_turn");
    const btn = ctx.el.querySelector(`.clash-actions-hex button[data-key="${a.key}"]`) as HTMLButtonElement;
    btn.click();
    expect(ctx.model.get("intent")).toEqual({ seq: 2, version: VIEW.version, type: "act", key: a.key });
    expect(ctx.model.saves).toHaveLength(2);
  });

  it("undo and redo buttons send intents and follow can_undo/can_redo", () => {
    ctx = setup();
    const undo = ctx.el.querySelector<HTMLButtonElement>('button[data-intent="undo"]')!;
    const redo = ctx.el.querySelector<HTMLButtonElement>('button[data-intent="redo"]')!;
    expect(undo.disabled).toBe(!VIEW.can_undo);
    expect(redo.disabled).toBe(!VIEW.can_redo);
    undo.click();
    expect(ctx.model.get("intent")).toEqual({ seq: 1, version: VIEW.version, type: "undo" });
  });

  it("keyboard: arrows move the cursor, Enter selects, Escape clears", () => {
    ctx = setup();
    const root = ctx.el.querySelector(".clash-widget") as HTMLElement;
    const key = (k: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key("ArrowDown");
    expect(ctx.el.querySelectorAll("polygon.clash-hex.is-cursor")).toHaveLength(1);
    key("ArrowDown");
    key("Enter");
    const intent = ctx.model.get("intent") as { type: string; q: number; r: number };
    expect(intent.type).toBe("select");
    expect(ctx.el.querySelector(`polygon.clash-hex.is-selected`)!.getAttribute("data-r")).toBe(String(intent.r));
    key("Escape");
    expect(ctx.el.querySelectorAll("polygon.clash-hex.is-selected")).toHaveLength(0);
  });
});

describe("feedback and selection from Python", () => {
  it("renders ok and refused feedback with rule id and section", () => {
    ctx = setup();
    ctx.model.set("feedback", { seq: 1, ok: true, message: "played: end_turn", rule_id: null, section: null });
    const fb = ctx.el.querySelector(".clash-feedback")!;
    expect(fb.classList.contains("is-ok")).toBe(true);
    expect(fb.textContent).toContain("played: end_turn");
    ctx.model.set("feedback", {
      seq: 2,
      ok: false,
      message: "The action was chosen on an older position",
      rule_id: "engine.stale",
      section: "Engine",
    });
    expect(fb.classList.contains("is-refused")).toBe(true);
    expect(fb.querySelector<HTMLElement>(".clash-feedback-section")!.title).toContain("engine.stale");
    expect(fb.textContent).not.toContain("engine.stale");
    expect(fb.querySelector(".clash-feedback-section")!.textContent).toBe("Engine");
    expect(fb.textContent).toContain("older position");
  });

  it("follows the selected trait set by Python", () => {
    ctx = setup();
    const h = VIEW.hexes[3];
    ctx.model.set("selected", { q: h.q, r: h.r, terrain: h.terrain, explored: h.explored, region: h.region, city: null, units: [] });
    expect(hexPoly(ctx.el, h.q, h.r).classList.contains("is-selected")).toBe(true);
    // Named in words (the map hides coordinates); the coordinates in the heading's tooltip.
    const head = ctx.el.querySelector<HTMLElement>(".clash-info h4")!;
    expect(head.textContent).toBe(capitalised(placeWords(VIEW, h.q, h.r)));
    expect(head.textContent).not.toContain(`${h.q},${h.r}`);
    expect(head.title).toBe(`hex ${h.q},${h.r}`);
  });

  it("clicking a log entry highlights its hexes", () => {
    ctx = setup();
    const i = VIEW.log.findIndex((e) => e.hexes && e.hexes.length);
    const li = ctx.el.querySelector(`.clash-log li[data-index="${i}"]`) as HTMLElement;
    li.click();
    const marked = [...ctx.el.querySelectorAll("polygon.clash-hex.is-log")].map(
      (p) => `${p.getAttribute("data-q")},${p.getAttribute("data-r")}`,
    );
    expect(marked.sort()).toEqual(refKeys(VIEW.log[i].hexes).sort());
    li.click();
    expect(ctx.el.querySelectorAll("polygon.clash-hex.is-log")).toHaveLength(0);
  });

  it("cleanup removes the DOM and every model listener", () => {
    ctx = setup();
    expect(ctx.model.listenerCount()).toBeGreaterThan(0);
    ctx.cleanup();
    expect(ctx.model.listenerCount()).toBe(0);
    expect(ctx.el.querySelector(".clash-widget")).toBeNull();
    ctx = { ...ctx, cleanup: () => {} };
  });
});

describe("zoom", () => {
  it("zoom buttons change the viewBox and fit restores it", () => {
    ctx = setup();
    const svg = ctx.el.querySelector("svg.clash-board")!;
    const home = svg.getAttribute("viewBox");
    const zoomIn = [...ctx.el.querySelectorAll(".clash-tool")].find((b) => b.textContent === "+") as HTMLButtonElement;
    zoomIn.click();
    const zoomed = svg.getAttribute("viewBox")!;
    expect(zoomed).not.toBe(home);
    expect(Number(zoomed.split(" ")[2])).toBeLessThan(Number(home!.split(" ")[2]));
    const fit = [...ctx.el.querySelectorAll(".clash-tool")].find((b) => b.textContent === "fit") as HTMLButtonElement;
    fit.click();
    expect(svg.getAttribute("viewBox")).toBe(home);
  });

  it("dragging pans the viewBox and swallows the click after the drag", () => {
    ctx = setup();
    const svg = ctx.el.querySelector("svg.clash-board")!;
    const home = svg.getAttribute("viewBox")!;
    const h = VIEW.hexes[2];
    const poly = hexPoly(ctx.el, h.q, h.r);
    const pe = (type: string, x: number) =>
      new PointerEvent(type, { bubbles: true, button: 0, pointerId: 1, clientX: x, clientY: 10 });
    poly.dispatchEvent(pe("pointerdown", 10));
    poly.dispatchEvent(pe("pointermove", 60));
    poly.dispatchEvent(pe("pointerup", 60));
    poly.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(svg.getAttribute("viewBox")).not.toBe(home);
    expect(ctx.model.saves).toHaveLength(0);
    poly.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ctx.model.saves).toHaveLength(1);
  });

  it("ctrl+wheel zooms, a plain wheel leaves the page scrolling", () => {
    ctx = setup();
    const svg = ctx.el.querySelector("svg.clash-board")!;
    const home = svg.getAttribute("viewBox");
    svg.dispatchEvent(new WheelEvent("wheel", { deltaY: -100, bubbles: true, cancelable: true }));
    expect(svg.getAttribute("viewBox")).toBe(home);
    const e = new WheelEvent("wheel", { deltaY: -100, ctrlKey: true, bubbles: true, cancelable: true });
    // happy-dom's WheelEvent drops the modifier keys of its init dict
    Object.defineProperty(e, "ctrlKey", { value: true });
    svg.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
    expect(svg.getAttribute("viewBox")).not.toBe(home);
  });
});

describe.each(Object.entries(REAL))("real CoC view (%s)", (_name, view) => {
  it("renders one polygon per hex and every city and unit", () => {
    ctx = setup(view);
    expect(ctx.el.querySelectorAll("polygon.clash-hex")).toHaveLength(view.hexes.length);
    for (const h of view.hexes) expect(hexPoly(ctx.el, h.q, h.r)).toBeTruthy();
    expect(ctx.el.querySelectorAll("g.clash-city")).toHaveLength(view.cities.length);
    expect(ctx.el.querySelectorAll("g.clash-unit")).toHaveLength(view.units.filter((u) => u.count > 0).length);
    expect(ctx.el.querySelectorAll(".clash-player")).toHaveLength(view.players.length);
  });

  it("offers the legal actions of each highlighted hex", () => {
    ctx = setup(view);
    const withHex = view.legal.filter((a) => refKeys(a.hexes).length > 0);
    if (!withHex.length) return; // not this seat's decision
    const k = refKeys(withHex[0].hexes)[0];
    const [q, r] = k.split(",").map(Number);
    expect(hexPoly(ctx.el, q, r).classList.contains("is-legal")).toBe(true);
    hexPoly(ctx.el, q, r).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const keys = [...ctx.el.querySelectorAll(".clash-actions-hex button")].map((b) => b.getAttribute("data-key"));
    expect(keys).toContain(withHex[0].key);
  });

  it("log entries with hexes highlight them", () => {
    ctx = setup(view);
    const i = (view.log ?? []).findIndex((e) => refKeys(e.hexes).length > 0);
    if (i < 0) return;
    (ctx.el.querySelector(`.clash-log li[data-index="${i}"]`) as HTMLElement).click();
    const marked = [...ctx.el.querySelectorAll("polygon.clash-hex.is-log")].map(
      (p) => `${p.getAttribute("data-q")},${p.getAttribute("data-r")}`,
    );
    expect(marked.sort()).toEqual([...new Set(refKeys(view.log[i].hexes))].sort());
  });
});

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
