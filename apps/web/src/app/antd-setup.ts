// antd-mobile is imported one component at a time (`antd-mobile/es/components/<name>`), never from the
// package index: the index is one module re-exporting every component, so the bundler put every
// component a later screen uses into the chunk the shell loads. Here is the little every component needs.
import 'antd-mobile/es/global';
import type { Language } from '@kabuto/contract';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';
import { currentLanguage } from '../lib/i18n.ts';

/**
 * The interface language for every antd-mobile component, inside the React tree or shown imperatively
 * (`Dialog.confirm`): switching the language reloads the app, so setting it once is enough.
 */
const LOCALES = { jp: jaJP, cn: zhCN, us: enUS } satisfies Record<Language, unknown>;
setDefaultConfig({ locale: LOCALES[currentLanguage()] });

/**
 * antd-mobile 5 renders its imperative overlays (Dialog.confirm, ImageViewer.show) with the legacy
 * ReactDOM.render, which React 19 no longer has. Give it a createRoot-based renderer, once. Imported
 * first by the shell: antd-mobile is used only behind it, so this runs before any of its components
 * (the light first screen does not load the library at all).
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
