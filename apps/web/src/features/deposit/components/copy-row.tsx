import { Icon } from '../../../components/icon.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard API (insecure context, old browser): the selection fallback
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** One line of transfer details with a copy button. */
export function CopyRow({ label, value, testid }: { label: string; value: string; testid: string }) {
  const { t } = useTranslator('money');
  const copy = async () => {
    showToast((await copyText(value)) ? t('deposit.copied', { label }) : value);
  };
  return (
    <div className="k-copy-row">
      <div className="k-copy-text">
        <span className="k-copy-label">{label}</span>
        <span className="k-copy-value" data-testid={testid}>
          {value}
        </span>
      </div>
      <button type="button" className="k-copy-btn" onClick={copy} aria-label={t('deposit.copy', { label })}>
        <Icon name="copy" size={16} />
        {t('deposit.copyShort')}
      </button>
    </div>
  );
}
