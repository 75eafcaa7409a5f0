import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

/** One picture of the product: where it stands and whether the store receives it. */
export interface OrderedImage {
  url: string;
  on: boolean;
}

/** The product's pictures once each, the main one first: what the dialog starts from. */
export function imagesOf(p: { pic: string; imgs: string[] }): OrderedImage[] {
  return [p.pic, ...p.imgs].filter((u, i, all) => u && all.indexOf(u) === i).map((url) => ({ url, on: true }));
}

/** What the listing sends: the pictures left in, in this order (Shopify media, WooCommerce images). */
export const chosenImages = (list: OrderedImage[]) => list.filter((i) => i.on).map((i) => i.url);

/**
 * The template's image order (issue 22, decision 0138): move a picture up or down, leave one out.
 * Buttons rather than dragging, so a keyboard and a screen reader can do it too.
 */
export function ImageOrder({ value, onChange }: { value: OrderedImage[]; onChange: (next: OrderedImage[]) => void }) {
  const { t } = useTranslation('listings');
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  return (
    <ol className="ls-images" aria-label={t('images.label')}>
      {value.map((img, i) => (
        <li key={img.url} className={img.on ? undefined : 'ls-image-off'}>
          <img src={img.url} alt="" width={56} height={56} />
          <span className="ls-muted">{img.on ? chosenImages(value.slice(0, i + 1)).length : '—'}</span>
          <Checkbox
            checked={img.on}
            aria-label={t('images.include', { n: i + 1 })}
            onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, on: e.target.checked } : x)))}
          />
          <Button size="small" disabled={i === 0} aria-label={t('images.up', { n: i + 1 })} onClick={() => move(i, -1)}>
            ↑
          </Button>
          <Button
            size="small"
            disabled={i === value.length - 1}
            aria-label={t('images.down', { n: i + 1 })}
            onClick={() => move(i, 1)}
          >
            ↓
          </Button>
        </li>
      ))}
    </ol>
  );
}
