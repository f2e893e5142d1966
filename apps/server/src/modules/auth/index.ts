import type { Deps } from '../../deps.ts';
import { mailOutbox } from '../../shared/mail/index.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import type { Module } from '../module.ts';
import { authRoutes } from './auth.routes.ts';
import { authService } from './auth.service.ts';
import { emailRoutes } from './email.routes.ts';
import { emailService } from './email.service.ts';
import { passkeysService } from './passkeys.service.ts';
import { securityRoutes } from './security.routes.ts';

export interface AuthOffers {
  /** A fresh second-factor proof for a sensitive change (bank cards, withdrawals). */
  stepUp: StepUpCheck;
}

/**
 * Registration, login, passwords; passkeys, TOTP, step-up and the user's sessions; the email address,
 * password reset by email and the mail outbox (its sender runs in every process; SMTP_URL names the
 * server, docs/deploy.md "Email").
 */
export function authModule(deps: Deps, needs: { log: Parameters<typeof mailOutbox>[3] }): Module<AuthOffers> {
  const security = passkeysService(deps);
  const mail = mailOutbox(deps.env, deps.db, deps.timers, needs.log);
  const email = emailService(deps, mail.available);
  const auth = authService(deps, security, email);
  return {
    name: 'auth',
    offers: { stepUp: security.requireStepUp },
    routes(kit) {
      authRoutes(kit, deps, auth);
      securityRoutes(kit, deps, security);
      emailRoutes(kit, email);
    },
    close: () => mail.close(),
  };
}
