import { tr } from '../lib/i18n.ts';
import { useStartupConfig } from '../lib/startup-config.ts';

/**
 * On every screen while the server runs the market-data simulator (start-up config `simulated_prices`):
 * prices are simulated and the money is not real. A small strip that taps pass through.
 */
export function DemoNotice() {
  if (useStartupConfig().simulated_prices !== '1') return null;
  return (
    <div className="k-demo-notice" role="note">
      {tr('demoNotice')}
    </div>
  );
}
