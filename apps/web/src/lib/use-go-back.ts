import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Back within the app; when the screen was opened directly (no history), go to `fallback` instead. */
export function useGoBack(fallback = '/home/index'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
