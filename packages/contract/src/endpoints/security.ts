import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, id, text } from '../fields.ts';

/**
 * Sign-in security: passkeys (WebAuthn), an authenticator app (TOTP, RFC 6238) with one-time recovery
 * codes, the step-up proof that withdrawals, bank-card changes and fund-password changes need once a
 * factor is enrolled, and the list of signed-in devices. Operators' passkeys are at the end (/api/admin).
 */
const tag = 'security';
const empty = body({});

/** base64url as WebAuthn JSON carries it (SimpleWebAuthn's browser side sends this shape). */
const b64url = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .max(max, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'validation.invalid');

const attachment = z.enum(['platform', 'cross-platform'], { error: 'validation.invalid' }).optional();
const extensions = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .catchall(z.unknown());

/** The browser's answer to navigator.credentials.create(), as JSON. */
export const registrationCredential = z.object(
  {
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal('public-key', { error: 'validation.invalid' }),
    response: z.object({
      clientDataJSON: b64url(4000),
      attestationObject: b64url(20_000),
      authenticatorData: b64url(20_000).optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4000).optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensions,
  },
  { error: 'validation.invalid' },
);

/** The browser's answer to navigator.credentials.get(), as JSON. */
export const authenticationCredential = z.object(
  {
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal('public-key', { error: 'validation.invalid' }),
    response: z.object({
      clientDataJSON: b64url(4000),
      authenticatorData: b64url(20_000),
      signature: b64url(4000),
      userHandle: b64url(400).optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensions,
  },
  { error: 'validation.invalid' },
);

/** A 6-digit authenticator-app code or a recovery code (xxxxx-xxxxx). */
const code = () =>
  text(16)
    .regex(/^(\d{6}|[A-Za-z2-9]{5}-?[A-Za-z2-9]{5})$/, 'security.codeFormat')
    .describe('6-digit code or recovery code');
/** The one-time ticket a password login returns when a second factor is needed. */
const ticket = () =>
  z.string({ error: 'validation.invalid' }).regex(/^[A-Za-z0-9_-]{43}$/, 'security.ticketInvalid');
const passkeyName = () => text(40).describe('a name for the passkey, e.g. "iPhone"');

export const FACTORS = ['passkey', 'totp'] as const;
export type Factor = (typeof FACTORS)[number];

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
const webauthnOptions = z.record(z.string(), z.unknown());

// ------------------------------------------------------------------ sign in

export const loginData = z.object({
  account: z.string(),
  token: z.string().optional().describe('present when signed in'),
  ticket: z
    .string()
    .optional()
    .describe('present when a second factor is needed: send it with one of `methods`'),
  methods: z.array(z.enum(FACTORS)).optional(),
  enrol_required: z
    .boolean()
    .optional()
    .describe('operators require a passkey or TOTP: open the security screen'),
});

export const passkeyLoginOptions = endpoint({
  path: '/user/passkeyLoginOptions',
  auth: false,
  tag,
  summary:
    'WebAuthn request options: with `ticket`, the second factor after a password; without, a passwordless sign-in with a discoverable passkey. The challenge lives 5 minutes and is good once.',
  body: body({ ticket: ticket().optional() }),
  data: z.object({ options: webauthnOptions }),
});

export const passkeyLogin = endpoint({
  path: '/user/passkeyLogin',
  auth: false,
  tag,
  summary: 'Sign in with a passkey (user verification required); `ticket` when it is the second factor.',
  body: body({ ticket: ticket().optional(), credential: authenticationCredential }),
  data: loginData,
});

export const totpLogin = endpoint({
  path: '/user/totpLogin',
  auth: false,
  tag,
  summary: 'Second factor after a password: an authenticator-app code or a one-time recovery code.',
  body: body({ ticket: ticket(), code: code() }),
  data: loginData,
});

// ------------------------------------------------------------------ enrolment

export const status = endpoint({
  path: '/user/security',
  auth: true,
  tag,
  summary: "The user's passkeys, whether TOTP is on, recovery codes left, and whether enrolment is required.",
  body: empty,
  data: z.object({
    passkeys: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        create_time: z.number(),
        last_used: z.number().nullable(),
      }),
    ),
    totp: z.boolean(),
    recovery_codes_left: z.number(),
    required: z.boolean(),
  }),
});

export const passkeyOptions = endpoint({
  path: '/user/passkeyOptions',
  auth: true,
  tag,
  summary: 'WebAuthn creation options to enrol a passkey (discoverable, user verification required).',
  body: empty,
  data: z.object({ options: webauthnOptions }),
});

export const passkeyAdd = endpoint({
  path: '/user/passkeyAdd',
  auth: true,
  tag,
  summary:
    'Enrol the passkey the browser created for the last options (a step-up proof once a factor exists).',
  body: body({ name: passkeyName(), credential: registrationCredential }),
  data: z.object({ id: z.string() }),
});

export const passkeyDelete = endpoint({
  path: '/user/passkeyDelete',
  auth: true,
  tag,
  summary: 'Remove a passkey (needs a step-up proof).',
  body: body({ id: id() }),
  data: z.null(),
});

export const totpSetup = endpoint({
  path: '/user/totpSetup',
  auth: true,
  tag,
  summary:
    'A new TOTP secret to add to an authenticator app (QR code as an SVG data URL, and the secret to type); it is on once confirmed.',
  body: empty,
  data: z.object({ secret: z.string(), uri: z.string(), qr: z.string() }),
});

export const totpEnable = endpoint({
  path: '/user/totpEnable',
  auth: true,
  tag,
  summary: 'Confirm the secret with a first code; returns 10 one-time recovery codes, shown this once.',
  body: body({ code: text(6).regex(/^\d{6}$/, 'security.codeFormat') }),
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

export const totpDisable = endpoint({
  path: '/user/totpDisable',
  auth: true,
  tag,
  summary: 'Turn TOTP off and drop its recovery codes (needs a step-up proof).',
  body: empty,
  data: z.null(),
});

// ------------------------------------------------------------------ step-up

export const stepUpOptions = endpoint({
  path: '/user/stepUpOptions',
  auth: true,
  tag,
  summary: 'The factors the user can confirm with, and WebAuthn request options for their passkeys.',
  body: empty,
  data: z.object({ methods: z.array(z.enum(FACTORS)), options: webauthnOptions.nullable() }),
});

export const stepUp = endpoint({
  path: '/user/stepUp',
  auth: true,
  tag,
  summary:
    'Confirm with a passkey (`credential`) or a code (`code`); returns a proof for the `step-up` header of the next sensitive call of this session (5 minutes, good once).',
  body: body({ credential: authenticationCredential.optional(), code: code().optional() }),
  data: z.object({ proof: z.string(), expires_in: z.number() }),
});

// ------------------------------------------------------------------ devices

export const sessions = endpoint({
  path: '/user/sessions',
  auth: true,
  tag,
  summary: 'Signed-in devices: browser and system from the user agent, a coarse place from the address.',
  body: empty,
  data: z.array(
    z.object({
      id: z.string(),
      device: z.string(),
      location: z.string().describe('a location msg key'),
      ip: z.string().describe('masked'),
      create_time: z.number(),
      last_seen: z.number(),
      current: z.boolean(),
    }),
  ),
});

export const sessionRevoke = endpoint({
  path: '/user/sessionRevoke',
  auth: true,
  tag,
  summary: 'Sign out one of your devices: its token stops working at once.',
  body: body({ id: id() }),
  data: z.null(),
});

// ------------------------------------------------------------------ operators (/api/admin)

export const operatorLoginData = z.object({
  username: z.string(),
  role: z.enum(['reviewer', 'operator', 'admin']),
  token: z.string().optional(),
  ticket: z.string().optional().describe('present when the operator has passkeys: sign in with one next'),
});

export const operatorPasskeys = endpoint({
  path: '/auth/passkeys',
  auth: true,
  tag: 'admin',
  summary: "The operator's passkeys.",
  body: empty,
  data: z.array(
    z.object({ id: z.string(), name: z.string(), create_time: z.number(), last_used: z.number().nullable() }),
  ),
});

export const operatorPasskeyOptions = endpoint({
  path: '/auth/passkeyOptions',
  auth: true,
  tag: 'admin',
  summary: 'WebAuthn creation options to enrol a passkey for the operator.',
  body: empty,
  data: z.object({ options: webauthnOptions }),
});

export const operatorPasskeyAdd = endpoint({
  path: '/auth/passkeyAdd',
  auth: true,
  tag: 'admin',
  summary:
    'Enrol the passkey the browser created; from then on the operator signs in with it after the password.',
  body: body({ name: passkeyName(), credential: registrationCredential }),
  data: z.object({ id: z.string() }),
});

export const operatorPasskeyLoginOptions = endpoint({
  path: '/auth/passkeyLoginOptions',
  auth: false,
  tag: 'admin',
  summary: 'WebAuthn request options for the second step of an operator sign-in.',
  body: body({ ticket: ticket() }),
  data: z.object({ options: webauthnOptions }),
});

export const operatorPasskeyLogin = endpoint({
  path: '/auth/passkeyLogin',
  auth: false,
  tag: 'admin',
  summary: 'Second step of an operator sign-in: the passkey.',
  body: body({ ticket: ticket(), credential: authenticationCredential }),
  data: operatorLoginData,
});
