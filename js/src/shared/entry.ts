// The anywidget entry point of a match front end: default export { render }, where
// each render mounts one app on its output element and returns its clean-up.

import type { AnyModel, RenderProps } from "@anywidget/types";

export function frontEnd<M extends object>(mount: (model: AnyModel<M>, el: HTMLElement) => { destroy(): void }) {
  return {
    render({ model, el }: RenderProps<M>): () => void {
      const app = mount(model, el);
      return () => app.destroy();
    },
  };
}
