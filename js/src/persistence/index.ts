// anywidget entry point of The Persistence of Culture world map: default export { render }.

import type { AnyModel } from "@anywidget/types";
import { frontEnd } from "../shared/entry";
import { PersistenceApp } from "./app";
import type { MapModel } from "./model";
import "./persistence.css";

export function mount(model: AnyModel<MapModel>, el: HTMLElement): PersistenceApp {
  return new PersistenceApp(model, el);
}

export default frontEnd(mount);
