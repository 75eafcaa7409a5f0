import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface GalleryProps {
  images: readonly string[];
  active: number;
  onSelect: (index: number) => void;
  productName: string;
}

const Arrow = ({ d }: { d: string }) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

/**
 * The product pictures: one large image, previous / next buttons, and a row of thumbnails that
 * work as one keyboard stop (arrow keys, Home and End move between them; roving tabindex).
 */
export function Gallery({ images, active, onSelect, productName }: GalleryProps) {
  const { t } = useTranslation('catalogue');
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const count = images.length;
  const current = Math.min(Math.max(active, 0), Math.max(count - 1, 0));

  function move(to: number, focus: boolean) {
    const next = ((to % count) + count) % count;
    onSelect(next);
    if (focus) thumbs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      Home: 0,
      End: count - 1,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    move(keys[event.key]!, true);
  }

  if (!count) return <div className="gallery-main gallery-empty" aria-hidden="true" />;
  return (
    <div className="gallery">
      <div className="gallery-main">
        <img
          src={images[current]}
          alt={t('gallery.image', { name: productName, n: current + 1, count })}
          width={600}
          height={600}
          fetchPriority="high"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="gallery-arrow gallery-prev"
              aria-label={t('gallery.previous')}
              onClick={() => move(current - 1, false)}
            >
              <Arrow d="m15 5-7 7 7 7" />
            </button>
            <button
              type="button"
              className="gallery-arrow gallery-next"
              aria-label={t('gallery.next')}
              onClick={() => move(current + 1, false)}
            >
              <Arrow d="m9 5 7 7-7 7" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="gallery-thumbs" role="group" aria-label={t('gallery.thumbnails')} onKeyDown={onKeyDown}>
          {images.map((src, i) => (
            <button
              key={src}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              className="gallery-thumb"
              tabIndex={i === current ? 0 : -1}
              aria-current={i === current ? 'true' : undefined}
              aria-label={t('gallery.show', { n: i + 1, count })}
              onClick={() => move(i, false)}
            >
              <img src={src} alt="" width={72} height={72} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
