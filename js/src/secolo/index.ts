// anywidget entry point of the Secolo card table: default export { render }.

import type { AnyModel } from "@anywidget/types";
import { frontEnd } from "../shared/entry";
import type { TableModel } from "./model";
import { Table } from "./table";
import "./secolo.css";

export function mount(model: AnyModel<TableModel>, el: HTMLElement): Table {
  return new Table(model, el);
}

export default frontEnd(mount);
