// anywidget entry point of the History CCG card table: default export { render }.

import type { AnyModel } from "@anywidget/types";
import { frontEnd } from "../shared/entry";
import type { TableModel } from "./model";
import { HistoryTable } from "./table";
import "./history.css";

export function mount(model: AnyModel<TableModel>, el: HTMLElement): HistoryTable {
  return new HistoryTable(model, el);
}

export default frontEnd(mount);
