import type { RegisterForm } from './validation.ts';

/**
 * A registration being filled in survives leaving the page (to read the terms, say) and coming back,
 * for the tab's life: kept in session storage, never the password (or its repeat). Cleared once the
 * account is created.
 */
export type RegisterDraft = Pick<RegisterForm, 'account' | 'inviter' | 'terms'>;

const KEY = 'registerDraft';

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: the form simply starts empty
  }
}

export function readRegisterDraft(): Partial<RegisterDraft> {
  try {
    const raw = store()?.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    return {
      ...(typeof v.account === 'string' ? { account: v.account } : {}),
      ...(typeof v.inviter === 'string' ? { inviter: v.inviter } : {}),
      ...(typeof v.terms === 'boolean' ? { terms: v.terms } : {}),
    };
  } catch {
    return {};
  }
}

export function saveRegisterDraft({ account, inviter, terms }: RegisterDraft): void {
  try {
    if (!account && !inviter && !terms) store()?.removeItem(KEY);
    else store()?.setItem(KEY, JSON.stringify({ account, inviter, terms }));
  } catch {
    // quota or disabled storage: the draft is a convenience
  }
}

export function clearRegisterDraft(): void {
  store()?.removeItem(KEY);
}
