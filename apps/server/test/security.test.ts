import { API_DB_KINDS } from '@kabuto/db/testing';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '../src/shared/settings.ts';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  readyUser,
  type Session,
  type TestApp,
} from './support/app.ts';
import { type SoftPasskey, softPasskey } from './support/authenticator.ts';

const HOST = { host: 'localhost' };
const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(API_DB_KINDS)(
  'passkeys, TOTP, step-up, login notices and devices on %s',
  { timeout: 120_000 },
  (kind) => {
    let t: TestApp;
    let op: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      op = await t.adminLogin();
    });
    afterAll(async () => {
      await t?.close();
    });

    const as = (s: { token: string }, headers: Record<string, string> = {}) => ({
      token: s.token,
      headers: { ...HOST, ...headers },
    });

    /** Enrols a software passkey for a signed-in user (with a step-up proof when one is needed). */
    async function enrolPasskey(s: { token: string }, proof?: string): Promise<SoftPasskey> {
      const key = softPasskey();
      const { options } = expectOk(await t.call('/user/passkeyOptions', {}, as(s)));
      expect(options.authenticatorSelection.userVerification).toBe('required');
      const cred = key.register(options);
      expectOk(
        await t.call(
          '/user/passkeyAdd',
          { name: 'phone', credential: cred },
          as(s, proof ? { 'step-up': proof } : {}),
        ),
      );
      return key;
    }

    async function stepUpWith(s: { token: string }, key: SoftPasskey): Promise<string> {
      const o = expectOk(await t.call('/user/stepUpOptions', {}, as(s)));
      expect(o.methods).toContain('passkey');
      return expectOk(await t.call('/user/stepUp', { credential: key.assert(o.options) }, as(s))).proof;
    }

    async function passwordLogin(
      s: { account: string; password: string },
      headers: Record<string, string> = {},
    ) {
      return expectOk(
        await t.call(
          '/user/login',
          { account: s.account, password: s.password },
          { headers: { ...HOST, ...headers } },
        ),
      );
    }

    async function secondFactorPasskey(ticket: string, key: SoftPasskey) {
      const { options } = expectOk(await t.call('/user/passkeyLoginOptions', { ticket }, { headers: HOST }));
      return t.call(
        '/user/passkeyLogin',
        { ticket, credential: key.assert(options) },
        { headers: { ...HOST, 'user-agent': UA } },
      );
    }

    it('enrols a passkey; the password alone then gives a ticket, the passkey finishes the sign-in', async () => {
      const s = await t.newUser('pk');
      const key = await enrolPasskey(s);
      const status = expectOk(await t.call('/user/security', {}, as(s)));
      expect(status.passkeys).toHaveLength(1);
      expect(status.passkeys[0].name).toBe('phone');

      const first = await passwordLogin(s);
      expect(first.token).toBeUndefined();
      expect(first.methods).toEqual(['passkey']);
      const done = expectOk(await secondFactorPasskey(first.ticket, key));
      expect(done.token).toEqual(expect.any(String));
      expect(done.account).toBe(s.account);
      // the ticket is used up
      expectRefusal(
        await t.call('/user/passkeyLoginOptions', { ticket: first.ticket }, { headers: HOST }),
        'security.ticketInvalid',
      );

      // the new sign-in sent a notice with the device and the coarse place
      const list = expectOk(await t.call('/user/notice', { lang: 'us' }, { token: done.token }));
      const notice = list.find((n: { title: string }) => n.title === 'New sign-in to your account');
      expect(notice).toBeDefined();
      const detail = expectOk(
        await t.call('/user/noticedetail', { id: notice.id, lang: 'us' }, { token: done.token }),
      );
      expect(detail.content).toContain('Safari 18 / iOS');
      expect(detail.content).toContain('password + passkey');
      expect(detail.content).toContain('This server itself (loopback)');
    });

    it('signs in without a password with a discoverable passkey', async () => {
      const s = await t.newUser('pl');
      const key = await enrolPasskey(s);
      const { options } = expectOk(await t.call('/user/passkeyLoginOptions', {}, { headers: HOST }));
      expect(options.allowCredentials ?? []).toEqual([]);
      const r = expectOk(
        await t.call('/user/passkeyLogin', { credential: key.assert(options) }, { headers: HOST }),
      );
      expect(r.account).toBe(s.account);
      expectOk(await t.call('/user/getUserinfo', {}, { token: r.token }));
    });

    it('refuses a wrong challenge, a replayed challenge and another user\u2019s passkey', async () => {
      const a = await t.newUser('ra');
      const b = await t.newUser('rb');
      const keyA = await enrolPasskey(a);
      const keyB = await enrolPasskey(b);

      // a challenge the server never issued
      const { options } = expectOk(await t.call('/user/passkeyLoginOptions', {}, { headers: HOST }));
      const forged = keyA.assert(options, 'http://localhost', {
        challenge: Buffer.alloc(32, 7).toString('base64url'),
      });
      expectRefusal(
        await t.call('/user/passkeyLogin', { credential: forged }, { headers: HOST }),
        'security.challengeInvalid',
      );

      // a good answer, then the same answer again
      const good = keyA.assert(options);
      expectOk(await t.call('/user/passkeyLogin', { credential: good }, { headers: HOST }));
      expectRefusal(
        await t.call('/user/passkeyLogin', { credential: good }, { headers: HOST }),
        'security.challengeInvalid',
      );

      // B's password step, answered with A's passkey
      const ticketB = (await passwordLogin(b)).ticket;
      const o = expectOk(await t.call('/user/passkeyLoginOptions', { ticket: ticketB }, { headers: HOST }));
      expectRefusal(
        await t.call(
          '/user/passkeyLogin',
          { ticket: ticketB, credential: keyA.assert(o.options) },
          { headers: HOST },
        ),
        'security.passkeyFailed',
      );
      // …and a step-up in B's session with A's passkey
      const sb = expectOk(await secondFactorPasskey((await passwordLogin(b)).ticket, keyB));
      const so = expectOk(await t.call('/user/stepUpOptions', {}, as(sb)));
      expectRefusal(
        await t.call('/user/stepUp', { credential: keyA.assert(so.options) }, as(sb)),
        'security.passkeyFailed',
      );
      // a response from another origin
      const o2 = expectOk(await t.call('/user/passkeyLoginOptions', {}, { headers: HOST }));
      expectRefusal(
        await t.call(
          '/user/passkeyLogin',
          { credential: keyA.assert(o2.options, 'https://evil.example') },
          { headers: HOST },
        ),
        'security.passkeyFailed',
      );
      // passkeys need a host that can hold them
      expectRefusal(
        await t.call('/user/passkeyLoginOptions', {}, { headers: { host: '127.0.0.1' } }),
        'security.passkeyUnavailable',
      );
    });

    it('asks for a step-up on withdrawals, bank cards and fund passwords once enrolled; a proof is good once', async () => {
      const s = await readyUser(t, { fund: '200000', opToken: op });
      const withdraw = (headers: Record<string, string> = {}) =>
        t.call(
          '/user/withdrawal',
          { money: '1000', bankid: s.cardId, passwords: '112233', type: 'jpy' },
          { token: s.token, headers: { ...HOST, 'idempotency-key': crypto.randomUUID(), ...headers } },
        );
      const key = await enrolPasskey(s);
      expectRefusal(await withdraw(), 'security.stepUpRequired');
      expectRefusal(await withdraw({ 'step-up': 'x'.repeat(43) }), 'security.stepUpRequired');
      const proof = await stepUpWith(s, key);
      expectOk(await withdraw({ 'step-up': proof }));

      const card = {
        realname: s.realname,
        bank_num: '7001234',
        bank_name: 'みずほ銀行',
        bank_address: '本店',
        bank_code: '001',
        account_type: 'ordinary',
      };
      expectRefusal(await t.call('/user/addCard', card, as(s)), 'security.stepUpRequired');
      // the withdrawal used its proof: it is no good a second time
      expectRefusal(
        await t.call('/user/addCard', card, as(s, { 'step-up': proof })),
        'security.stepUpRequired',
      );
      expectOk(await t.call('/user/addCard', card, as(s, { 'step-up': await stepUpWith(s, key) })));
      expectRefusal(await t.call('/user/delbakcard', { bankid: s.cardId }, as(s)), 'security.stepUpRequired');
      const change = { old_pass: '112233', new_pass: '445566', new_passs: '445566' };
      expectRefusal(await t.call('/user/changePasswords', change, as(s)), 'security.stepUpRequired');
      expectOk(await t.call('/user/changePasswords', change, as(s, { 'step-up': await stepUpWith(s, key) })));

      // a proof made in another session of the same user does not count here
      const other = expectOk(await secondFactorPasskey((await passwordLogin(s)).ticket, key));
      const foreign = await stepUpWith(other, key);
      expectRefusal(
        await t.call('/user/delbakcard', { bankid: s.cardId }, as(s, { 'step-up': foreign })),
        'security.stepUpRequired',
      );
      // adding a second passkey needs a proof too, so a stolen session cannot plant its own
      const extra = softPasskey();
      const { options } = expectOk(await t.call('/user/passkeyOptions', {}, as(s)));
      expectRefusal(
        await t.call('/user/passkeyAdd', { name: 'other', credential: extra.register(options) }, as(s)),
        'security.stepUpRequired',
      );
    });

    it('lets operators require enrolment before sensitive calls', async () => {
      const s = await readyUser(t, { opToken: op });
      await saveSetting(t.db, 'security_enrolment_required', true);
      try {
        const change = { old_pass: '112233', new_pass: '445566', new_passs: '445566' };
        expectRefusal(await t.call('/user/changePasswords', change, as(s)), 'security.enrolmentRequired');
        const login = await passwordLogin(s);
        expect(login.enrol_required).toBe(true);
        expect(expectOk(await t.call('/user/security', {}, as(s))).required).toBe(true);
        // enrolling is allowed, and then the last factor cannot be removed
        const key = await enrolPasskey(s);
        const id = expectOk(await t.call('/user/security', {}, as(s))).passkeys[0].id;
        expectRefusal(
          await t.call('/user/passkeyDelete', { id }, as(s, { 'step-up': await stepUpWith(s, key) })),
          'security.lastFactor',
        );
      } finally {
        await saveSetting(t.db, 'security_enrolment_required', false);
      }
    });

    it('TOTP: set up with a QR code, confirm, sign in with a code; wrong and replayed codes are refused', async () => {
      const s = await t.newUser('tp');
      const setup = expectOk(await t.call('/user/totpSetup', {}, as(s)));
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Kabuto:/);
      expect(setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      const totp = new TOTP({
        secret: Secret.fromBase32(setup.secret),
        digits: 6,
        period: 30,
        algorithm: 'SHA1',
      });
      const now = Date.now();
      const code = (offset = 0) => totp.generate({ timestamp: now + offset * 30_000 });
      expectRefusal(await t.call('/user/totpEnable', { code: code(5) }, as(s)), 'security.wrongCode');
      const { recovery_codes } = expectOk(await t.call('/user/totpEnable', { code: code(-1) }, as(s)));
      expect(recovery_codes).toHaveLength(10);

      const ticket = (await passwordLogin(s)).ticket;
      expect((await passwordLogin(s)).methods).toEqual(['totp']);
      expectRefusal(
        await t.call('/user/totpLogin', { ticket, code: code(5) }, { headers: HOST }),
        'security.wrongCode',
      );
      const signedIn = expectOk(
        await t.call('/user/totpLogin', { ticket, code: code(0) }, { headers: HOST }),
      );
      expect(signedIn.token).toEqual(expect.any(String));
      // the same code again (a new ticket): refused, a code is good once
      const t2 = (await passwordLogin(s)).ticket;
      expectRefusal(
        await t.call('/user/totpLogin', { ticket: t2, code: code(0) }, { headers: HOST }),
        'security.wrongCode',
      );
      // a recovery code works once
      expectOk(await t.call('/user/totpLogin', { ticket: t2, code: recovery_codes[0] }, { headers: HOST }));
      const t3 = (await passwordLogin(s)).ticket;
      expectRefusal(
        await t.call('/user/totpLogin', { ticket: t3, code: recovery_codes[0] }, { headers: HOST }),
        'security.wrongCode',
      );
      expect(expectOk(await t.call('/user/security', {}, as(s))).recovery_codes_left).toBe(9);
      // five wrong codes use the ticket up
      for (let i = 0; i < 4; i++)
        expectRefusal(
          await t.call('/user/totpLogin', { ticket: t3, code: '000000' }, { headers: HOST }),
          'security.wrongCode',
        );
      expectRefusal(
        await t.call('/user/totpLogin', { ticket: t3, code: code(1) }, { headers: HOST }),
        'security.ticketInvalid',
      );
      // step-up with a code
      const proof = expectOk(await t.call('/user/stepUp', { code: code(1) }, as(s))).proof;
      expect(proof).toEqual(expect.any(String));
      expectRefusal(await t.call('/user/stepUp', { code: '123456' }, as(s)), 'security.wrongCode');
      expectRefusal(
        await t.call('/user/totpLogin', { ticket: 'x'.repeat(43), code: '123456' }, { headers: HOST }),
        'security.ticketInvalid',
      );
    });

    it('lists devices and signs one out; another user\u2019s session cannot be signed out', async () => {
      const a = await t.newUser('da');
      const b = await t.newUser('db');
      const second = await passwordLogin(a, { 'user-agent': UA });
      const list = expectOk(await t.call('/user/sessions', {}, as(a)));
      expect(list).toHaveLength(2);
      const mine = list.find((x: { current: boolean }) => x.current);
      const phone = list.find((x: { current: boolean }) => !x.current);
      expect(mine).toBeDefined();
      expect(phone.device).toBe('Safari 18 / iOS');
      expect(phone.location).toBe('location.loopback');

      const bList = expectOk(await t.call('/user/sessions', {}, as(b)));
      expectRefusal(
        await t.call('/user/sessionRevoke', { id: bList[0].id }, as(a)),
        'security.sessionNotFound',
      );
      expectOk(await t.call('/user/getUserinfo', {}, { token: b.token }));

      expectOk(await t.call('/user/sessionRevoke', { id: phone.id }, as(a)));
      const r = await t.call('/user/getUserinfo', {}, { token: second.token });
      expect(r.http).toBe(401);
      expectRefusal(await t.call('/user/sessionRevoke', { id: phone.id }, as(a)), 'security.sessionNotFound');
    });

    it('refuses malformed bodies with msg keys', async () => {
      const s: Session = await t.newUser('bi');
      expectRefusal(
        await t.call('/user/totpLogin', { ticket: 'short', code: '1' }, { headers: HOST }),
        'security.ticketInvalid',
      );
      expectRefusal(
        await t.call('/user/passkeyAdd', { name: 'x', credential: { id: 'a' } }, as(s)),
        'validation.invalid',
      );
      expectRefusal(await t.call('/user/stepUp', { code: 'abc' }, as(s)), 'security.codeFormat');
      expectRefusal(await t.call('/user/sessionRevoke', { id: 'nope' }, as(s)), 'validation.invalid');
    });
    it('operators enrol a passkey and then sign in with it after the password', async () => {
      const adminCall = (path: string, body: Record<string, unknown>, token?: string) =>
        t.app
          .inject({
            method: 'POST',
            url: `/api/admin${path}`,
            headers: {
              'content-type': 'application/json',
              host: 'localhost',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: JSON.stringify(body),
          })
          .then((raw) => ({ http: raw.statusCode, body: raw.json(), raw }));
      const created = expectOk(
        await t.admin(
          '/operators/save',
          { username: 'pkop', password: 'operator-pass-1', role: 'reviewer', reason: 'passkey test' },
          op,
        ),
      );
      expect(created).toBeDefined();
      const token = expectOk(
        await adminCall('/auth/login', { username: 'pkop', password: 'operator-pass-1' }),
      ).token;
      const key = softPasskey();
      const { options } = expectOk(await adminCall('/auth/passkeyOptions', {}, token));
      expectOk(
        await adminCall('/auth/passkeyAdd', { name: 'laptop', credential: key.register(options) }, token),
      );
      expect(expectOk(await adminCall('/auth/passkeys', {}, token))).toHaveLength(1);

      const first = expectOk(
        await adminCall('/auth/login', { username: 'pkop', password: 'operator-pass-1' }),
      );
      expect(first.token).toBeUndefined();
      const o = expectOk(await adminCall('/auth/passkeyLoginOptions', { ticket: first.ticket }));
      // a user's passkey does not open an operator's sign-in
      const userKey = await enrolPasskey(await t.newUser('ou'));
      expectRefusal(
        await adminCall('/auth/passkeyLogin', {
          ticket: first.ticket,
          credential: userKey.assert(o.options),
        }),
        'security.passkeyFailed',
      );
      const o2 = expectOk(await adminCall('/auth/passkeyLoginOptions', { ticket: first.ticket }));
      const done = expectOk(
        await adminCall('/auth/passkeyLogin', { ticket: first.ticket, credential: key.assert(o2.options) }),
      );
      expect(expectOk(await adminCall('/auth/me', {}, done.token)).username).toBe('pkop');
      expectRefusal(
        await adminCall('/auth/passkeyLoginOptions', { ticket: first.ticket }),
        'security.ticketInvalid',
      );
    });
  },
);
