import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../../components/error-state.tsx';
import { useTranslator } from '../../../lib/use-translator.ts';

/** A chart's loading, error and empty states, laid over it while its bars are not there to draw. */
export function ChartStates({ bars }: { bars: UseQueryResult<readonly unknown[]> }) {
  const { t } = useTranslator('quotes');
  if (bars.isPending) return <div className="k-chart-overlay">{t('shell:states.loading')}</div>;
  if (bars.isError)
    return (
      <div className="k-chart-overlay">
        <ErrorState onRetry={() => void bars.refetch()} />
      </div>
    );
  if (bars.data.length === 0) return <div className="k-chart-overlay">{t('chart.noData')}</div>;
  return null;
}
