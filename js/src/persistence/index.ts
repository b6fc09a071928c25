// anywidget entry point of The Persistence of Culture world map: default export { render }.

import type { AnyModel, RenderProps } from "@anywidget/types";
import { PersistenceApp } from "./app";
import type { MapModel } from "./model";
import "./persistence.css";

export function mount(model: AnyModel<MapModel>, el: HTMLElement): PersistenceApp {
  return new PersistenceApp(model, el);
}

function render({ model, el }: RenderProps<MapModel>): () => void {
  const app = mount(model, el);
  return () => app.destroy();
}

export default { render };
