import './money.css';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { useEffect, useId, useRef, useState } from 'react';
import { useUploadImage } from '../lib/api/use-upload-image.ts';
import { IMAGE_ACCEPT } from '../lib/image.ts';
import { registerToastClearer } from '../lib/toast.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { Icon, type IconName } from './icon.tsx';

// Navigation closes an open preview, as it clears toasts (registered here, with the viewer's code, so
// screens without an image picker do not load the viewer).
registerToastClearer(() => ImageViewer.clear());

interface ImagePickerProps {
  label: string;
  /** Uploaded path (signed, `/api/vue/uploads/…`) or null. */
  value: string | null;
  onChange: (path: string | null) => void;
  testid: string;
  icon?: IconName;
  wide?: boolean;
}

type State = 'empty' | 'uploading' | 'done' | 'error';

/**
 * Take or choose a photo: it is uploaded at once (`/common/upload1`) and previewed from the device's own
 * copy; tapping again replaces it, the magnifier shows it full screen.
 */
export function ImagePicker({ label, value, onChange, testid, icon = 'idcard', wide }: ImagePickerProps) {
  const { t } = useTranslator('money');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const uploadImage = useUploadImage();
  const state: State = uploadImage.isPending
    ? 'uploading'
    : uploadImage.isError
      ? 'error'
      : value && preview
        ? 'done'
        : 'empty';

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    onChange(null);
    uploadImage.mutate(file, { onSuccess: (path) => onChange(path) });
  };

  return (
    <div className={`k-pick${wide ? ' is-wide' : ''}`} data-testid={testid} data-state={state}>
      <label className={`k-pick-tile is-${state}`} htmlFor={id}>
        {preview ? (
          <img src={preview} alt={label} className="k-pick-img" />
        ) : (
          <span className="k-pick-art" aria-hidden="true">
            <Icon name={icon} size={34} strokeWidth={1.4} />
          </span>
        )}
        <span className="k-pick-caption">
          {state === 'uploading' ? (
            <>
              <span className="k-spinner is-small" aria-hidden="true" />
              {t('upload.uploading')}
            </>
          ) : state === 'error' ? (
            <>
              <Icon name="alert" size={14} />
              {t('upload.retry')}
            </>
          ) : state === 'done' ? (
            <>
              <Icon name="check" size={14} className="k-pick-ok" />
              {t('upload.change')}
            </>
          ) : (
            <>
              <Icon name="plus" size={14} />
              {t('upload.choose')}
            </>
          )}
        </span>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className="k-sr-only"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <div className="k-pick-foot">
        <span className="k-pick-label">{label}</span>
        {preview && (
          <button
            type="button"
            className="k-pick-zoom"
            onClick={() => ImageViewer.show({ image: preview })}
            aria-label={t('upload.zoom', { label })}
          >
            <Icon name="search" size={16} />
          </button>
        )}
      </div>
    </div>
  );
}
