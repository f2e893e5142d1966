import { isMsgKey } from '@kabuto/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { uniqueViolationKey } from '../lib/unique-violations.ts';

type Params = Record<string, string | number> | undefined;

function send(reply: FastifyReply, http: number, msg: string, params?: Params) {
  const body: { status: 0; msg: string; params?: Record<string, string> } = { status: 0, msg };
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
 * Every failure becomes `{status: 0, msg: <key>, params}`: refusals with HTTP 200, transport problems with
 * their HTTP status (401, 404, 413, 415, 429), anything unexpected with 500 and `server.error` — the
 * exception is logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return send(reply, err.httpStatus, err.msg, err.params);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0] as unknown as {
        message: string;
        instancePath?: string;
        params?: Record<string, unknown>;
      };
      const msg = isMsgKey(issue.message) ? issue.message : 'validation.invalid';
      return send(reply, 200, msg, { field: issueField(issue) });
    }
    // A race past a service's own check meets the unique constraint: the refusal that check would give.
    const unique = uniqueViolationKey(err);
    if (unique) return send(reply, 200, unique);
    const status = err.statusCode ?? 500;
    if (
      status === 413 ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      return send(reply, 413, 'request.tooLarge');
    }
    if (status === 429) return send(reply, 429, 'request.rateLimited');
    if (status === 415) return send(reply, 415, 'request.badFormat');
    if (status >= 400 && status < 500) return send(reply, 200, 'request.badFormat');
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'server.error');
  });
  app.setNotFoundHandler((_request, reply) => send(reply, 404, 'request.notFound'));
}
