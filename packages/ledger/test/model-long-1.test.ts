import { defineLongRun } from './long-run.ts';

defineLongRun(1, 2);
