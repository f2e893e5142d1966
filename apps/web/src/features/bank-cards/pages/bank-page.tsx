import '../../../components/money.css';
import '../bank-cards.css';
import Dialog from 'antd-mobile/es/components/dialog';
import { useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { type BankCard, useCards } from '../../../lib/api/use-cards.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { maskedNumber } from '../../../lib/bank-card.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useDeleteCard } from '../api/use-delete-card.ts';

/** `/mine/bank`: the user's bank accounts (numbers masked), edit, delete after confirming, add. */
export function BankPage() {
  const { t } = useTranslator('money');
  const navigate = useNavigate();
  const cards = useCards();
  const user = useUserInfo();
  const remove = useDeleteCard();
  const list = cards.data ?? [];
  const verified = user.data?.verification === 1;

  const confirmDelete = (card: BankCard) => {
    Dialog.confirm({
      title: t('bank.deleteTitle'),
      content: t('bank.deleteConfirm', { bank: card.bank_name, number: maskedNumber(card.bank_num) }),
      confirmText: <span className="k-danger-text">{t('bank.delete')}</span>,
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await remove.mutateAsync(card.id);
          showMsg(code ?? 'ok.deleted');
        } catch {
          // refusal already shown
        }
      },
    });
  };

  const add = () => navigate('/mine/bankAdd');

  return (
    <>
      <PageHeader
        title={t('bank.title')}
        action={{ icon: 'plus', to: '/mine/bankAdd', label: t('bank.add') }}
      />
      {cards.isPending ? (
        <ListSkeleton rows={3} lines={3} />
      ) : cards.isError && !list.length ? (
        <ErrorState onRetry={() => void cards.refetch()} />
      ) : (
        <Refreshable onRefresh={() => cards.refetch()}>
          <div className="k-body">
            {user.data && !verified && (
              <p className="k-note">
                <Icon name="info" size={16} />
                {t('bank.verifyFirst')}
              </p>
            )}
            {list.length === 0 ? (
              <Empty text={t('bank.empty')}>
                <button type="button" className="k-btn k-btn-primary" onClick={add} data-testid="bank-add">
                  <Icon name="plus" size={18} />
                  {t('bank.add')}
                </button>
              </Empty>
            ) : (
              <>
                <ul className="k-bank-list">
                  {list.map((card) => (
                    <li key={card.id} className="k-bank-card" data-testid="bank-card" data-id={card.id}>
                      <div className="k-bank-top">
                        <span className="k-bank-logo" aria-hidden="true">
                          <Icon name="bank" size={20} />
                        </span>
                        <span className="k-bank-name">
                          <b>{card.bank_name}</b>
                          <small>
                            {card.bank_address}
                            {card.bank_code && ` (${card.bank_code})`}
                          </small>
                        </span>
                        <span className="k-bank-type">{t(`bank.types.${card.account_type}`)}</span>
                      </div>
                      <div className="k-bank-number" data-testid="bank-number">
                        {maskedNumber(card.bank_num)}
                      </div>
                      <div className="k-bank-bottom">
                        <span className="k-bank-holder">{card.realname}</span>
                        <span className="k-bank-actions">
                          <button
                            type="button"
                            onClick={() => navigate(`/mine/bankAdd?id=${card.id}`)}
                            data-testid="bank-edit"
                          >
                            <MoneyIcon name="edit" size={16} />
                            {t('bank.edit')}
                          </button>
                          <button
                            type="button"
                            onClick={() => confirmDelete(card)}
                            data-testid="bank-delete"
                            disabled={remove.isPending}
                          >
                            <MoneyIcon name="trash" size={16} />
                            {t('bank.delete')}
                          </button>
                        </span>
                      </div>
                    </li>
                  ))}
                </ul>
                <button type="button" className="k-add-tile" onClick={add} data-testid="bank-add">
                  <Icon name="plus" size={20} />
                  {t('bank.add')}
                </button>
              </>
            )}
          </div>
        </Refreshable>
      )}
    </>
  );
}
