import { beforeEach, describe, expect, it } from "vitest";
import { ActionList, FOLD_OVER, groupByKind } from "../src/coc/actions";
import type { LegalAction, View } from "../src/coc/model";
import synthetic from "./fixtures/view2p_synthetic.json";

const research = (n: number): LegalAction[] =>
  Array.from({ length: n }, (_, i) => ({ key: `research a${i}`, kind: "research", label: `Research A${i}` }));

beforeEach(() => document.body.replaceChildren());

describe("general actions", () => {
  it("group by kind in first-seen order", () => {
    const g = groupByKind([...research(2), { key: "end", kind: "end", label: "End turn" }, ...research(1)]);
    expect(g.map(([k, l]) => [k, l.length])).toEqual([
      ["research", 3],
      ["end", 1],
    ]);
  });

  it("fold a long kind into a closed group that stays open once opened", () => {
    const view = { ...(synthetic as unknown as View), legal: [...research(FOLD_OVER + 5), { key: "end", kind: "end", label: "End turn" }] };
    const clicked: string[] = [];
    const list = new ActionList(document.body, (k) => clicked.push(k));
    list.update(view, null);
    const det = document.querySelector("details.clash-actions-kind") as HTMLDetailsElement;
    expect(det.open).toBe(false);
    expect(det.querySelector("summary")!.textContent).toBe(`Research (${FOLD_OVER + 5})`);
    expect(det.querySelectorAll("button.clash-action")).toHaveLength(FOLD_OVER + 5);
    const end = document.querySelector('.clash-actions-general > button[data-key="end"]') as HTMLButtonElement;
    end.click();
    expect(clicked).toEqual(["end"]);
    det.open = true;
    list.update({ ...view, version: view.version + 1 }, null);
    expect((document.querySelector("details.clash-actions-kind") as HTMLDetailsElement).open).toBe(true);
  });

  it("keep short kinds as plain buttons", () => {
    const view = { ...(synthetic as unknown as View), legal: research(FOLD_OVER) };
    new ActionList(document.body, () => {}).update(view, null);
    expect(document.querySelector("details.clash-actions-kind")).toBeNull();
    expect(document.querySelectorAll(".clash-actions-general > button")).toHaveLength(FOLD_OVER);
  });
});

describe("partial redraws", () => {
  it("a new selection redraws only the hex part, a new legal list both", () => {
    const view = { ...(synthetic as unknown as View), legal: [...research(2), { key: "found 0,0", kind: "found", label: "Found", hexes: [[0, 0]] }] } as View;
    const list = new ActionList(document.body, () => {});
    list.update(view, null);
    const rest = document.querySelector(".clash-actions-general");
    list.update(view, "0,0");
    expect(document.querySelector('.clash-actions-hex button[data-key="found 0,0"]')).not.toBeNull();
    expect(document.querySelector(".clash-actions-general")).toBe(rest);
    list.update({ ...view, version: view.version + 1 }, "0,0");
    expect(document.querySelector(".clash-actions-general")).not.toBe(rest);
  });
});
