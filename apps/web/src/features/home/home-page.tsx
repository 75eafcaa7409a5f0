import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BoxIcon, StoreIcon, WalletIcon } from '../../components/ui/icons';
import { Deferred } from './deferred';
import { MarketCategories } from './market-categories';
import { useMediaQuery } from './use-media-query';
import './home.css';

// Sections that show fetched data load their code with it, after the first paint.
const BannerCarousel = lazy(() => import('./banner-carousel'));
const PinnedNotices = lazy(() => import('./pinned-notices'));
const ShelfProducts = lazy(() => import('./product-shelf'));

const STEPS = [
  { key: 'connect', icon: StoreIcon },
  { key: 'list', icon: BoxIcon },
  { key: 'fulfil', icon: WalletIcon },
] as const;

/** Wide enough to show the carousel beside the hero text. */
const WIDE = '(min-width: 960px)';

const CarouselPlaceholder = () => (
  <div className="carousel" aria-hidden="true">
    <div className="carousel-viewport" />
    <div className="carousel-controls" />
  </div>
);

const SHELVES = [
  { tagCode: 'new', titleKey: 'shelves.new', moreTo: '/goodslist?sort=newest' },
  { tagCode: 'trending', titleKey: 'shelves.trending', moreTo: '/goodslist?sort=sales' },
] as const;

/**
 * /index. The hero text and the market's tiles need no data: they are the first paint, and the
 * hero text is the largest element on a phone (LCP). Everything fetched comes after that paint,
 * with its code, into space reserved for it (no layout shift); the shelves and, on a phone, the
 * carousel wait until the visitor scrolls near them. On a wide screen the carousel sits beside
 * the hero; on a narrow one after the market, so a banner arriving two requests later never
 * becomes the phone's largest paint.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const wide = useMediaQuery(WIDE);
  return (
    <>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero-inner">
          <div className="home-hero-text">
            <h1 id="home-title">{t('hero.title')}</h1>
            <p>{t('hero.subtitle')}</p>
            <div className="home-hero-actions">
              <Link className="button button-light" to="/goodslist">
                {t('hero.browse')}
              </Link>
              <Link className="button button-outline-light" to="/register">
                {t('hero.register')}
              </Link>
            </div>
          </div>
          {wide ? (
            <Deferred placeholder={<CarouselPlaceholder />}>
              <BannerCarousel priority />
            </Deferred>
          ) : null}
        </div>
      </section>

      <Deferred placeholder={<div className="home-notices-placeholder" aria-hidden="true" />}>
        <PinnedNotices />
      </Deferred>
      <MarketCategories />
      {wide ? null : (
        <div className="home-carousel-narrow">
          <Deferred whenNear placeholder={<CarouselPlaceholder />}>
            <BannerCarousel />
          </Deferred>
        </div>
      )}
      {SHELVES.map((shelf) => (
        <section key={shelf.tagCode} className="home-shelf" aria-labelledby={`shelf-${shelf.tagCode}`}>
          <div className="home-section-head">
            <h2 id={`shelf-${shelf.tagCode}`}>{t(shelf.titleKey)}</h2>
            <Link to={shelf.moreTo} className="home-more">
              {t('shelves.more')}
            </Link>
          </div>
          <Deferred whenNear placeholder={<div className="shelf-placeholder" aria-hidden="true" />}>
            <ShelfProducts tagCode={shelf.tagCode} />
          </Deferred>
        </section>
      ))}

      <section className="home-steps" aria-labelledby="home-steps-title">
        <h2 id="home-steps-title">{t('steps.title')}</h2>
        <ol>
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key}>
              <span className="home-step-icon">
                <Icon size={26} />
              </span>
              <h3>
                <span className="home-step-number">{index + 1}. </span>
                {t(`steps.${key}.title`)}
              </h3>
              <p>{t(`steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
