// Two Cards' table: a minimal anywidget front end, plain ES module (no build step).
// It draws the shown seat's hand as SVG cards with data-* attributes; a click (or Enter
// or Space on a focused card) sends the intent "play <card>" with the view's version.
// Python answers through `view` and `feedback`; nothing is drawn before it does.

const SVG = "http://www.w3.org/2000/svg";

function svgEl(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function draw(model, root) {
  const view = model.get("view") || {};
  const seat = view.seat;
  const hand = seat === null || seat === undefined ? [] : view.players?.[seat]?.hand || [];
  root.replaceChildren();
  const prompt = document.createElement("p");
  prompt.className = "toy-prompt";
  prompt.textContent = view.prompt || "";
  root.appendChild(prompt);
  const svg = svgEl("svg", { role: "group", "aria-label": "Your hand", width: 60 * hand.length + 10, height: 70 });
  hand.forEach((card, i) => {
    const g = svgEl("g", {
      class: "toy-card",
      "data-card": card,
      "data-key": `play ${card}`,
      role: "button",
      tabindex: 0,
      "aria-label": `Play card ${card}`,
      transform: `translate(${10 + 60 * i},10)`,
    });
    g.appendChild(svgEl("rect", { width: 50, height: 50, rx: 6 }));
    g.appendChild(svgEl("text", { x: 25, y: 31, "text-anchor": "middle" }, String(card)));
    const send = () =>
      model.set("intent", { type: "act", key: `play ${card}`, version: view.version ?? 0, seq: Date.now() });
    g.addEventListener("click", () => { send(); model.save_changes(); });
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); send(); model.save_changes(); }
    });
    svg.appendChild(g);
  });
  root.appendChild(svg);
  const said = document.createElement("p");
  said.className = "toy-feedback";
  said.setAttribute("role", "status");
  said.textContent = (model.get("feedback") || {}).text || "";
  root.appendChild(said);
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "toy-table";
  el.appendChild(root);
  const redraw = () => draw(model, root);
  model.on("change:view", redraw);
  model.on("change:feedback", redraw);
  redraw();
  return () => {
    model.off("change:view", redraw);
    model.off("change:feedback", redraw);
  };
}

export default { render };
