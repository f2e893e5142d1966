import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type JobRunKind = 'daily' | 'round';
/**
 * queued → running → completed, or → retrying → running … → dead (a daily job's last attempt failed:
 * dead-lettered); a round step that failed is `failed` until a later round of the day succeeds.
 */
export type JobRunState = 'queued' | 'running' | 'retrying' | 'completed' | 'dead' | 'failed';

/** One background job's run for one business key, with its attempts and failures. */
export interface JobRunTable {
  id: Generated<bigint>;
  job: string;
  key: string;
  kind: JobRunKind;
  state: JobRunState;
  /** The queue's (pg-boss) job id of a daily job. */
  queue_id: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  failures: ColumnType<number, number | undefined, number>;
  reruns: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** What the last successful attempt reported (JSON). */
  result: string | null;
  created_at: Stamp;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Stamp;
}

export interface JobTables {
  job_run: JobRunTable;
}
