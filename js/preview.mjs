// Render a view fixture with the BUILT bundle into a standalone HTML page, for a
// look in a browser or a headless screenshot:
//   node js/preview.mjs [view.json] [out.html] [--dark] [--select=q,r] [--width=1200]
//   chromium --headless --no-sandbox --disable-gpu --screenshot=/tmp/board.png \
//     --window-size=1200,900 file:///tmp/clash-preview.html
// The bundle is loaded from a Blob URL, as anywidget does, with a fake model.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flags = Object.fromEntries(
  args.filter((a) => a.startsWith("--")).map((a) => {
    const [k, v] = a.slice(2).split("=");
    return [k, v ?? true];
  }),
);
const pos = args.filter((a) => !a.startsWith("--"));
const viewPath = pos[0] ?? resolve(root, "js/test/fixtures/view2p.json");
const out = pos[1] ?? "/tmp/clash-preview.html";
const view = JSON.parse(readFileSync(viewPath, "utf8"));
const js = readFileSync(resolve(root, "clash_widget/static/coc.js"), "utf8");
const css = readFileSync(resolve(root, "clash_widget/static/coc.css"), "utf8");
const dark = !!flags.dark;
const theme = dark
  ? `--jp-layout-color1:#111;--jp-layout-color2:#2a2a2a;--jp-ui-font-color1:#eee;--jp-ui-font-color2:#aaa;--jp-border-color2:#444;`
  : "";
const select = typeof flags.select === "string" ? flags.select.split(",").map(Number) : null;
const feedback = flags.feedback
  ? { seq: 1, ok: false, message: "Refused: found 9,9 \u2014 Cities are founded on land.", rule_id: "coc.found.land", section: "Rulebook \u00A74.2" }
  : {};

const html = `<!doctype html><html><head><meta charset="utf-8"><title>clash_widget preview</title>
<style>body{margin:0;padding:12px;font-family:sans-serif;background:${dark ? "#111" : "#fff"};${theme}}
#out{max-width:${flags.width ?? 1170}px}</style><style>${css}</style></head>
<body><div id="out"></div><script>window.addEventListener("error",(e)=>{document.body.insertAdjacentText("afterbegin","ERROR: "+e.message);});window.addEventListener("unhandledrejection",(e)=>{document.body.insertAdjacentText("afterbegin","REJECTION: "+(e.reason&&e.reason.stack||e.reason));});</script><script type="module">
const view = ${JSON.stringify(view)};
const feedback = ${JSON.stringify(feedback)};
const state = { view, intent: {}, selected: {}, feedback, seat: view.seat, last_action: "" };
const handlers = {};
const model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; (handlers["change:" + k] || []).forEach((h) => h()); },
  on: (e, f) => { (handlers[e] = handlers[e] || []).push(f); },
  off: () => {},
  save_changes: () => { window.__saved = (window.__saved || 0) + 1; },
  send: () => {},
};
const url = URL.createObjectURL(new Blob([${JSON.stringify(js)}], { type: "text/javascript" }));
const mod = await import(url);
mod.default.render({ model, el: document.getElementById("out") });
const sel = ${JSON.stringify(select)};
if (sel) document.querySelector('polygon.clash-hex[data-q="' + sel[0] + '"][data-r="' + sel[1] + '"]')
  .dispatchEvent(new MouseEvent("click", { bubbles: true }));
document.title = "rendered";
</script></body></html>`;
writeFileSync(out, html);
console.log(`wrote ${out}`);
