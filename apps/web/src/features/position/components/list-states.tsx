import type { ReactNode } from 'react';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';

/** What a tab's list shows: placeholders while it loads, a failure with retry, empty, or the list. */
export function ListStates({
  pending,
  failed,
  onRetry,
  empty,
  emptyText,
  children,
}: {
  pending: boolean;
  /** Failed with nothing to show (a failed refresh keeps the rows it had). */
  failed: boolean;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (pending) return <ListSkeleton rows={3} lines={3} />;
  if (failed) return <ErrorState onRetry={onRetry} />;
  if (empty) return <Empty text={emptyText} />;
  return children;
}
