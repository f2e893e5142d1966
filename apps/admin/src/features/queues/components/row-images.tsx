import { Flex, Image, Typography } from 'antd';
import { AuthImage } from '../../../components/auth-image.tsx';
import { useFieldLabel } from '../../../components/field-value.tsx';
import { isImageField } from '../../../lib/record-fields.ts';

/** The images of a row, large, side by side (ID front/back, transfer proof), each zoomable. */
export function RowImages({ row }: { row: Record<string, unknown> }) {
  const label = useFieldLabel();
  const images = Object.entries(row).filter(
    (e): e is [string, string] => isImageField(e[0]) && typeof e[1] === 'string' && e[1] !== '',
  );
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Flex gap={16} wrap data-testid="decide-images">
        {images.map(([k, v]) => (
          <Flex key={k} vertical gap={4}>
            <Typography.Text type="secondary">{label(k)}</Typography.Text>
            <AuthImage value={v} label={label(k)} size="large" />
          </Flex>
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
