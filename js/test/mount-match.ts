// Renders a match front end built on js/src/shared (the Secolo table, the world map,
// the History table) on a FakeModel into a fresh <div> for a test.

import type { AnyModel } from "@anywidget/types";
import { afterEach, beforeEach } from "vitest";
import type { GameView, MatchModel } from "../src/shared/model";
import { FakeModel } from "./fake-model";

type Front = { render: (props: never) => unknown };

// The cleanups of the front ends mounted in the current test.
const live: (() => void)[] = [];

/** Start each test on an empty page and unmount what it mounted after it. */
export function unmountAfterEach(): void {
  beforeEach(() => document.body.replaceChildren());
  afterEach(() => {
    while (live.length) live.pop()!();
  });
}

/** The one element `selector` finds under `el` (a test fails loudly when there is none). */
export function one<T extends Element = HTMLElement>(el: Element, selector: string): T {
  const found = el.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

export function mountMatch<V extends GameView>(
  front: Front,
  view: V | Record<string, never>,
  seat: number | null,
  traits: Partial<MatchModel<V>> = {},
) {
  // A copy, so that one test's edits to the view cannot leak into the fixture.
  const model = new FakeModel<MatchModel<V>>({
    view: structuredClone(view),
    intent: {},
    feedback: {},
    seat,
    last_action: "",
    bots: [null, null],
    bot_names: ["heuristic", "random", "search"],
    replay_length: 0,
    position: null,
    ...traits,
  });
  const el = document.createElement("div");
  document.body.appendChild(el);
  const unmount = front.render({ model: model as unknown as AnyModel<MatchModel<V>>, el } as never) as () => void;
  let done = false;
  const cleanup = () => {
    if (!done) unmount();
    done = true;
  };
  live.push(cleanup);
  const root = el.firstElementChild as HTMLElement;
  /** The intent the front end sent last. */
  const intent = () => model.get("intent") as Record<string, unknown>;
  return { model, el, root, cleanup, intent };
}
