// The teacher-key form, one for the classroom's pages (the teacher's view, the review page):
// a password field and a button in `host`; it resolves with the key typed (never empty) and
// empties `host`. The page says in its own status line why the key is asked.

export function keyForm(host: HTMLElement, id: string, submit: string): Promise<string> {
  const form = document.createElement("form");
  form.className = "clash-join-form";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = "Teacher key";
  const input = document.createElement("input");
  input.id = id;
  input.type = "password";
  input.autocomplete = "off";
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = submit;
  form.append(label, input, go);
  host.replaceChildren(form);
  input.focus();
  return new Promise((resolve) =>
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      host.replaceChildren();
      resolve(key);
    }),
  );
}
