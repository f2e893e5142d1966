import { API_BASE, reportsApi } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { type authenticator, currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { ReportRow } from './reports.repo.ts';
import type { ReportsService } from './reports.service.ts';

const rowWire = (r: ReportRow) => ({
  id: r.id.toString(),
  kind: r.kind,
  start: r.period_start,
  end: r.period_end,
  size: r.size,
  sha256: r.sha256,
  create_time: Math.floor(r.created_at.getTime() / 1000),
});

/** The list, the on-demand statement, and the file (the PDF itself, not the JSON envelope). */
export function reportsRoutes(
  kit: RouteKit,
  reports: ReportsService,
  raw: { app: FastifyInstance; authenticate: ReturnType<typeof authenticator> },
): void {
  kit.post(reportsApi.list, async (req) => {
    const r = await reports.list(currentUser(req).id, req.body.kind, req.body.page, req.body.size);
    return ok({ list: r.rows.map(rowWire), total: r.total });
  });
  kit.post(reportsApi.statement, async (req) =>
    ok(rowWire(await reports.statement(currentUser(req).id, req.body.start, req.body.end)), 'ok.reportMade'),
  );
  raw.app.withTypeProvider<ZodTypeProvider>().post(
    `${API_BASE}${reportsApi.file.path}`,
    {
      schema: {
        body: reportsApi.file.body,
        summary: reportsApi.file.summary,
        tags: [reportsApi.file.tag],
        security: [{ token: [] }],
      },
      preValidation: [raw.authenticate],
    },
    async (req, reply) => {
      const { row, bytes } = await reports.file(currentUser(req).id, req.body.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="kabuto-${row.kind}-${row.period_start}.pdf"`)
        .header('x-content-sha256', row.sha256)
        .type('application/pdf')
        .send(bytes);
    },
  );
}
