import type { accountApi, BodyOf, DataOf, securityApi } from '@kabuto/contract';
import type { PasswordChange, Registration } from './auth.service.ts';
import type { PasskeysService } from './passkeys.service.ts';

/** The sign-in area's contract names to the service's English ones. */

/** `/user/register`: `pwd` and `pwd1` are the password twice, `inviter` the inviter's invite code. */
export const registration = (b: BodyOf<typeof accountApi.register>): Registration => ({
  account: b.account,
  password: b.pwd,
  passwordAgain: b.pwd1,
  inviteCode: b.inviter,
  email: b.email,
  lang: b.lang,
});

/** A password change: `old_pass` the current one, `new_pass` and `new_passs` the new one twice. */
export const passwordChange = (
  b: BodyOf<typeof accountApi.changePassword | typeof accountApi.changeFundPassword>,
): PasswordChange => ({ current: b.old_pass, next: b.new_pass, nextAgain: b.new_passs });

/** `/user/setPasswords`: the first fund password, twice. */
export const newFundPassword = (b: BodyOf<typeof accountApi.setFundPassword>) => ({
  next: b.new_pass,
  nextAgain: b.new_passs,
});

type Result<K extends keyof PasskeysService> = Awaited<ReturnType<PasskeysService[K]>>;

/** A sign-in's reply: a session (`enrol_required` when operators ask for a factor first) or a ticket. */
export function signInReply(r: Result<'afterPassword'>): DataOf<typeof accountApi.login> {
  if (!('enrolRequired' in r)) return r;
  const { enrolRequired, ...signedIn } = r;
  return { ...signedIn, enrol_required: enrolRequired };
}

/** `/user/securityStatus`: the passkeys, whether TOTP is on, the recovery codes left, the operators' rule. */
export const securityStatusReply = (s: Result<'status'>): DataOf<typeof securityApi.status> => ({
  passkeys: s.passkeys.map((p) => ({
    id: p.id,
    name: p.name,
    create_time: p.createdAt,
    last_used: p.lastUsedAt,
  })),
  totp: s.totp,
  recovery_codes_left: s.recoveryCodesLeft,
  required: s.required,
});

/** `/user/totpEnable`: the recovery codes, shown once. */
export const recoveryCodesReply = (r: Result<'totpEnable'>): DataOf<typeof securityApi.totpEnable> => ({
  recovery_codes: r.recoveryCodes,
});

/** `/user/stepUp`: the proof and how many seconds it lives. */
export const stepUpReply = (r: Result<'stepUp'>): DataOf<typeof securityApi.stepUp> => ({
  proof: r.proof,
  expires_in: r.expiresInSeconds,
});

/** `/user/sessions`: the signed-in devices. */
export const sessionRow = (s: Result<'sessions'>[number]): DataOf<typeof securityApi.sessions>[number] => ({
  id: s.id,
  device: s.device,
  location: s.location,
  ip: s.ip,
  create_time: s.createdAt,
  last_seen: s.lastSeenAt,
  current: s.current,
});
