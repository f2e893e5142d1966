import { useState } from 'react';
import { imageUrl, useStartupConfig } from '../lib/startup-config.ts';

/** The configured logo, or the brand mark when none is set (or it cannot be loaded). */
export function BrandLogo({ size = 40 }: { size?: number }) {
  const config = useStartupConfig();
  const src = imageUrl(config.logo, config.image_base_url);
  const [failed, setFailed] = useState<string>();
  if (src && failed !== src) {
    return (
      <img
        className="k-logo-img"
        src={src}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span className="k-mark" style={{ width: size, height: size, fontSize: size * 0.55 }} aria-hidden="true">
      兜
    </span>
  );
}

/** The configured app title, else the product name. */
export function useAppTitle(): string {
  return useStartupConfig().title || 'Kabuto';
}
