import { queryOptions, useQuery } from '@tanstack/react-query';
import { Image, Skeleton, Tooltip, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { resolveImage } from '../lib/image-url.ts';
import { getToken } from '../lib/session.ts';

async function fetchImage(url: string, signal: AbortSignal): Promise<Blob> {
  const token = getToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) throw new Error('not an image');
  return blob;
}

const SIZE = { small: { width: 72, height: 54 }, large: { width: 200, height: 140 } } as const;

/** A thumbnail that opens antd's zoomable preview (1/3× to 3×). */
/** An uploaded image fetched with the operator's token, kept as a blob while it is shown. */
const imageQuery = (url: string) =>
  queryOptions({
    queryKey: ['admin', 'image', url],
    queryFn: ({ signal }) => fetchImage(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  });

export function AuthImage({
  value,
  label,
  size = 'small',
}: {
  value: string;
  label?: string;
  size?: keyof typeof SIZE;
}) {
  const { t } = useI18n();
  const { url, auth } = resolveImage(value);
  const { width, height } = SIZE[size];
  const q = useQuery({ ...imageQuery(url), enabled: auth });
  const blobUrl = useMemo(() => (q.data ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(() => () => (blobUrl ? URL.revokeObjectURL(blobUrl) : undefined), [blobUrl]);

  const box = { width, height, borderRadius: 6, overflow: 'hidden' } as const;
  if (auth && q.isPending) return <Skeleton.Image active style={box} />;
  if (auth && (q.isError || !blobUrl)) {
    return (
      <Tooltip title={value}>
        <div
          data-testid="record-image-error"
          style={{
            ...box,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: '#fafafa',
            border: '1px dashed #d9d9d9',
            padding: 4,
            textAlign: 'center',
          }}
        >
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {t('image.unavailable')}
          </Typography.Text>
        </div>
      </Tooltip>
    );
  }
  return (
    <Image
      data-testid="record-image"
      src={auth ? (blobUrl ?? undefined) : url}
      alt={label ?? value}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 6, background: '#f0f0f0' }}
      preview={{ minScale: 1 / 3, maxScale: 3, mask: t('image.zoom') }}
    />
  );
}
