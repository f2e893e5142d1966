import type { Deps } from '../../deps.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import type { Module } from '../module.ts';
import { authRoutes } from './auth.routes.ts';
import { authService } from './auth.service.ts';
import { passkeysService } from './passkeys.service.ts';
import { securityRoutes } from './security.routes.ts';

export interface AuthOffers {
  /** A fresh second-factor proof for a sensitive change (bank cards, withdrawals). */
  stepUp: StepUpCheck;
}

/** Registration, login, passwords; passkeys, TOTP, step-up and the user's sessions. */
export function authModule(deps: Deps): Module<AuthOffers> {
  const security = passkeysService(deps);
  const auth = authService(deps, security);
  return {
    name: 'auth',
    offers: { stepUp: security.requireStepUp },
    routes(kit) {
      authRoutes(kit, deps, auth);
      securityRoutes(kit, deps, security);
    },
  };
}
