import { useRef, useState } from 'react';
import { Alert, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCEPT_IMAGES, checkImage, toUploadBody } from '../shared/images';
import { fieldErrorsOf } from '../shared/server-errors';
import { MAX_IMAGES } from './product-form.model';
import { uploadProductImage } from './products.api';

interface ProductImagesProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** The product's pictures: upload (base64 JSON), reorder, remove; the first is the main picture. */
export function ProductImages({ id, value = [], onChange }: ProductImagesProps) {
  const { t } = useTranslation('admin');
  const [pending, setPending] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  // Several files upload one after another; each adds to the list as it is when it lands.
  const latest = useRef(value);
  latest.current = value;
  const queue = useRef<Promise<void>>(Promise.resolve());

  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };

  async function upload(file: File) {
    const problem = checkImage(file);
    if (problem) {
      setProblems((p) => [...p, t(`images.${problem}`, { name: file.name })]);
      return;
    }
    if (latest.current.length >= MAX_IMAGES) {
      setProblems((p) => [...p, t('images.too-many', { max: MAX_IMAGES })]);
      return;
    }
    setPending((n) => n + 1);
    try {
      const result = await uploadProductImage(await toUploadBody(file));
      if (result.success) change([...latest.current, result.data.url]);
      else {
        const details = fieldErrorsOf(result).map((e) => e.message);
        setProblems((p) => [...p, `${file.name}: ${details.length ? details.join(' ') : result.msg}`]);
      }
    } finally {
      setPending((n) => n - 1);
    }
  }

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    change(next);
  };

  return (
    <div className="admin-images" id={id}>
      {value.length ? (
        <ol className="admin-image-list">
          {value.map((url, i) => (
            <li key={`${url}-${i}`} className="admin-image">
              <img src={url} alt={t('images.alt', { n: i + 1 })} loading="lazy" />
              {i === 0 ? <span className="admin-image-main">{t('images.main')}</span> : null}
              <div className="admin-image-actions">
                <Button
                  size="small"
                  aria-label={t('images.move-before', { n: i + 1 })}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  ←
                </Button>
                <Button
                  size="small"
                  aria-label={t('images.move-after', { n: i + 1 })}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  →
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={t('images.remove', { n: i + 1 })}
                  onClick={() => change(value.filter((_, j) => j !== i))}
                >
                  ×
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-hint">{t('images.none')}</p>
      )}
      <Upload
        accept={ACCEPT_IMAGES}
        multiple
        showUploadList={false}
        aria-label={t('images.upload')}
        beforeUpload={(file) => {
          setProblems([]);
          queue.current = queue.current.then(() => upload(file));
          return Upload.LIST_IGNORE;
        }}
      >
        <Button loading={pending > 0} disabled={value.length >= MAX_IMAGES}>
          {t('images.upload')}
        </Button>
      </Upload>
      <p className="admin-hint">{t('images.hint', { max: MAX_IMAGES })}</p>
      {problems.length ? (
        <Alert type="error" showIcon role="alert" title={problems.map((p, i) => <div key={i}>{p}</div>)} />
      ) : null}
    </div>
  );
}
