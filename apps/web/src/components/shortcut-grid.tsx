import { useTranslator } from '../lib/use-translator.ts';
import { Icon } from './icon.tsx';
import type { AppLink } from './links.ts';
import { useLinkAction, useVisibleLinks } from './use-link-action.ts';

/** Icon grid of shortcuts; only those whose screen exists (or that are actions) are shown. */
export function ShortcutGrid({ links, columns = 4 }: { links: readonly AppLink[]; columns?: number }) {
  const { t } = useTranslator('shell');
  const act = useLinkAction();
  const visible = useVisibleLinks(links);
  if (!visible.length) return null;
  return (
    <ul className="k-shortcuts" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {visible.map((link) => (
        <li key={link.id}>
          <button
            type="button"
            className="k-shortcut"
            onClick={() => act(link)}
            data-testid={`shortcut-${link.id}`}
          >
            <span className="k-shortcut-icon">
              <Icon name={link.icon} size={24} />
            </span>
            <span className="k-shortcut-label">{t(link.label)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
