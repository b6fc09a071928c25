// esbuild bundles imported CSS into clash_widget/static/widget.css.
declare module "*.css";
