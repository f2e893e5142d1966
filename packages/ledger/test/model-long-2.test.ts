import { defineLongRun } from './long-run.ts';

defineLongRun(2, 2);
