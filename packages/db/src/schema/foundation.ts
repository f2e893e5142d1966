import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Id = Generated<bigint>;
export type Localized = JSONColumnType<{ jp: string; cn: string; us: string }>;

export type UserState = 'active' | 'frozen' | 'banned' | 'restricted';

export interface AppUserTable {
  id: Id;
  account: string;
  password_hash: string;
  fund_password_hash: string | null;
  invite_code: string;
  inviter_id: bigint | null;
  state: ColumnType<UserState, UserState | undefined, UserState>;
  state_reason: string | null;
  failed_logins: ColumnType<number, number | undefined, number>;
  locked_until: Timestamp | null;
  fund_failed: ColumnType<number, number | undefined, number>;
  fund_locked_until: Timestamp | null;
  created_at: Generated<Date>;
}

export interface SessionTable {
  id: Id;
  user_id: bigint;
  token_hash: string;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface ConfigTable {
  name: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface NoticeTable {
  id: Id;
  user_id: bigint;
  title: Localized;
  content: Localized;
  created_at: Generated<Date>;
  read_at: Timestamp | null;
}

export interface NewsTable {
  id: Id;
  title: Localized;
  summary: Localized;
  content: Localized;
  source: string;
  published_at: Timestamp;
}

export interface ContentPageTable {
  name: string;
  title: Localized;
  content: Localized;
  updated_at: Generated<Date>;
}

/** Password attempts per key in a fixed window (see the server's shared/attempts.ts). */
export interface AuthAttemptTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface FoundationTables {
  auth_attempt: AuthAttemptTable;
  app_user: AppUserTable;
  session: SessionTable;
  config: ConfigTable;
  notice: NoticeTable;
  news: NewsTable;
  content_page: ContentPageTable;
}
