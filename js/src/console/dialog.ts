// The console's questions: a modal <dialog> (focus kept inside, Escape cancels) that
// asks to confirm, or for a name, or for a choice from a list, and gives the answer back.

import { el, freshId } from "./dom";

export interface Ask {
  title: string;
  text: string;
  confirm: string;
  /** Ask for text (a name): its label and starting value. */
  input?: { label: string; value?: string; maxLength?: number };
  /** Ask to pick one: its label and the choices [value, words]. */
  choose?: { label: string; choices: [string, string][] };
  danger?: boolean;
}

/** Is a question open (the list waits before redrawing under it)? */
export function asking(): boolean {
  return document.querySelector("dialog.console-dialog[open]") !== null;
}

/** The answer: "" for a plain confirmation, the text or the choice; null if cancelled. */
export function ask(q: Ask): Promise<string | null> {
  const titleId = freshId("dialog-title");
  const textId = freshId("dialog-text");
  const dialog = el("dialog", { class: "console-dialog", "aria-labelledby": titleId, "aria-describedby": textId });
  const form = el("form", { method: "dialog" });
  form.append(el("h2", { id: titleId }, q.title), el("p", { id: textId }, q.text));
  let field: HTMLInputElement | HTMLSelectElement | null = null;
  if (q.input) {
    const id = freshId("dialog-input");
    const input = el("input", { id, type: "text", name: "answer", autocomplete: "off" });
    input.value = q.input.value ?? "";
    if (q.input.maxLength) input.maxLength = q.input.maxLength;
    form.append(el("label", { for: id }, q.input.label), input);
    field = input;
  } else if (q.choose) {
    const id = freshId("dialog-select");
    const select = el("select", { id, name: "answer" });
    for (const [value, words] of q.choose.choices) select.append(el("option", { value }, words));
    form.append(el("label", { for: id }, q.choose.label), select);
    field = select;
  }
  const cancel = el("button", { type: "button", value: "cancel", "data-answer": "cancel" }, "Cancel");
  const ok = el("button", { type: "submit", value: "ok", "data-answer": "ok", class: q.danger ? "danger" : "primary" }, q.confirm);
  form.append(el("div", { class: "console-dialog-buttons" }, cancel, ok));
  dialog.append(form);
  document.body.append(dialog);
  const opener = document.activeElement as HTMLElement | null;
  return new Promise((resolve) => {
    let answer: string | null = null;
    cancel.addEventListener("click", () => dialog.close());
    form.addEventListener("submit", () => {
      answer = field ? field.value : "";
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      const back = opener?.dataset.key ? document.querySelector<HTMLElement>(`[data-key="${CSS.escape(opener.dataset.key)}"]`) : opener;
      back?.focus();
      resolve(answer);
    });
    dialog.showModal();
    (field ?? cancel).focus();
  });
}
