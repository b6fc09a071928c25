import { describe, expect, it } from "vitest";
import { HINT_MARK, hintButton, markHint } from "../src/shared/coach";
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
