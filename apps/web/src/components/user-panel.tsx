import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { loadOnce } from '../lib/chunk.ts';
import { showMsg } from '../lib/messages.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { UserPanelContext } from './user-panel-context.ts';

type PanelPopup = typeof import('./user-panel-popup.tsx').UserPanelPopup;

/**
 * The panel's code (its popup is antd-mobile's) is not part of the shell: it is fetched once the first
 * screen is up and the browser is idle, and on the first tap if that has not happened yet.
 */
const loadPanel: () => Promise<PanelPopup> = loadOnce(
  async () => (await import('./user-panel-popup.tsx')).UserPanelPopup,
);
const IDLE_FETCH_MS = 3000;

/** Provides `open()` to headers and renders the user panel overlay (closed again on navigation). */
export function UserPanelProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const [Panel, setPanel] = useState<PanelPopup | null>(null);
  const location = useLocation();
  const overlayRoot = useRef<HTMLDivElement>(null);
  // Entries typed into the address bar have no history state (key "default"): compare the path too.
  const where = `${location.pathname}${location.search}#${location.key}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes
  useEffect(() => setVisible(false), [where]);
  const control = useMemo(() => ({ open: () => setVisible(true), close: () => setVisible(false) }), []);
  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setVisible(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible]);
  useEffect(() => {
    if (Panel) return;
    let live = true;
    const show = () => {
      loadPanel().then(
        (popup) => live && setPanel(() => popup),
        () => {
          if (!live || !visible) return;
          setVisible(false);
          showMsg('network.error');
        },
      );
    };
    if (visible) {
      show();
      return () => {
        live = false;
      };
    }
    const cancel = whenIdle(() => void loadPanel().catch(() => {}), IDLE_FETCH_MS);
    return () => {
      live = false;
      cancel();
    };
  }, [visible, Panel]);
  return (
    <UserPanelContext.Provider value={control}>
      {children}
      <div className="k-overlay-root" ref={overlayRoot} />
      {Panel && (
        <Panel
          visible={visible}
          onClose={control.close}
          container={() => overlayRoot.current ?? document.body}
        />
      )}
    </UserPanelContext.Provider>
  );
}
