import { useState } from 'react';
import { SOURCING_IMAGE_TYPES, SOURCING_IMAGE_MAX_BYTES, SOURCING_MAX_IMAGES } from '@dsm/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadSourcingImage } from './sourcing-files.api';

type Picture = { id: string; name: string };

/**
 * Up to 5 pictures (JPEG, PNG, WebP; 5 MB each), each uploaded as soon as it is chosen. The type
 * and size are checked here first for a quick answer; the server judges the bytes again.
 */
export function SourcingPictures({
  pictures,
  onChange,
  onUploading,
  uploadPath,
}: {
  pictures: Picture[];
  onChange: (next: Picture[]) => void;
  onUploading: (busy: boolean) => void;
  uploadPath?: string;
}) {
  const { t } = useTranslation('sourcing');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(files: FileList | null) {
    setError(null);
    let list = pictures;
    for (const file of Array.from(files ?? [])) {
      if (list.length >= SOURCING_MAX_IMAGES) return setError(t('form.image-count', { max: SOURCING_MAX_IMAGES }));
      if (!(SOURCING_IMAGE_TYPES as readonly string[]).includes(file.type))
        return setError(t('form.image-type', { name: file.name }));
      if (file.size > SOURCING_IMAGE_MAX_BYTES) return setError(t('form.image-size', { name: file.name }));
      setBusy(true);
      onUploading(true);
      const result = await uploadSourcingImage(file, crypto.randomUUID(), uploadPath);
      setBusy(false);
      onUploading(false);
      if (!result.success) {
        const first = Array.isArray(result.data) ? (result.data as Array<{ message?: string }>)[0]?.message : undefined;
        return setError(first ?? result.msg);
      }
      const id = result.data.id;
      if (!list.some((p) => p.id === id)) list = [...list, { id, name: file.name }];
      onChange(list);
    }
  }

  return (
    <div>
      <div className="sourcing-pictures">
        {pictures.map((p) => (
          <span key={p.id} className="sourcing-picture">
            <img src={`/api/files/sourcing/${p.id}`} alt={p.name} />
            <Button
              size="small"
              type="link"
              onClick={() => onChange(pictures.filter((x) => x.id !== p.id))}
              aria-label={t('form.remove-image', { name: p.name })}
            >
              ×
            </Button>
          </span>
        ))}
      </div>
      <label className="sourcing-upload">
        <span>{busy ? t('form.uploading') : t('form.upload')}</span>
        <input
          type="file"
          accept={SOURCING_IMAGE_TYPES.join(',')}
          multiple
          disabled={busy || pictures.length >= SOURCING_MAX_IMAGES}
          aria-label={t('form.upload')}
          onChange={(e) => {
            void add(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {error ? (
        <div role="alert" className="sourcing-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
