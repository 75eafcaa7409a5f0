import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The page numbers to offer: first, last, and two either side of the current one. */
export function pageItems(current: number, pages: number): Array<number | 'gap'> {
  const wanted = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1]! > 1) items.push('gap');
    items.push(n);
  });
  return items;
}

interface PaginationProps {
  current: number;
  pages: number;
  linkTo: (page: number) => string;
}

/** Paging as links (each page has its URL: the back button goes to the previous page). */
export function Pagination({ current, pages, linkTo }: PaginationProps) {
  const { t } = useTranslation('catalogue');
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('paging.label')}>
      <ul>
        <li>
          {current > 1 ? (
            <Link className="page-link" to={linkTo(current - 1)} rel="prev">
              {t('paging.previous')}
            </Link>
          ) : (
            <span className="page-link is-disabled" aria-disabled="true">
              {t('paging.previous')}
            </span>
          )}
        </li>
        {pageItems(current, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className="page-link page-number"
                to={linkTo(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t('paging.page', { n: item })}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <Link className="page-link" to={linkTo(current + 1)} rel="next">
              {t('paging.next')}
            </Link>
          ) : (
            <span className="page-link is-disabled" aria-disabled="true">
              {t('paging.next')}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
