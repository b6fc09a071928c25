// Renders the CoC board widget on a FakeModel into a fresh <div> for a test.

import type { AnyModel } from "@anywidget/types";
import widget from "../src/coc/index";
import type { View, WidgetModel } from "../src/coc/model";
import { FakeModel } from "./fake-model";

/** The traits a fresh widget starts with; tests override only what they are about. */
const DEFAULTS: Omit<WidgetModel, "view"> = {
  intent: {},
  selected: {},
  feedback: {},
  seat: 0,
  last_action: "",
  hotseat: false,
  bots: [],
  bot_names: ["heuristic", "random"],
  bot_delay: 0.8,
  autoplay: false,
  position: null,
  replay_length: 0,
  view_patch: {},
};

export function mountWidget(view: View | Record<string, never>, traits: Partial<WidgetModel> = {}) {
  // A copy, so that one test's edits to the view cannot leak into the fixture.
  const model = new FakeModel<WidgetModel>({ view: structuredClone(view), ...DEFAULTS, ...traits });
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model: model as unknown as AnyModel<WidgetModel>, el } as never) as () => void;
  return { model, el, cleanup };
}
