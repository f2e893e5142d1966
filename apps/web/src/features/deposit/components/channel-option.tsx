import { useTranslator } from '../../../lib/use-translator.ts';
import type { DepositChannel } from '../api/use-channels.ts';

export function ChannelOption({
  channel,
  selected,
  onSelect,
}: {
  channel: DepositChannel;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslator('money');
  const hours = channel.quick
    ? t('deposit.windowEveryDay', { from: channel.open_from, to: channel.open_to })
    : t('deposit.windowBusinessDays', { from: channel.open_from, to: channel.open_to });
  return (
    <li>
      <button
        type="button"
        className={`k-radio${selected ? ' is-selected' : ''}`}
        aria-pressed={selected}
        onClick={() => onSelect(channel.id)}
        data-testid="deposit-channel"
        data-id={channel.id}
      >
        <span className="k-radio-dot" aria-hidden="true" />
        <span className="k-radio-text">
          <b>{channel.name}</b>
          <small>
            {channel.bank} · {hours}
          </small>
        </span>
        <span className={`k-chip ${channel.open ? 'is-ok' : 'is-muted'}`}>
          {t(channel.open ? 'deposit.open' : 'deposit.closed')}
        </span>
      </button>
    </li>
  );
}
