import { createHash } from 'node:crypto';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { checkInvariants } from '@kabuto/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  IMAGES,
  type Session,
  type TestApp,
  uploadImage,
  uploadNameOf,
} from './support/app.ts';

describe.each(API_DB_KINDS)('uploads and identity verification on %s', (kind) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
  });
  afterAll(async () => {
    if (t) expect((await checkInvariants(t.db)).violations).toEqual([]);
    await t?.close();
  });

  const shiming = (s: Session, body: Record<string, unknown>) =>
    t.call('/user/shiming', body, { token: s.token });
  const pendingOf = async (s: Session) =>
    expectOk(await t.admin('/kyc/list', { status: 'pending', size: 200 }, op)).list.find(
      (r: { account: string }) => r.account === s.account,
    );
  const info = async (s: Session) =>
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));

  describe('upload', () => {
    it('accepts JPEG, PNG and WebP by their bytes and stores them under random names', async () => {
      const u = await t.newUser();
      const paths = new Set<string>();
      for (const k of ['jpeg', 'png', 'webp'] as const) {
        const r = await t.upload(u, IMAGES[k](), { filename: 'x.gif', contentType: 'text/plain' });
        expect(r.body.code).toBe('ok.uploaded');
        const path = expectOk(r) as string;
        expect(path).toMatch(
          /^\/api\/vue\/uploads\/[a-f0-9]{32}\.(jpg|png|webp)\?s=\d+&e=\d+&sig=[a-f0-9]{40}$/,
        );
        paths.add(path);
      }
      expect(paths.size).toBe(3);
      const row = await t.db
        .selectFrom('upload')
        .selectAll()
        .where('name', '=', uploadNameOf([...paths][1]))
        .executeTakeFirst();
      expect(row?.content_type).toBe('image/png');
    });

    it('refuses what is not an image, whatever its name or declared type', async () => {
      const u = await t.newUser();
      expectRefusal(
        await t.upload(u, Buffer.from('<?php echo 1; ?>'), { filename: 'a.jpg', contentType: 'image/jpeg' }),
        'upload.badType',
      );
      expectRefusal(await t.upload(u, Buffer.from('GIF89a......'), { filename: 'a.gif' }), 'upload.badType');
      expectRefusal(await t.upload(u, Buffer.alloc(0)), 'upload.failed');
      expectRefusal(await t.upload(u, IMAGES.jpeg(), { field: 'file' }), 'validation.required');
      expectRefusal(await t.call('/common/upload1', {}, { token: u.token }), 'upload.failed');
      // a `card` sent as a plain field is not a file (the field itself is ignored, as unknown fields are)
      expectRefusal(await t.call('/common/upload1', { card: 'x' }, { token: u.token }), 'upload.failed');
      const none = await t.db
        .selectFrom('upload')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .innerJoin('app_user as u', 'u.id', 'upload.owner_id')
        .where('u.account', '=', u.account)
        .executeTakeFirstOrThrow();
      expect(Number(none.n)).toBe(0);
    });

    it('refuses more than 10 MB with 413 upload.tooLarge', async () => {
      const u = await t.newUser();
      const big = Buffer.concat([IMAGES.jpeg(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
      const r = await t.upload(u, big);
      expectRefusal(r, 'upload.tooLarge', 413);
      expect(r.body.params).toEqual({ max: '10' });
      // exactly 10 MB is fine
      const edge = Buffer.concat([IMAGES.png(), Buffer.alloc(10 * 1024 * 1024 - IMAGES.png().length)]);
      expect(edge.length).toBe(10 * 1024 * 1024);
      expectOk(await t.upload(u, edge));
    });

    it('needs a login', async () => {
      const r = await t.upload({ token: 'x'.repeat(40) }, IMAGES.jpeg());
      expect(r.http).toBe(401);
    });

    it('lets the owner read an upload back, nobody else; operators with a token or a signed URL', async () => {
      const a = await t.newUser();
      const b = await t.newUser();
      const bytes = IMAGES.webp();
      const path = expectOk(await t.upload(a, bytes)) as string;
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/vue/uploads/${uploadNameOf(path)}`,
        headers: { token: a.token },
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/webp');
      // what is served is the stored picture, encoded again from what was sent
      const stored = await t.db
        .selectFrom('upload')
        .select('sha256')
        .where('name', '=', uploadNameOf(path))
        .executeTakeFirstOrThrow();
      expect(createHash('sha256').update(own.rawPayload).digest('hex')).toBe(stored.sha256);
      expect(own.rawPayload.subarray(0, 4).toString('latin1')).toBe(bytes.subarray(0, 4).toString('latin1'));
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/vue/uploads/${uploadNameOf(path)}`,
        headers: { token: b.token },
      });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ status: 0, code: 'request.notFound', msg: expect.any(String) });
      const anon = await t.app.inject({ method: 'GET', url: `/api/vue/uploads/${uploadNameOf(path)}` });
      expect(anon.statusCode).toBe(401);
      // uploads are not in any static root
      expect((await t.app.inject({ method: 'GET', url: `/${path}` })).statusCode).toBe(404);

      const name = uploadNameOf(path);
      const opGet = await t.app.inject({
        method: 'GET',
        url: `/api/admin/uploads/${name}`,
        headers: { authorization: `Bearer ${op}` },
      });
      expect(opGet.statusCode).toBe(200);
      expect(opGet.rawPayload.equals(own.rawPayload)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/uploads/${name}` })).statusCode).toBe(401);
      // a user's token is not an operator's
      const asUser = await t.app.inject({
        method: 'GET',
        url: `/api/admin/uploads/${name}`,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(asUser.statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/admin/uploads/../../etc/passwd` })).statusCode,
      ).toBe(404);
    });
  });

  describe('shiming', () => {
    it('walks none → under review → rejected (reason, message) → resubmitted → verified', async () => {
      const u = await t.newUser();
      expect(await info(u)).toMatchObject({ is_true: 0, realname: '', id_card: '' });
      const front = await uploadImage(t, u);
      const back = await uploadImage(t, u, 'png');
      const body = {
        realname: '高橋 美咲',
        id_card: '1234-5678-9012',
        frontcard: front,
        backcard: back,
        privacy: 'on',
      };
      const r = await shiming(u, body);
      expectOk(r);
      expect(r.body.code).toBe('ok.submitted');
      expect(await info(u)).toMatchObject({ is_true: 3, realname: '高橋 美咲', id_card: '12**********12' });
      expectRefusal(await shiming(u, body), 'kyc.pending');

      const row = await pendingOf(u);
      expect(row.front_url).toMatch(
        /^\/api\/admin\/uploads\/[a-f0-9]{32}\.jpg\?s=\d+&e=\d+&sig=[a-f0-9]{40}$/,
      );
      const img = await t.app.inject({ method: 'GET', url: row.front_url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      const tampered = row.front_url.replace(/sig=./, 'sig=0');
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: tampered === row.front_url ? `${row.front_url}0` : tampered,
          })
        ).statusCode,
      ).toBe(401);
      const swapped = row.back_url.replace(/sig=[a-f0-9]+/, row.front_url.match(/sig=([a-f0-9]+)/)[0]);
      expect((await t.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(401);

      expectRefusal(await t.admin('/kyc/decide', { id: row.id, approve: false }, op), 'admin.reasonRequired');
      expectOk(await t.admin('/kyc/decide', { id: row.id, approve: false, reason: '画像が不鮮明です' }, op));
      expectRefusal(await t.admin('/kyc/decide', { id: row.id, approve: true }, op), 'review.alreadyDecided');
      expect(await info(u)).toMatchObject({ is_true: 2, kyc_reason: '画像が不鮮明です' });
      const notices = expectOk(await t.call('/user/notice', { lang: 'jp' }, { token: u.token }));
      expect(notices[0].title).toBe('本人確認が却下されました');
      const detail = expectOk(
        await t.call('/user/noticedetail', { id: notices[0].id, lang: 'us' }, { token: u.token }),
      );
      expect(detail.content).toContain('画像が不鮮明です');

      // resubmission with new images
      const front2 = await uploadImage(t, u, 'webp');
      expectOk(await shiming(u, { ...body, frontcard: front2 }));
      expect((await info(u)).is_true).toBe(3);
      const again = await pendingOf(u);
      expectOk(await t.admin('/kyc/decide', { id: again.id, approve: true }, op));
      expect(await info(u)).toMatchObject({ is_true: 1, realname: '高橋 美咲', kyc_reason: '' });
      expectRefusal(await shiming(u, body), 'kyc.alreadyVerified');
      expectRefusal(
        await t.admin('/kyc/decide', { id: again.id, approve: false, reason: 'x' }, op),
        'review.alreadyDecided',
      );
      expectRefusal(await t.admin('/kyc/decide', { id: '999999', approve: true }, op), 'review.notFound');
    });

    it('refuses each rule of identity verification and writes nothing', async () => {
      const u = await t.newUser();
      const other = await t.newUser();
      const front = await uploadImage(t, u);
      const back = await uploadImage(t, u);
      const theirs = await uploadImage(t, other);
      const ok = { realname: '伊藤 誠', id_card: 'AB123456', frontcard: front, backcard: back, privacy: '1' };
      expectRefusal(await shiming(u, { ...ok, privacy: '0' }), 'kyc.privacyRequired');
      expectRefusal(await shiming(u, { ...ok, privacy: 'no' }), 'kyc.privacyRequired');
      expectRefusal(await shiming(u, { ...ok, realname: '' }), 'validation.required');
      expectRefusal(await shiming(u, { ...ok, id_card: 'AB 123' }), 'kyc.idFormat');
      expectRefusal(await shiming(u, { ...ok, id_card: 'ＡＢ１２３４' }), 'validation.halfWidth');
      const { backcard: __, ...noBack } = ok;
      expectRefusal(await shiming(u, noBack), 'validation.required');
      expectRefusal(await shiming(u, { ...ok, backcard: front }), 'kyc.sameImage');
      expectRefusal(await shiming(u, { ...ok, frontcard: theirs }), 'upload.notFound');
      expectRefusal(await shiming(u, { ...ok, frontcard: 'uploads/../../etc/passwd' }), 'upload.notFound');
      expectRefusal(await shiming(u, { ...ok, frontcard: '/etc/passwd' }), 'upload.notFound');
      expect((await info(u)).is_true).toBe(0);
      // the right body, as a form, with the path's leading slash; the family's field list (no privacy) is accepted too
      const { privacy: _, ...apiMdFields } = ok;
      expectOk(
        await t.call(
          '/user/shiming',
          { ...apiMdFields, frontcard: `/uploads/${uploadNameOf(front)}` },
          { token: u.token, form: true },
        ),
      );
    });

    it('keeps one submission under review when two arrive at once', async () => {
      const u = await t.newUser();
      const body = {
        realname: '渡辺 翔',
        id_card: 'ZX998877',
        frontcard: await uploadImage(t, u),
        backcard: await uploadImage(t, u, 'png'),
        privacy: true,
      };
      const rs = await Promise.all(Array.from({ length: 5 }, () => shiming(u, body)));
      expect(rs.filter((r) => r.body.status === 1)).toHaveLength(1);
      for (const r of rs.filter((x) => x.body.status === 0)) expect(r.body.code).toBe('kyc.pending');
    });
  });
});
