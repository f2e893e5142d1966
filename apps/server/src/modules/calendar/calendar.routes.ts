import { adminApi, calendarApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { CalendarService } from './calendar.service.ts';

/** `/common/calendar`. */
export function calendarRoutes(kit: RouteKit, calendar: CalendarService): void {
  kit.post(calendarApi.calendar, async (req) => ok(calendar.publicCalendar(req.body.type)));
}

/** The back office's closures (operators add and remove them, audited). */
export function calendarAdminRoutes(adminKit: AdminRouteKit, calendar: CalendarService): void {
  adminKit.post(adminApi.closureList, 'operator', async (req) => ok(await calendar.list(req.body.market)));
  adminKit.post(adminApi.closureAdd, 'operator', async (req, op) =>
    ok(await calendar.add(op, req.body), 'ok.added'),
  );
  adminKit.post(adminApi.closureRemove, 'operator', async (req, op) => {
    await calendar.remove(op, req.body.id, req.body.reason);
    return ok(null, 'ok.deleted');
  });
}
