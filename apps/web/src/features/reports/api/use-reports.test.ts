import { REPORT_KINDS as CONTRACT_KINDS, reportsApi } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { REPORT_KINDS, reportEndpoints } from './use-reports.ts';

describe('report calls', () => {
  it('have the contract paths and kinds', () => {
    expect(reportEndpoints.list.path).toBe(reportsApi.list.path);
    expect(reportEndpoints.file.path).toBe(reportsApi.file.path);
    expect(reportEndpoints.statement.path).toBe(reportsApi.statement.path);
    expect(REPORT_KINDS).toEqual(CONTRACT_KINDS);
  });
});
