import { loadOnce } from './chunk.ts';
import { currentLanguage, tr } from './i18n.ts';
import { showToast, type ToastOptions } from './toast.ts';

export type MsgParams = Record<string, string | number>;

/**
 * The msg catalogue grows with every feature, so it is not part of the first screen: it loads on the
 * first reply that needs translating (and is prefetched once the app is idle).
 */
export const loadMessages: () => Promise<typeof import('./msg-catalogue.ts')> = loadOnce(
  () => import('./msg-catalogue.ts'),
);

/** `params.field` carries a wire field name; show the field's label instead when we have one. */
function localiseParams(params?: MsgParams): MsgParams | undefined {
  if (!params || typeof params.field !== 'string') return params;
  const label = tr(`fields.${params.field}`, { defaultValue: '' });
  return label ? { ...params, field: label } : params;
}

/** Translate a msg key from the server (or the client's own checks) into the current language. */
export async function translateMsg(key: string, params?: MsgParams): Promise<string> {
  try {
    const { translate } = await loadMessages();
    return translate(key, currentLanguage(), localiseParams(params));
  } catch {
    return tr(key === 'network.error' ? 'errors.network' : 'errors.generic');
  }
}

/** Toast a msg key for 2 seconds (refusals and successes alike). */
export function showMsg(key: string, params?: MsgParams, options?: ToastOptions): void {
  void translateMsg(key, params).then((text) => showToast(text, options));
}

/** A success toast that stays while the app moves on to the next screen. */
export function showMsgAcrossNavigation(key: string, params?: MsgParams): void {
  showMsg(key, params, { keepOnNavigation: true });
}
