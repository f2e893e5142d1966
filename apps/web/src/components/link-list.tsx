import { useTranslator } from '../lib/use-translator.ts';
import { Icon } from './icon.tsx';
import type { AppLink } from './links.ts';
import { useLinkAction, useVisibleLinks } from './use-link-action.ts';

interface LinkListProps {
  links: readonly AppLink[];
  /** Small counts shown at the end of a row, by link id (e.g. unread messages). */
  badges?: Partial<Record<string, number>>;
  title?: string;
}

/** A card of menu rows; links to screens that do not exist yet are left out. */
export function LinkList({ links, badges, title }: LinkListProps) {
  const { t } = useTranslator('shell');
  const act = useLinkAction();
  const visible = useVisibleLinks(links);
  if (!visible.length) return null;
  return (
    <section className="k-link-list">
      {title && <h3 className="k-section-title">{title}</h3>}
      <ul>
        {visible.map((link) => {
          const badge = badges?.[link.id] ?? 0;
          return (
            <li key={link.id}>
              <button
                type="button"
                className={`k-link-row${link.action === 'logout' ? ' is-danger' : ''}`}
                data-testid={`link-${link.id}`}
                onClick={() => act(link)}
              >
                <span className="k-link-icon">
                  <Icon name={link.icon} size={20} />
                </span>
                <span className="k-link-label">{t(link.label)}</span>
                {badge > 0 && <span className="k-count">{badge > 99 ? '99+' : badge}</span>}
                {link.action !== 'logout' && <Icon name="right" size={16} className="k-link-arrow" />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
