import { useEffect, useRef } from 'react';

/**
 * While `open`, the browser's Back (Android's back button, a swipe) closes what is open (a sheet) instead of
 * leaving the page: opening adds a history entry at the same address, Back pops it and calls `close`. When
 * the sheet closes some other way, its entry is taken back, so one Back later leaves the page as usual.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open || typeof window === 'undefined') return;
    const { history } = window;
    // the router's own state is kept, so it sees the same entry when Back returns to it
    history.pushState({ ...(history.state ?? {}), sheet: true }, '');
    let popped = false;
    const onPop = () => {
      popped = true;
      closeRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (!popped && (history.state as { sheet?: boolean } | null)?.sheet) history.back();
    };
  }, [open]);
}
