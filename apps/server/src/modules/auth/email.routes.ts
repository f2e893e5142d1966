import { emailApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { EmailService } from './email.service.ts';

/** The email calls: the address and its link, the notices by mail, password reset by mail. */
export function emailRoutes(kit: RouteKit, email: EmailService): void {
  kit.post(emailApi.settings, async (req) => ok(await email.settings(currentUser(req).id)));

  kit.post(emailApi.setAddress, async (req) => {
    await email.setAddress(currentUser(req).id, req.body.email, req.body.lang);
    return ok(null, 'ok.verifySent');
  });

  kit.post(emailApi.verifyAddress, async (req) => ok(await email.verify(req.body.token), 'ok.emailVerified'));

  kit.post(emailApi.setNotices, async (req) => {
    const { lang, ...notices } = req.body;
    await email.setNotices(currentUser(req).id, notices, lang);
    return ok(null, 'ok.saved');
  });

  kit.post(emailApi.forgotPassword, async (req) => {
    await email.requestReset(req.body.email, req.ip ?? null);
    return ok(null, 'ok.resetSent');
  });

  kit.post(emailApi.resetPassword, async (req) => {
    await email.resetPassword(req.body.token, req.body.new_pass, req.body.new_passs, req.ip ?? null);
    return ok(null, 'ok.passwordReset');
  });
}
