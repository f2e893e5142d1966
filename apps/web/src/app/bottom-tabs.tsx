import { NavLink } from 'react-router';
import { Icon } from '../components/icon.tsx';
import { TAB_LINKS } from '../components/links.ts';
import { useVisibleLinks } from '../components/use-link-action.ts';
import { useTranslator } from '../lib/use-translator.ts';

/** Tab paths: the bottom menu is shown on these screens only. */
export const TAB_PATHS: ReadonlySet<string> = new Set(TAB_LINKS.map((l) => l.to!));

/** The bottom menu; tabs whose screens do not exist yet stay hidden. */
export function BottomTabs() {
  const { t } = useTranslator('shell');
  const tabs = useVisibleLinks(TAB_LINKS);
  return (
    <nav className="k-tabs" aria-label={t('tabs.label')}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.id}
          to={tab.to!}
          replace
          className={({ isActive }) => `k-tab${isActive ? ' is-active' : ''}`}
          data-testid={`tab-${tab.id}`}
        >
          <span className="k-tab-icon">
            <Icon name={tab.icon} size={24} />
          </span>
          <span className="k-tab-label">{t(`tabs.${tab.id}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
