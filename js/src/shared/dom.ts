// Small DOM helpers shared by the card tables and the world map (the board's own
// builders in ../svg, under the short name these front ends use).

import { htmlEl } from "./svg";

export { htmlEl as el, svgEl } from "./svg";

/** A `<button type="button">` that calls `fn` when clicked. */
export function button(parent: Element, text: string, className: string, fn: () => void): HTMLButtonElement {
  const b = htmlEl("button", className, text, parent);
  b.type = "button";
  b.addEventListener("click", fn);
  return b;
}

/** A hidden file input for game files: `onFile` gets a chosen file's text and name. */
export function gameFilePicker(
  parent: Element,
  className: string,
  onFile: (text: string, name: string) => void,
): HTMLInputElement {
  const picker = htmlEl("input", className, undefined, parent);
  picker.type = "file";
  picker.accept = ".json,application/json";
  picker.hidden = true;
  picker.addEventListener("change", async () => {
    const f = picker.files?.[0];
    picker.value = ""; // choosing the same file again is a change too
    if (f) onFile(await f.text(), f.name);
  });
  return picker;
}
