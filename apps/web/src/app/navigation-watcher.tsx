import { useEffect } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { clearToasts } from '../lib/toast.ts';

/** Gives non-component code a navigate function; clears toasts on every navigation. */
export function NavigationWatcher() {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);

  // Entries typed into the address bar have no history state (key "default"): compare the path too.
  const where = `${location.pathname}${location.search}#${location.key}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    clearToasts('navigation');
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [where]);

  return null;
}
