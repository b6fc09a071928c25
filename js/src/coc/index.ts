// anywidget entry point: default export { render }.

import type { AnyModel, RenderProps } from "@anywidget/types";
import { App } from "./app";
import type { WidgetModel } from "./model";
import "./coc.css";

export function mount(model: AnyModel<WidgetModel>, el: HTMLElement): App {
  return new App(model, el);
}

function render({ model, el }: RenderProps<WidgetModel>): () => void {
  const app = mount(model, el);
  return () => app.destroy();
}

export default { render };
