import { FadeOutlet } from './fade-outlet.tsx';

/** Splash, login and register: plain markup and the app's own CSS, no component library. */
export function PublicLayout() {
  return (
    <div className="k-app k-public">
      <FadeOutlet />
    </div>
  );
}
