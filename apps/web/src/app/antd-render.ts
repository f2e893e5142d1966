import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative overlays (Toast.show, Dialog.alert, ImageViewer.show) with the
 * legacy ReactDOM.render, which React 19 no longer has. Give it a createRoot-based renderer, once.
 * Imported first by the shell: antd-mobile is used only behind it, so this runs before any of its
 * components (the light first screen does not load the library at all).
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Let the closing animation's last frame run before the tree goes.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
