import type { Market } from '@kabuto/domain';
import '../../../components/money.css';
import '../block-trades.css';
import Dialog from 'antd-mobile/es/components/dialog';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DrawProof } from '../../../components/draw-proof.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { type AllocationProof, verifyAllocation } from '../../../lib/draw-proof.ts';
import { formatMarketDateTime, formatMoney, priceTimes } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useAllocationProof } from '../api/use-allocation-proof.ts';
import { useSubscribe } from '../api/use-block-orders.ts';
import { useOfferings } from '../api/use-offerings.ts';

/** The allocation's proof: the commitment, the seed once revealed, and "verify" once allocated. */
function Proof({ commitment, seed, data }: { commitment: string; seed: string; data?: AllocationProof }) {
  const { t } = useTranslator('block');
  return (
    <DrawProof
      testid="block"
      className="k-card k-card-pad"
      t={t}
      commitment={commitment}
      seed={seed}
      note={data && t('entries', { count: data.entries.length, lots: data.lots.toString() })}
      verify={
        data
          ? async () => {
              const v = await verifyAllocation(data);
              return { ...v, commitment: v.commitment && data.commitment === commitment };
            }
          : null
      }
    />
  );
}

/**
 * `/home/largeInfo?id=`: one block offering, its allocation commitment, and the subscription form; once
 * allocated (no longer in the open list), its allocation and the proof to verify it.
 */
export function BlockTradeInfoPage() {
  const { t } = useTranslator('block');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const offerings = useOfferings('jpy', 'block');
  const offering = offerings.data?.find((o) => o.id === id);
  const proof = useAllocationProof(id, 'jpy', id !== '' && offerings.isSuccess && !offering);
  const market = (offering?.market ?? 'jpy') as Market;
  const subscribe = useSubscribe();
  const [shares, setShares] = useState('100');
  const [password, setPassword] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!offering || subscribe.isPending) return;
    if (!/^\d+$/.test(shares) || Number(shares) < 100 || Number(shares) % 100 !== 0)
      return showMsg('block.belowMinimum', { min: '100' });
    if (offering.needsPassword && !password) return showMsg('block.wrongPassword');
    const total = priceTimes(offering.price, BigInt(shares));
    Dialog.confirm({
      title: t('confirmTitle'),
      content: (
        <dl className="k-kv k-confirm-kv">
          <Figure label={t('shares')} className="k-num">
            {Number(shares).toLocaleString()}
          </Figure>
          <Figure label={t('held')} className="k-num">
            {formatMoney(total, 'jpy')}
          </Figure>
        </dl>
      ),
      confirmText: t('subscribe'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await subscribe.mutateAsync({
            offeringId: offering.id,
            shares,
            password,
            type: 'jpy',
          });
          showMsg(code ?? 'ok.subscribed');
          navigate('/home/large3');
        } catch {
          // the refusal is already shown
        }
      },
    });
  };

  return (
    <>
      <PageHeader title={t('detail')} back="/home/large" />
      {offerings.isPending ? (
        <ListSkeleton rows={2} lines={4} />
      ) : offerings.isError && !offering ? (
        <ErrorState onRetry={() => void offerings.refetch()} />
      ) : !offering && proof.isLoading ? (
        <ListSkeleton rows={1} lines={4} />
      ) : !offering && proof.data ? (
        <Refreshable onRefresh={() => proof.refetch()}>
          <div className="k-body" data-testid="block-allocated-detail">
            <Proof commitment={proof.data.commitment} seed={proof.data.seed} data={proof.data} />
          </div>
        </Refreshable>
      ) : !offering ? (
        <Empty text={t('closed')} />
      ) : (
        <Refreshable onRefresh={() => offerings.refetch()}>
          <div className="k-body">
            <section className="k-card" data-testid="block-detail">
              <h2 className="k-block-name">
                {offering.name} <small>{offering.symbol}</small>
              </h2>
              <dl className="k-kv">
                <Figure label={t('price')} className="k-num">
                  {formatMoney(offering.price, 'jpy')}
                </Figure>
                <Figure label={t('shares')} className="k-num">
                  {offering.shares.toLocaleString()}
                </Figure>
                <Figure label={t('minimum')} className="k-num">
                  {offering.minimum}
                </Figure>
                <Figure label={t('window')}>
                  {formatMarketDateTime(offering.start, market)} –{' '}
                  {formatMarketDateTime(offering.end, market)}
                </Figure>
              </dl>
              <p className="k-home-muted">{t('howAllocated')}</p>
            </section>
            <Proof commitment={offering.commitment} seed={offering.seed} />
            <form className="k-card k-block-form" onSubmit={submit}>
              <TextField
                label={t('shares')}
                value={shares}
                onChange={setShares}
                icon="order"
                inputMode="numeric"
                data-testid="block-shares"
              />
              {offering.needsPassword && (
                <TextField
                  label={t('password')}
                  value={password}
                  onChange={setPassword}
                  icon="lock"
                  secret
                  data-testid="block-password"
                />
              )}
              <button
                type="submit"
                className="k-btn k-btn-primary k-btn-block"
                disabled={subscribe.isPending}
                data-testid="block-subscribe"
              >
                {t('subscribe')}
              </button>
            </form>
          </div>
        </Refreshable>
      )}
    </>
  );
}
