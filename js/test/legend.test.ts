// The shared legend component and each game's legend: every symbol the game draws has an
// entry with a drawing and a name, and the widgets show their legend.

import { describe, expect, it } from "vitest";
import historyWidget from "../src/history/index";
import { SUITS, historyLegend } from "../src/history/legend";
import type { View as HistoryView } from "../src/history/model";
import { clashLegend } from "../src/coc/legend";
import { mapLegend } from "../src/persistence/map";
import persistenceWidget from "../src/persistence/index";
import type { View as MapView } from "../src/persistence/model";
import { secoloLegend } from "../src/secolo/legend";
import secoloWidget from "../src/secolo/index";
import type { View as SecoloView } from "../src/secolo/model";
import { type LegendSpec, renderLegend, termMeaning } from "../src/shared/legend";
import plan0 from "./fixtures/history_plan_seat0.json";
import expand0 from "./fixtures/persistence_expand_seat0.json";
import pick from "./fixtures/secolo_pick.json";
import { mountMatch, unmountAfterEach } from "./mount-match";

unmountAfterEach();

const keys = (spec: LegendSpec) => spec.sections.flatMap((s) => s.entries.map((e) => e.key));

describe("renderLegend", () => {
  const spec: LegendSpec = {
    title: "Legend",
    sections: [
      { title: "Pieces", entries: [{ mark: { shape: "circle", fill: "#123456", text: "1" }, name: "army", meaning: "holds a land", key: "army" }] },
      { title: "Marks", entries: [{ mark: { shape: "line", stroke: "#333", dash: true }, name: "strait", key: "strait" }] },
    ],
    terms: [{ term: "landfill", meaning: "the discard pile" }],
  };

  it("draws an open <details> with a drawing, a name and a meaning per entry, and the words", () => {
    const host = document.createElement("div");
    const box = renderLegend(host, spec);
    expect(box.tagName).toBe("DETAILS");
    expect(box.open).toBe(true);
    expect(box.querySelector("summary")?.textContent).toBe("Legend");
    const army = box.querySelector<HTMLElement>('[data-legend="army"]')!;
    expect(army.querySelector("svg circle")?.getAttribute("fill")).toBe("#123456");
    expect(army.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(army.textContent).toContain("army:");
    expect(army.textContent).toContain("holds a land");
    expect(box.querySelector('[data-legend="strait"] line')?.getAttribute("stroke-dasharray")).toBe("4 3");
    expect(box.querySelector('dt[data-term="landfill"]')?.nextElementSibling?.textContent).toBe("the discard pile");
  });

  it("replaces its own earlier legend instead of adding a second one", () => {
    const host = document.createElement("div");
    renderLegend(host, spec);
    renderLegend(host, spec);
    expect(host.querySelectorAll("details.match-legend")).toHaveLength(1);
  });

  it("termMeaning finds a word's explanation for a tooltip", () => {
    expect(termMeaning(spec, "Landfill")).toBe("the discard pile");
    expect(termMeaning(spec, "nothing")).toBe("");
  });
});

describe("each game's legend covers what it draws", () => {
  it("Persistence: the markers, the outlines and dashed straits, one entry per player", () => {
    const spec = mapLegend([
      { seat: 0, name: "Blue", color: "#0072B2" },
      { seat: 1, name: "Orange", color: "#E69F00" },
    ]);
    expect(keys(spec)).toEqual(
      expect.arrayContaining(["seat-0", "seat-1", "army", "capital", "fleet", "fort", "monument", "strait", "option", "path", "dest", "touched", "barren"]),
    );
  });

  it("History: the five suits, the card marks, and the words landfill and pull", () => {
    const spec = historyLegend([{ seat: 0, name: "Blue", color: "#0072B2" }]);
    expect(keys(spec)).toEqual(expect.arrayContaining(SUITS.map((s) => `suit-${s.id}`)));
    expect(SUITS.map((s) => s.symbol).join("")).toBe("\u2600\u263E\u2605\u2248\u2766");
    expect(keys(spec)).toEqual(expect.arrayContaining(["option", "picked", "production", "exhausted"]));
    expect(termMeaning(spec, "landfill")).toMatch(/discard pile/);
    expect(termMeaning(spec, "pull")).toMatch(/treasury/);
  });

  it("Clash of Cultures: terrains, units and the advance grid's four kinds of box", () => {
    expect(keys(clashLegend())).toEqual(
      expect.arrayContaining(["terrain-plains", "terrain-sea", "terrain-unexplored", "army", "ship", "settler", "adv-owned", "adv-available", "adv-unaffordable", "adv-locked"]),
    );
  });

  it("Secolo: the card marks", () => {
    expect(keys(secoloLegend())).toEqual(expect.arrayContaining(["option", "picked", "target", "attacker", "protected", "marked"]));
  });
});

describe("the widgets show their legend", () => {
  it("in the Persistence map, the History table and the Secolo table", () => {
    const poc = mountMatch(persistenceWidget, expand0 as unknown as MapView, 0);
    expect(poc.root.querySelector('.match-legend [data-legend="capital"]')).not.toBeNull();
    const hccg = mountMatch(historyWidget, plan0 as unknown as HistoryView, 0);
    expect(hccg.root.querySelector('.match-legend [data-legend="suit-leaf"]')).not.toBeNull();
    const sec = mountMatch(secoloWidget, pick as unknown as SecoloView, null);
    expect(sec.root.querySelector('.match-legend [data-legend="protected"]')).not.toBeNull();
  });
});
