/** Shown while a screen's code loads for the first time (deep links; later navigations keep the old screen). */
export function PageFallback() {
  return (
    <div className="k-fallback" aria-busy="true">
      <div className="k-spinner" />
    </div>
  );
}
