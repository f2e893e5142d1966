import type { Catalogue } from './types.ts';

/** The back office's background jobs. */
export const jobs = {
  'jobs.notFound': {
    jp: 'ジョブの実行記録が見つかりません',
    cn: '未找到该任务的运行记录',
    us: 'Job run not found',
  },
  'jobs.notFailed': {
    jp: '再実行できるのは失敗したジョブだけです',
    cn: '只能重新运行失败的任务',
    us: 'Only a failed job can be run again',
  },
} satisfies Catalogue;
