import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Banner } from '@dsm/contract';
import { useBanners } from './home.api';

/** Time each slide stays while the carousel rotates. */
export const SLIDE_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  if (!banner.link) return <div className="carousel-link">{children}</div>;
  if (banner.link.startsWith('/')) {
    return (
      <Link className="carousel-link" to={banner.link}>
        {children}
      </Link>
    );
  }
  return (
    <a className="carousel-link" href={banner.link} rel="noopener">
      {children}
    </a>
  );
}

const PrevIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="m15 5-7 7 7 7" />
  </svg>
);
const NextIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="m9 5 7 7-7 7" />
  </svg>
);
const PauseIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);
const PlayIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M7 4.8v14.4a1 1 0 0 0 1.5.9l11.3-7.2a1 1 0 0 0 0-1.7L8.5 3.9A1 1 0 0 0 7 4.8Z" />
  </svg>
);

/**
 * The home carousel (WAI-ARIA APG "auto-rotating carousel"): rotates every 6 s unless the visitor
 * paused it, prefers reduced motion, or is pointing at or focused inside it; previous / next and
 * one button per slide; the live region speaks a slide change only when not rotating.
 * Its box keeps the banners' 3:1 shape while they load, so nothing below moves. With `priority`
 * (the carousel is in the first screen) the first image is fetched at once at high priority;
 * otherwise, and for the other slides, images load when shown.
 */
export default function BannerCarousel({ priority = false }: { priority?: boolean }) {
  const { t } = useTranslation('home');
  const { data: banners, isError } = useBanners();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const count = banners?.length ?? 0;
  const current = count ? index % count : 0;
  const rotating = count > 1 && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setInterval(() => setIndex((i) => i + 1), SLIDE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  if (isError || (banners && count === 0)) return null;

  const go = (next: number) => setIndex(((next % count) + count) % count);

  return (
    <section
      className="carousel"
      aria-roledescription={t('carousel.role')}
      aria-label={t('carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-viewport" aria-live={rotating ? 'off' : 'polite'} aria-busy={!banners}>
        {banners?.map((banner, i) => (
          <div
            key={banner.imgId}
            className="carousel-slide"
            role="group"
            aria-roledescription={t('carousel.slide-role')}
            aria-label={t('carousel.slide', { n: i + 1, count })}
            hidden={i !== current}
          >
            <BannerLink banner={banner}>
              <img
                src={banner.imgUrl}
                alt={banner.alt}
                width={1200}
                height={400}
                loading={priority && i === 0 ? 'eager' : 'lazy'}
                fetchPriority={priority && i === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              {banner.title ? <span className="carousel-caption">{banner.title}</span> : null}
            </BannerLink>
          </div>
        ))}
      </div>
      {/* The controls' row is kept while the banners load, so its height is reserved. */}
      <div className="carousel-controls">
        {count > 1 ? (
          <>
            <button
              type="button"
              className="carousel-button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? t('carousel.play') : t('carousel.pause')}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
            <button
              type="button"
              className="carousel-button"
              onClick={() => go(current - 1)}
              aria-label={t('carousel.previous')}
            >
              <PrevIcon />
            </button>
            <div className="carousel-dots">
              {banners?.map((banner, i) => (
                <button
                  key={banner.imgId}
                  type="button"
                  className="carousel-dot"
                  aria-label={t('carousel.show', { n: i + 1, title: banner.title || banner.alt })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              ))}
            </div>
            <button
              type="button"
              className="carousel-button"
              onClick={() => go(current + 1)}
              aria-label={t('carousel.next')}
            >
              <NextIcon />
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
