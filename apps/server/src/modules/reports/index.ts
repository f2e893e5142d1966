import type { FastifyInstance } from 'fastify';
import type { authenticator } from '../../plugins/auth.ts';
import type { DailyJob } from '../jobs/index.ts';
import type { Module } from '../module.ts';
import { reportsRoutes } from './reports.routes.ts';
import { type ReportsDeps, reportsService } from './reports.service.ts';

/** What other modules and the app use of reports: the daily job, the annual figures (tests compare them). */
export interface ReportsOffers {
  daily: DailyJob;
  annualFigures: ReturnType<typeof reportsService>['annualFigures'];
  runDate: ReturnType<typeof reportsService>['runDate'];
}

/**
 * The users' reports (取引報告書, 取引残高報告書, 年間取引報告書) as PDFs: made once by the daily job (or a
 * statement on demand), kept in the file store, listed and downloaded by their owner.
 */
export function reportsModule(
  deps: ReportsDeps,
  needs: { app: FastifyInstance; authenticate: ReturnType<typeof authenticator> },
): Module<ReportsOffers> {
  const reports = reportsService(deps);
  return {
    name: 'reports',
    offers: { daily: reports.daily, annualFigures: reports.annualFigures, runDate: reports.runDate },
    routes: (kit) => reportsRoutes(kit, reports, needs),
  };
}
