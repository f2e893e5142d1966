import { describe, expect, it } from 'vitest';
import { initI18n, loadNamespaces, tr, translate, translatorFor } from './i18n.ts';

describe('the app’s translator', () => {
  it('looks keys up in the namespace asked for, or the one a key names', async () => {
    await initI18n('jp');
    await loadNamespaces(['quotes', 'shell']);
    expect(translate('period.12M', undefined, 'quotes')).toBe('年足');
    expect(translate('quotes:period.12M', undefined, 'shell')).toBe('年足');
    expect(translate('chart.avg', undefined, 'quotes')).toBe('平均');
  });

  it('fills {placeholders}, a missing value with nothing', async () => {
    await initI18n('us');
    await loadNamespaces(['newShares']);
    expect(translate('entries', { count: 3, lots: '12' }, 'newShares')).toBe(
      '3 applications, 12 units drawn',
    );
    expect(translate('entries', { count: 3 }, 'newShares')).toBe('3 applications,  units drawn');
  });

  it('gives the default value, else the key, for a key it does not know', async () => {
    await initI18n('cn');
    await loadNamespaces(['quotes']);
    expect(translate('board.nothing', { defaultValue: '' }, 'quotes')).toBe('');
    expect(translate('no.such.key', undefined, 'quotes')).toBe('no.such.key');
    expect(translate('period', undefined, 'quotes')).toBe('period');
    expect(tr('quotes:period.1')).toBe('分时');
  });

  it('reads keys under a key prefix, under its keyPrefix option', async () => {
    await initI18n('jp');
    await loadNamespaces(['money', 'shell']);
    const t = translatorFor('money', 'support');
    expect(t('title')).toBe(translate('support.title', undefined, 'money'));
    expect(t('title')).not.toBe('title');
    expect(t('shell:states.loading')).toBe(translate('states.loading', undefined, 'shell'));
  });
});
