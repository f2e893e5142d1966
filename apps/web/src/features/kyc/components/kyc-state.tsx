import { Figure } from '../../../components/figure.tsx';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { useTranslator } from '../../../lib/use-translator.ts';
import { kycReason, type UserInfo } from '../../../lib/wallets.ts';

const STATE_LOOK: Record<number, { icon: IconName | 'clock'; tone: string }> = {
  1: { icon: 'shield', tone: 'is-ok' },
  2: { icon: 'alert', tone: 'is-bad' },
  3: { icon: 'clock', tone: 'is-wait' },
};

export function KycState({ user, onResubmit }: { user: UserInfo; onResubmit: () => void }) {
  const { t } = useTranslator('money');
  const status = user.verification;
  const look = STATE_LOOK[status] ?? STATE_LOOK[3];
  const reason = kycReason(user);
  return (
    <div className="k-body">
      <section className={`k-card k-state ${look.tone}`} data-testid="kyc-state" data-status={status}>
        <span className="k-state-icon" aria-hidden="true">
          {look.icon === 'clock' ? <MoneyIcon name="clock" size={34} /> : <Icon name={look.icon} size={34} />}
        </span>
        <h2>{t(`kyc.state${status}.title`)}</h2>
        <p>{t(`kyc.state${status}.body`)}</p>
        {status === 2 && (
          <div className="k-state-reason" data-testid="kyc-reason">
            <span>{t('kyc.reason')}</span>
            <b>{reason || t('kyc.noReason')}</b>
          </div>
        )}
        {user.realName && (
          <dl className="k-kv">
            <Figure label={t('kyc.name')}>{user.realName}</Figure>
            {user.idNumber && (
              <Figure label={t('kyc.idNumber')} className="k-num">
                {user.idNumber}
              </Figure>
            )}
          </dl>
        )}
        {status === 2 && (
          <button
            type="button"
            className="k-btn k-btn-primary k-btn-block"
            onClick={onResubmit}
            data-testid="kyc-resubmit"
          >
            {t('kyc.resubmit')}
          </button>
        )}
      </section>
    </div>
  );
}
