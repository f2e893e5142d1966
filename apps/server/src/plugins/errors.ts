import { API_BASE, familyMsg, isMsgKey } from '@kabuto/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { uniqueViolationKey } from '../lib/unique-violations.ts';

type Params = Record<string, string | number> | undefined;

/** The call a request is for, as the family's texts name it (`/user/login`), or none outside `/api/vue`. */
function callPath(request: FastifyRequest): string | undefined {
  const url = request.url.split('?')[0].toLowerCase();
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : undefined;
}

/** `{status: 0, code: <key>, msg: <the family's text>, params}` (docs/wire.md, "Replies" and "Messages"). */
function send(request: FastifyRequest, reply: FastifyReply, http: number, code: string, params?: Params) {
  const field = params && typeof params.field === 'string' ? params.field : undefined;
  const msg = familyMsg(code, params, { path: callPath(request), field });
  const body: { status: 0; code: string; msg: string; params?: Record<string, string> } = {
    status: 0,
    code,
    msg,
  };
  if (params && Object.keys(params).length > 0) {
    body.params = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  }
  return reply.code(http).type('application/json; charset=utf-8').send(body);
}

/** The field an issue is about: its path, or for unknown keys the first unknown key. */
function issueField(issue: { instancePath?: string; params?: Record<string, unknown> }): string {
  const keys = issue.params?.keys;
  if (Array.isArray(keys) && keys.length > 0) return String(keys[0]);
  return (issue.instancePath ?? '').replace(/^\//, '').split('/')[0] || 'body';
}

/**
 * Every failure becomes `{status: 0, code: <key>, msg: <the family's text>, params}`: refusals with HTTP 200, transport problems with
 * their HTTP status (401, 404, 413, 415, 429), anything unexpected with 500 and `server.error` — the
 * exception is logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return send(request, reply, err.httpStatus, err.msg, err.params);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0] as unknown as {
        message: string;
        instancePath?: string;
        params?: Record<string, unknown>;
      };
      const msg = isMsgKey(issue.message) ? issue.message : 'validation.invalid';
      return send(request, reply, 200, msg, { field: issueField(issue) });
    }
    // A race past a service's own check meets the unique constraint: the refusal that check would give.
    const unique = uniqueViolationKey(err);
    if (unique) return send(request, reply, 200, unique);
    const status = err.statusCode ?? 500;
    if (
      status === 413 ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      return send(request, reply, 413, 'request.tooLarge');
    }
    if (status === 429) return send(request, reply, 429, 'request.rateLimited');
    if (status === 415) return send(request, reply, 415, 'request.badFormat');
    if (status >= 400 && status < 500) return send(request, reply, 200, 'request.badFormat');
    request.log.error({ err }, 'unhandled error');
    return send(request, reply, 500, 'server.error');
  });
  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'request.notFound'));
}
