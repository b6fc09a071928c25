// Issue #37, item 8: the board's pieces are told apart by shape, a unit's count never
// reads like a city's size, and the five outlines (a legal hex, the cursor, the
// selection, the picked unit, the keyboard's unit) differ in more than colour; the
// legend draws each of them as the board does.

import { afterEach, describe, expect, it } from "vitest";
import { Board } from "../src/coc/board";
import { clashLegend, renderLegend } from "../src/coc/legend";
import type { View } from "../src/coc/model";
import { MARKS } from "../src/coc/pieces";
import moveView from "./fixtures/choices_move.json";
import synthetic from "./fixtures/view2p_synthetic.json";

const VIEW = synthetic as unknown as View;

afterEach(() => document.body.replaceChildren());

function board(view: View): Board {
  const host = document.createElement("div");
  document.body.appendChild(host);
  const b = new Board(host, () => {});
  b.update(view);
  return b;
}

/** What a piece looks like, whatever its position: its elements' tags and shape names,
 * and its geometry relative to its first point (so two pieces of one kind match). */
function silhouette(g: Element): string {
  const shapes = [...g.querySelectorAll(".clash-unit-shape, .clash-piece-shape, .clash-piece-line")];
  return shapes
    .map((e) => {
      const kind = e.closest("[data-shape]")?.getAttribute("data-shape") ?? "";
      const geo = e.getAttribute("points") ?? e.getAttribute("d") ?? `${e.getAttribute("r") ?? ""}${e.getAttribute("width") ?? ""}`;
      const nums = (geo.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
      const rel = nums.map((n, i) => (n - nums[i % 2]).toFixed(1));
      return `${e.tagName}:${kind}:${rel.length}:${rel.join(",")}`;
    })
    .join("|");
}

describe("pieces: one shape per kind", () => {
  it("draws each unit kind as a different shape (army shield, settler wagon, ship sails)", () => {
    const b = board(VIEW);
    const shapeOf = (kind: string) =>
      [...b.svg.querySelectorAll(`g.clash-unit[data-kind="${kind}"] [data-shape]`)].map((e) => e.getAttribute("data-shape"));
    expect(new Set(shapeOf("army"))).toEqual(new Set(["shield"]));
    expect(new Set(shapeOf("settler"))).toEqual(new Set(["wagon"]));
    expect(new Set(shapeOf("ship"))).toEqual(new Set(["ship"]));
  });

  it("draws each city piece (fortress, temple, academy, port, wonder) as a different shape", () => {
    const view = structuredClone(VIEW);
    view.cities[2].pieces = ["fortress", "temple", "academy", "port", "wonder"].map((kind) => ({ kind, owner: 1 })) as View["cities"][0]["pieces"];
    const b = board(view);
    const pieces = [...b.svg.querySelectorAll('g.clash-city[data-q="2"][data-r="5"] g.clash-piece')];
    expect(pieces.map((p) => p.getAttribute("data-kind"))).toEqual(["fortress", "temple", "academy", "port", "wonder"]);
    const looks = pieces.map(silhouette);
    expect(new Set(looks).size).toBe(5);
    // No piece is a letter in a square any more (F A T P W were 7 px letters).
    for (const p of pieces) expect(p.querySelector("text")).toBeNull();
  });
});

describe("a unit's count and a city's size", () => {
  it("a unit's count reads ×N (no tag for one); a city's size is a bare number in its house", () => {
    const b = board(VIEW);
    for (const u of VIEW.units) {
      const g = b.svg.querySelector(`g.clash-unit[data-q="${u.q}"][data-r="${u.r}"][data-owner="${u.owner}"][data-kind="${u.kind}"]`)!;
      const texts = [...g.querySelectorAll("text")].map((t) => t.textContent);
      expect(texts).toEqual(u.count > 1 ? [`\u00d7${u.count}`] : []);
    }
    for (const c of VIEW.cities) {
      const g = b.svg.querySelector(`g.clash-city[data-q="${c.q}"][data-r="${c.r}"]`)!;
      const size = g.querySelector(".clash-city-size")!.textContent!;
      expect(size).toBe(String(c.size));
      expect(size).not.toContain("\u00d7");
    }
    // Nothing on a unit is a bare number (what a city's size looks like).
    for (const t of b.svg.querySelectorAll("g.clash-unit text")) expect(t.textContent).not.toMatch(/^\d+$/);
  });

  it("a ship's cargo is drawn as the pieces it carries, not a cryptic +S", () => {
    const b = board(moveView as unknown as View);
    const loaded = b.svg.querySelector('g.clash-unit-part[data-part$="ship-carrying-s1"]')!;
    expect(loaded.querySelector('.clash-cargo[data-kind="settler"] [data-shape="wagon"]')).not.toBeNull();
    expect(b.svg.textContent).not.toMatch(/\+[AS]/);
  });
});

describe("the five outlines differ in their stroke, not only in colour", () => {
  /** How a line is drawn: its pattern, width, what lies under it, its fill, its outline shape. */
  function stroke(el: Element | null): string {
    expect(el).not.toBeNull();
    const e = el!;
    const a = (name: string) => e.getAttribute(name) ?? "-";
    const under = e.parentElement?.querySelector(`[class$="-under"]`);
    return [e.tagName, a("stroke-dasharray"), a("stroke-width"), a("stroke-linecap"), a("fill"), under ? under.getAttribute("stroke") : "-"].join(" ");
  }

  it("legal hex, cursor, selection, picked unit and focused unit each have their own stroke", () => {
    const view = moveView as unknown as View;
    const b = board(view);
    const part = b.svg.querySelector<SVGGElement>("g.clash-unit-part[data-pick]")!;
    const key = `${part.getAttribute("data-q")},${part.getAttribute("data-r")}`;
    const other = view.hexes.map((h) => `${h.q},${h.r}`).find((k) => k !== key)!;
    b.setMarks({ selected: key, cursor: other, legal: new Set([other]), log: new Set() });
    b.setPicked(part.getAttribute("data-pick"));
    const legalGroup = b.svg.querySelector(".clash-marks-legal")!;
    expect(legalGroup.querySelector(".clash-mark-legal")).not.toBeNull();
    const lines = {
      legal: stroke(legalGroup),
      cursor: stroke(b.svg.querySelector(".clash-mark-cursor")),
      selected: stroke(b.svg.querySelector(".clash-mark-selected")),
      picked: stroke(part.querySelector(".clash-unit-halo")),
      focus: stroke(part.querySelector(".clash-unit-focus-line")),
    };
    expect(new Set(Object.values(lines)).size).toBe(5);
    // Apart from colour: the dash patterns and widths alone tell the three hex outlines apart.
    const dashes = ["legal", "cursor", "selected"].map((k) => MARKS[k as keyof typeof MARKS].dash);
    expect(new Set(dashes).size).toBe(3);
    expect(lines.legal).toContain(MARKS.legal.dash);
    expect(lines.cursor).toContain(MARKS.cursor.dash);
    expect(lines.selected).toContain(` - ${MARKS.selected.width} `);
    // The cursor has a halo; the focused unit the shared focus look (dark line, yellow edge).
    expect(b.svg.querySelector(".clash-mark-cursor-under")!.getAttribute("stroke")).toBe(MARKS.cursor.under!.stroke);
    expect(part.querySelector(".clash-unit-focus-under")!.getAttribute("stroke")).toBe("#ffd54f");
  });

  it("the legend describes each outline with the board's own stroke", () => {
    const host = document.createElement("div");
    document.body.appendChild(host);
    renderLegend(host);
    for (const key of ["legal", "cursor", "selected", "log", "picked", "focus"] as const) {
      const li = host.querySelector(`[data-legend="${key}"]`);
      expect(li, key).not.toBeNull();
      expect(li!.textContent).toContain(MARKS[key].name);
      expect(li!.querySelector("[data-dash]")!.getAttribute("data-dash")).toBe(MARKS[key].dash);
    }
    const names = clashLegend().sections.flatMap((s) => s.entries.map((e) => e.name));
    expect(names.join(" ")).not.toMatch(/\+S/);
    // The legend's unit swatches are the board's shapes.
    for (const [kind, shape] of [["army", "shield"], ["settler", "wagon"], ["ship", "ship"]]) {
      expect(host.querySelector(`[data-legend="${kind}"] [data-shape="${shape}"]`), kind).not.toBeNull();
    }
  });
});
