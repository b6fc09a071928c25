// anywidget entry point of the History CCG card table: default export { render }.

import type { AnyModel, RenderProps } from "@anywidget/types";
import type { TableModel } from "./model";
import { HistoryTable } from "./table";
import "./history.css";

export function mount(model: AnyModel<TableModel>, el: HTMLElement): HistoryTable {
  return new HistoryTable(model, el);
}

function render({ model, el }: RenderProps<TableModel>): () => void {
  const table = mount(model, el);
  return () => table.destroy();
}

export default { render };
