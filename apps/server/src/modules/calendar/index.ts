import type { Deps } from '../../deps.ts';
import type { CalendarChanges } from '../../shared/calendar-changes.ts';
import type { Module } from '../module.ts';
import { calendarAdminRoutes, calendarRoutes } from './calendar.routes.ts';
import { calendarService } from './calendar.service.ts';

/**
 * The market calendar: the operators' closures in every calendar function of this process. Started
 * before the market data, so nothing trades on a closed day.
 */
export function calendarModule(deps: Deps, needs: { bus: CalendarChanges }): Module {
  const calendar = calendarService(deps, needs.bus);
  return {
    name: 'calendar',
    offers: {},
    routes: (kit) => calendarRoutes(kit, calendar),
    adminRoutes: (adminKit) => calendarAdminRoutes(adminKit, calendar),
    start: () => calendar.load(),
    close: () => calendar.close(),
  };
}
