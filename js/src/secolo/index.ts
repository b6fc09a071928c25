// anywidget entry point of the Secolo card table: default export { render }.

import type { AnyModel, RenderProps } from "@anywidget/types";
import type { TableModel } from "./model";
import { Table } from "./table";
import "./secolo.css";

export function mount(model: AnyModel<TableModel>, el: HTMLElement): Table {
  return new Table(model, el);
}

function render({ model, el }: RenderProps<TableModel>): () => void {
  const table = mount(model, el);
  return () => table.destroy();
}

export default { render };
