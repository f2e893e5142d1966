import '../mine.css';
import { Icon } from '../../../components/icon.tsx';
import { LinkList } from '../../../components/link-list.tsx';
import { L, MENU_GROUPS } from '../../../components/links.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { VerificationChip } from '../../../components/verification-chip.tsx';
import { useUnreadCount } from '../../../lib/api/use-notices.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { useSession } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

/** `/mine/menu`: the menu tab — who is logged in, every account screen, logout. */
export function MenuPage() {
  const { t } = useTranslator('mine');
  const account = useSession((s) => s.account) ?? '';
  const { data: user } = useUserInfo();
  const unread = useUnreadCount();

  const copyInvite = async () => {
    if (!user?.inviteCode) return;
    try {
      await navigator.clipboard.writeText(user.inviteCode);
      showToast(t('menu.copied'));
    } catch {
      showToast(user.inviteCode);
    }
  };

  return (
    <>
      <PageHeader title={t('menu.title')} back={false} />
      <section className="k-profile">
        <span className="k-avatar is-large" aria-hidden="true">
          {(user?.account ?? account).slice(0, 1).toUpperCase()}
        </span>
        <div className="k-profile-text">
          <div className="k-profile-name">{user?.account ?? account}</div>
          <div className="k-profile-tags">
            {user && <VerificationChip status={user.verification} />}
            {user?.inviteCode && (
              <button
                type="button"
                className="k-invite"
                onClick={copyInvite}
                aria-label={`${t('menu.inviteCode')} ${user.inviteCode}`}
              >
                <span className="k-invite-label">{t('menu.inviteCode')}</span>
                <span className="k-invite-code">{user.inviteCode}</span>
                <Icon name="copy" size={14} />
              </button>
            )}
          </div>
        </div>
      </section>
      <div className="k-body k-menu-body">
        {MENU_GROUPS.map((group) => (
          <LinkList
            key={group.title}
            title={t(group.title)}
            links={group.links}
            badges={{ messages: unread }}
          />
        ))}
        <LinkList links={[L.logout]} />
        <p className="k-version">{t('menu.version', { version: __APP_VERSION__ })}</p>
      </div>
    </>
  );
}
