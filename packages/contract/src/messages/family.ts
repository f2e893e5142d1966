import type { Entry } from './types.ts';

/**
 * `validation.required` as the family's clients read it: one text per call and field (the path in lower
 * case, without the `/api/vue` base). A field not listed sends the cn text of `validation.required`.
 */
export const FAMILY_REQUIRED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/user/register': {
    account: '账号不能为空',
    pwd: '密码不能为空',
    pwd1: '确认密码不能为空',
    inviter: '邀请码不能为空',
  },
  '/user/login': { account: '账号不能为空', password: '密码不能为空' },
  '/user/shiming': {
    realname: '请输入姓名',
    id_card: '请输入身份证号码',
    frontcard: '请上传身份证正面',
    backcard: '请上传身份证反面',
  },
  '/user/ischongzhi': { money: '请输入入金金额' },
  '/user/chongzhi': { money: '请输入入金金额' },
  '/user/to_jq': { money: '请输入借款金额' },
  '/user/to_hq': { money: '请输入还款金额' },
  '/user/rotation': { money: '请输入兑换金额' },
  '/trade/rnjy': { money: '请输入购买的数额' },
  '/trade/buy_newstock': { zhang: '请输入申购的数额' },
};

/**
 * A param as the family's texts carry it: a number as a plain integer (no decimals, separators or
 * currency sign: the family's clients replace the first run of digits and format the number themselves);
 * anything else (a time window) as it is.
 */
export function plainInteger(value: string | number): string {
  const s = String(value);
  const m = /^[^\d-]*(-?)([\d,]*\d)(?:\.\d+)?[^\d]*$/.exec(s.trim());
  return m ? `${m[1]}${m[2].replaceAll(',', '')}` : s;
}

/** Where a text is sent: the call's path (for `validation.required`) and the field a refusal names. */
export interface FamilyWhere {
  path?: string;
  field?: string;
}

/**
 * The `msg` of a reply: the family's text of the key with its `{name}` placeholders filled by plain
 * integers, the `validation.required` text of the call and field, or the cn text when the family has none.
 */
export function familyText(
  entry: Entry,
  key: string,
  params?: Record<string, string | number>,
  where: FamilyWhere = {},
): string {
  if (key === 'validation.required' && where.path && where.field) {
    const path = where.path.toLowerCase();
    const byField = Object.hasOwn(FAMILY_REQUIRED, path) ? FAMILY_REQUIRED[path] : undefined;
    if (byField && Object.hasOwn(byField, where.field)) return byField[where.field];
  }
  const fill = (text: string, asInteger: boolean) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = params && Object.hasOwn(params, name) ? params[name] : undefined;
      if (v === undefined) return `{${name}}`;
      return asInteger ? plainInteger(v) : String(v);
    });
  return entry.family !== undefined ? fill(entry.family, true) : fill(entry.cn, false);
}
