import { describe, expect, it } from "vitest";
import { HINT_MARK, hintButton, isHintKey, markHint, targetSelector } from "../src/shared/coach";
import { withCoach } from "../src/shared/legend";
import type { Hint } from "../src/shared/model";

function table(): HTMLElement {
  const root = document.createElement("div");
  for (const key of ["end", "play c1", "play c2"]) {
    const b = document.createElement("button");
    b.dataset.key = key;
    root.appendChild(b);
  }
  return root;
}

const HINT: Hint = {
  version: 4,
  seat: 0,
  player: "Blue",
  key: "play c2",
  label: "Play the second card",
  reasons: [],
  alternatives: [],
  text: "Hint for Blue: Play the second card.",
};

describe("the coach's mark", () => {
  it("marks only the hinted move's button, on the version it was asked on", () => {
    const root = table();
    markHint(root, HINT, 4);
    const marked = [...root.querySelectorAll(`.${HINT_MARK}`)].map((b) => (b as HTMLElement).dataset.key);
    expect(marked).toEqual(["play c2"]);
    markHint(root, HINT, 5); // the game moved on: the old hint marks nothing
    expect(root.querySelectorAll(`.${HINT_MARK}`).length).toBe(0);
    markHint(root, {}, 4);
    expect(root.querySelectorAll(`.${HINT_MARK}`).length).toBe(0);
  });

  it("adds a Hint button that asks", () => {
    const bar = document.createElement("div");
    let asked = 0;
    const b = hintButton(bar, "secolo", () => asked++);
    b.click();
    expect(asked).toBe(1);
    expect(b.dataset.intent).toBe("hint");
    expect(b.textContent).toContain("hint");
    expect(b.closest('[role="group"]')?.getAttribute("aria-label")).toBe("coach");
  });
});

describe("the hint's board targets and key", () => {
  it("marks the hex, card or land the hint names by the table's data-* values", () => {
    const root = table();
    root.innerHTML += `<svg><polygon data-q="1" data-r="-2"></polygon><polygon data-q="1" data-r="2"></polygon></svg>
      <div data-card="1-07"></div><div data-card="1-08"></div><section class="match-legend"><div data-card="1-07"></div></section>`;
    markHint(root, { ...HINT, targets: [{ q: "1", r: "-2" }, { card: "1-07" }] }, 4);
    const marked = [...root.querySelectorAll(`.${HINT_MARK}:not(.coach-overlay)`)];
    expect(marked).toHaveLength(3); // the button, the hex, the card (not the legend's)
    // the hex's outline is drawn again on top of its layer, without its data
    const over = root.querySelector("polygon.coach-overlay")!;
    expect(over.classList.contains(HINT_MARK)).toBe(true);
    expect(over.hasAttribute("data-q")).toBe(false);
    expect(root.querySelector('[data-q="1"][data-r="-2"]')!.classList.contains(HINT_MARK)).toBe(true);
    expect(root.querySelector('[data-q="1"][data-r="2"]')!.classList.contains(HINT_MARK)).toBe(false);
    expect(root.querySelector('[data-card="1-07"]')!.getAttribute("aria-description")).toBe("the coach's hint");
    markHint(root, HINT, 5);
    expect(root.querySelectorAll(`.${HINT_MARK}`).length).toBe(0);
  });

  it("quotes the values it selects on", () => {
    expect(targetSelector({ area: 'a"b', attachedTo: "x" })).toBe('[data-area="a\\"b"][data-attached-to="x"]');
  });

  it("asks on H, not while typing or with a modifier", () => {
    const key = (k: string, target: Element, mods: KeyboardEventInit = {}) => {
      const e = new KeyboardEvent("keydown", { key: k, ...mods });
      Object.defineProperty(e, "target", { value: target });
      return isHintKey(e);
    };
    const div = document.createElement("div");
    const input = document.createElement("input");
    expect(key("h", div)).toBe(true);
    expect(key("H", div)).toBe(true);
    expect(key("h", div, { ctrlKey: true })).toBe(false);
    expect(key("h", input)).toBe(false);
    expect(key("n", div)).toBe(false);
  });

  it("puts H in the table's keys and the coach's marks in every legend", () => {
    const spec = withCoach({ sections: [{ title: "Keys (click the map first)", entries: [] }] });
    expect(spec.sections[0].entries.map((e) => e.name)).toEqual(["H"]);
    expect(spec.sections.map((s) => s.title)).toContain("The coach's marks");
    const none = withCoach({ sections: [] });
    expect(none.sections[0].entries[0].key).toBe("key-h");
  });
});
