// The click path redraws only what changed: these tests count DOM mutations
// (MutationObserver) around a hex click, Python's answer to it, and view updates.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type View, refKeys } from "../src/coc/model";
import synthetic from "./fixtures/view2p_synthetic.json";
import { mountWidget } from "./mount";

const VIEW = synthetic as unknown as View;

function setup(view: View = VIEW) {
  return mountWidget(view, { bot_names: [] });
}

/** Every mutation under `node` until `records()` is called. */
function watch(node: Node) {
  const seen: MutationRecord[] = [];
  const obs = new MutationObserver((rs) => seen.push(...rs));
  obs.observe(node, { subtree: true, childList: true, attributes: true, characterData: true });
  return {
    async records(): Promise<MutationRecord[]> {
      await new Promise((r) => setTimeout(r, 0));
      seen.push(...obs.takeRecords());
      obs.disconnect();
      return seen;
    },
  };
}

function hexPoly(el: HTMLElement, key: string): SVGPolygonElement {
  const [q, r] = key.split(",");
  const p = el.querySelector(`polygon.clash-hex[data-q="${q}"][data-r="${r}"]`);
  if (!p) throw new Error(`no hex ${key}`);
  return p as SVGPolygonElement;
}

function click(el: HTMLElement, key: string): void {
  hexPoly(el, key).dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

function selectedTrait(key: string) {
  const [q, r] = key.split(",").map(Number);
  const h = VIEW.hexes.find((x) => x.q === q && x.r === r)!;
  return { q, r, terrain: h.terrain, explored: h.explored, region: h.region, city: null, units: [] };
}

const KEY_A = `${VIEW.hexes[1].q},${VIEW.hexes[1].r}`;
const KEY_B = `${VIEW.hexes[7].q},${VIEW.hexes[7].r}`;

let ctx: ReturnType<typeof setup>;
beforeEach(() => {
  document.body.replaceChildren();
});
afterEach(() => {
  ctx?.cleanup();
});

describe("a hex click redraws only what changed", () => {
  it("on the board: the two hexes' classes and the moved ring, no node added or removed", async () => {
    ctx = setup();
    click(ctx.el, KEY_A);
    const svg = ctx.el.querySelector("svg.clash-board")!;
    const polys = [...svg.querySelectorAll("polygon.clash-hex")];
    const w = watch(svg);
    click(ctx.el, KEY_B);
    const rs = await w.records();
    expect(rs.filter((r) => r.type === "childList")).toHaveLength(0);
    const a = hexPoly(ctx.el, KEY_A);
    const b = hexPoly(ctx.el, KEY_B);
    const ring = svg.querySelector(".clash-ring-selected")!;
    for (const r of rs) expect([a, b, ring]).toContain(r.target);
    // is-selected and is-cursor leave A and reach B; the ring moves once.
    expect(rs.length).toBeLessThanOrEqual(5);
    expect(a.classList.contains("is-selected")).toBe(false);
    expect(b.classList.contains("is-selected")).toBe(true);
    expect([...svg.querySelectorAll("polygon.clash-hex")]).toEqual(polys);
  });

  it("leaves the general action buttons, the log and the player panels alone", async () => {
    ctx = setup();
    const parts = [".clash-actions-rest", ".clash-log", ".clash-panels", ".clash-top"].map(
      (s) => ctx.el.querySelector(s)!,
    );
    const ws = parts.map((p) => watch(p));
    click(ctx.el, KEY_A);
    for (const w of ws) expect(await w.records()).toHaveLength(0);
  });

  it("Python's answer (the selected echo and the feedback) touches only the feedback texts", async () => {
    ctx = setup();
    ctx.model.set("feedback", { seq: 0, ok: true, message: "Selected hex 0,0.", n: 1 });
    click(ctx.el, KEY_A);
    const fb = ctx.el.querySelector(".clash-feedback")!;
    const spans = [...fb.children];
    const w = watch(ctx.el);
    ctx.model.set("selected", selectedTrait(KEY_A));
    ctx.model.set("feedback", { seq: 1, ok: true, message: `Selected hex ${KEY_A}.`, n: 2 });
    const rs = await w.records();
    const root = ctx.el.querySelector(".clash-widget")!;
    for (const r of rs) {
      const inFeedback = fb.contains(r.target);
      const isCounter = r.target === root && r.attributeName === "data-feedback-n";
      expect(inFeedback || isCounter).toBe(true);
    }
    expect(rs.length).toBeLessThanOrEqual(3);
    expect([...fb.children]).toEqual(spans);
    expect(fb.textContent).toContain(`Selected hex ${KEY_A}`);
  });

  it("a refused answer adds the rule's section after the message, and an ok one drops it", () => {
    ctx = setup();
    const fb = ctx.el.querySelector(".clash-feedback")!;
    ctx.model.set("feedback", { ok: false, message: "No.", rule_id: "engine.stale", section: "Engine", n: 1 });
    expect([...fb.children].map((c) => c.className)).toEqual([
      "clash-feedback-mark",
      "clash-feedback-message",
      "clash-feedback-section",
    ]);
    expect(fb.querySelector<HTMLElement>(".clash-feedback-section")!.title).toContain("engine.stale");
    ctx.model.set("feedback", { ok: false, message: "No again.", rule_id: null, section: "Engine", n: 2 });
    expect([...fb.children].map((c) => c.className)).toEqual([
      "clash-feedback-mark",
      "clash-feedback-message",
      "clash-feedback-section",
    ]);
    ctx.model.set("feedback", { ok: false, message: "No.", rule_id: "x.y", section: "Engine", n: 3 });
    expect(fb.querySelector(".clash-feedback-message + .clash-feedback-section")).not.toBeNull();
    ctx.model.set("feedback", { ok: true, message: "Fine.", n: 4 });
    expect(fb.classList.contains("is-ok")).toBe(true);
    expect(fb.classList.contains("is-refused")).toBe(false);
    expect(fb.querySelector(".clash-feedback-section")).toBeNull();
    expect(fb.textContent).toBe("\u2713Fine.");
  });
});

describe("view updates redraw only what changed", () => {
  it("a new legal list adds and removes only the outlines that differ", async () => {
    ctx = setup();
    const before = new Set(VIEW.legal.flatMap((a) => refKeys(a.hexes)));
    const dropped = [...before][0];
    const added = VIEW.hexes.map((h) => `${h.q},${h.r}`).find((k) => !before.has(k))!;
    const legal = VIEW.legal
      .filter((a) => !refKeys(a.hexes).includes(dropped))
      .concat([{ key: "test_move", kind: "move", label: "Move here", hexes: [added] }]);
    const after = new Set(legal.flatMap((a) => refKeys(a.hexes)));
    const gone = [...before].filter((k) => !after.has(k));
    const kept = [...before].filter((k) => after.has(k));
    const outline = (k: string) => ctx.el.querySelector(`.clash-mark-legal[data-key="${k}"]`);
    const keptEls = kept.map(outline);
    const layer = ctx.el.querySelector(".clash-layer-marks")!;
    const w = watch(layer);
    ctx.model.set("view_patch", { base: VIEW.version, to: VIEW.version + 1, set: { version: VIEW.version + 1, legal } });
    const rs = await w.records();
    const added_ = rs.flatMap((r) => [...r.addedNodes]);
    const removed = rs.flatMap((r) => [...r.removedNodes]);
    expect(gone.length).toBeGreaterThan(0);
    expect(kept.length).toBeGreaterThan(0);
    expect(added_).toHaveLength(1);
    expect(removed.map((n) => (n as Element).getAttribute("data-key")).sort()).toEqual(gone.sort());
    expect(kept.map(outline)).toEqual(keptEls);
    expect(outline(dropped)).toBeNull();
    expect(outline(added)).not.toBeNull();
    expect(hexPoly(ctx.el, added).classList.contains("is-legal")).toBe(true);
    expect(hexPoly(ctx.el, dropped).classList.contains("is-legal")).toBe(false);
  });

  it("exploring the selected hex keeps its selection and legal marks", () => {
    ctx = setup();
    const legalKey = refKeys(VIEW.legal.find((a) => refKeys(a.hexes).length)!.hexes)[0];
    click(ctx.el, legalKey);
    const v2 = structuredClone(VIEW);
    const [q, r] = legalKey.split(",").map(Number);
    const h = v2.hexes.find((x) => x.q === q && x.r === r)!;
    h.terrain = h.terrain === "forest" ? "plains" : "forest";
    h.explored = true;
    v2.version += 1;
    ctx.model.set("view", v2);
    const p = hexPoly(ctx.el, legalKey);
    expect(p.getAttribute("data-terrain")).toBe(h.terrain);
    expect(p.classList.contains("is-selected")).toBe(true);
    expect(p.classList.contains("is-legal")).toBe(true);
    expect(ctx.el.querySelectorAll(".clash-mark-legal")).toHaveLength(
      new Set(VIEW.legal.flatMap((a) => refKeys(a.hexes))).size,
    );
  });

  it("a rebuilt map (other hexes) redraws the marks for the new hexes only", () => {
    ctx = setup();
    click(ctx.el, KEY_A);
    const v2 = structuredClone(VIEW);
    v2.hexes = v2.hexes.filter((h) => `${h.q},${h.r}` !== KEY_B);
    v2.version += 1;
    ctx.model.set("view", v2);
    expect(ctx.el.querySelectorAll("polygon.clash-hex")).toHaveLength(VIEW.hexes.length - 1);
    expect(hexPoly(ctx.el, KEY_A).classList.contains("is-selected")).toBe(true);
    const ring = ctx.el.querySelector(".clash-ring-selected")!;
    expect(ring.getAttribute("display")).toBeNull();
    const legal = new Set(v2.legal.flatMap((a) => refKeys(a.hexes)).filter((k) => k !== KEY_B));
    expect(ctx.el.querySelectorAll(".clash-mark-legal")).toHaveLength(legal.size);
    expect(ctx.el.querySelectorAll("polygon.clash-hex.is-legal")).toHaveLength(legal.size);
  });
});
