import Popup from 'antd-mobile/es/components/popup';
import { useUnreadCount } from '../lib/api/use-notices.ts';
import { useUserInfo } from '../lib/api/use-user-info.ts';
import { useSession } from '../lib/session.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { AssetSummary } from './asset-summary.tsx';
import { Icon } from './icon.tsx';
import { LinkList } from './link-list.tsx';
import { PANEL_PRIMARY, PANEL_SECONDARY } from './links.ts';
import { TotalAssets } from './total-assets.tsx';
import { useLinkAction, useVisibleLinks } from './use-link-action.ts';
import { VerificationChip } from './verification-chip.tsx';

/**
 * The user panel (the avatar in a screen's header opens it from the right): the account, shortcuts,
 * the total assets and the rest of the menu. Loaded on first use (user-panel.tsx), with the popup it
 * slides in on.
 */
export function UserPanelPopup({
  visible,
  onClose,
  container,
}: {
  visible: boolean;
  onClose: () => void;
  container: () => HTMLElement;
}) {
  return (
    <Popup
      visible={visible}
      position="right"
      onMaskClick={onClose}
      onClose={onClose}
      getContainer={container}
      bodyClassName="k-panel-body"
      destroyOnClose
    >
      <UserPanel onClose={onClose} />
    </Popup>
  );
}

function UserPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslator('shell');
  const account = useSession((s) => s.account);
  const { data: user, isPending } = useUserInfo({ fresh: true });
  const unread = useUnreadCount();
  const act = useLinkAction();
  const primary = useVisibleLinks(PANEL_PRIMARY);
  const name = user?.account ?? account ?? '';
  return (
    <div className="k-panel" role="dialog" aria-label={t('panel.title')} data-testid="user-panel">
      <div className="k-panel-head">
        <span className="k-avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase() || <Icon name="user" size={22} />}
        </span>
        <div className="k-panel-who">
          <div className="k-panel-account" data-testid="panel-account">
            {name}
          </div>
          {user && <VerificationChip status={user.verification} />}
        </div>
        <button type="button" className="k-icon-btn" onClick={onClose} aria-label={t('common:actions.close')}>
          <Icon name="close" size={22} />
        </button>
      </div>
      <ul className="k-panel-primary">
        {primary.map((link) => (
          <li key={link.id}>
            <button
              type="button"
              className="k-panel-tile"
              onClick={() => act(link)}
              data-testid={`link-${link.id}`}
            >
              <span className="k-panel-tile-icon">
                <Icon name={link.icon} size={24} />
                {link.id === 'messages' && unread > 0 && <span className="k-dot" />}
              </span>
              <span>{t(link.label)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="k-panel-total">
        <TotalAssets tone="dark" testid="panel-total" />
      </div>
      <AssetSummary user={user} loading={isPending} />
      <LinkList links={PANEL_SECONDARY} />
    </div>
  );
}
