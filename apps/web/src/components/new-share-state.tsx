import './new-share-state.css';
import { useTranslator } from '../lib/use-translator.ts';

/** The state of a new-share application (shared: the records screen, the positions' new-shares tab), from the msg key the server gives (`ipo.state.*`). */
export function NewShareStateChip({ stateKey, testid }: { stateKey: string; testid?: string }) {
  const { t } = useTranslator('newShares');
  const name = stateKey.replace(/^ipo\.state\./, '');
  const tone =
    name === 'paid' || name === 'listed' || name === 'won'
      ? 'is-ok'
      : name === 'held' || name === 'applied' || name === 'waitlisted'
        ? ''
        : 'is-muted';
  return (
    <span className={`k-ipo-chip ${tone}`} data-testid={testid ?? 'ipo-state'} data-state={name}>
      {t(`state.${name}`)}
    </span>
  );
}
