import { Result } from 'antd';
import { Outlet } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';
import { useOperator } from '../lib/operator.tsx';
import { canSee, type Section } from '../lib/roles.ts';

/** A section the operator's role does not include shows a clear 403 instead of failing calls. */
export function RoleGate({ section }: { section: Section }) {
  const { t } = useI18n();
  const operator = useOperator();
  if (!canSee(operator?.role, section)) {
    return (
      <Result
        status="403"
        title={t('common.forbidden')}
        subTitle={t('common.forbiddenHint')}
        data-testid="role-forbidden"
      />
    );
  }
  return <Outlet />;
}
