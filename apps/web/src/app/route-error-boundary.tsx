import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BasicIcon } from '../components/line-icon.tsx';
import { ChunkLoadTimeout } from '../lib/chunk.ts';
import { tr } from '../lib/i18n.ts';

interface State {
  error: unknown;
}

/** A screen that failed to load (chunk time-out, network) or to render: explain and offer a reload. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timedOut = error instanceof ChunkLoadTimeout;
    return (
      <div className="k-route-error" role="alert">
        <BasicIcon name="alert" size={40} />
        <h2>{tr('errors.screenTitle')}</h2>
        <p>{tr(timedOut ? 'errors.screenTimeout' : 'errors.screenBody')}</p>
        <button type="button" className="k-btn k-btn-primary" onClick={() => window.location.reload()}>
          {tr('actions.reload')}
        </button>
      </div>
    );
  }
}
