// esbuild bundles imported CSS into clash_widget/static/coc.css.
declare module "*.css";
