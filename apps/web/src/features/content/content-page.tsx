import { useTranslation } from 'react-i18next';
import { Link, useLocation, type LoaderFunctionArgs } from 'react-router';
import { AlertIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { useRichTextLinks } from '../../lib/rich-text-links';
import { useSession } from '../../lib/session';
import { prefetch } from '../../lib/prefetch';
import { contentPageQuery, isPageMissing, useContentPage } from './content.api';
import '../../components/ui/rich-text.css';
import './content.css';

/** The route's last path segment is the page's slug (/aboutus → aboutus). */
function slugOf(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').pop()?.toLowerCase() ?? '';
}

/** The route's loader: the page's text starts with its chunks (lib/prefetch.ts). */
export function loader({ request }: LoaderFunctionArgs) {
  const slug = slugOf(new URL(request.url).pathname);
  return prefetch((client) => void client.prefetchQuery(contentPageQuery(slug)));
}

/**
 * The footer's static pages (terms, refunds, about, privacy, wallet rules, shipping policy,
 * contact, user agreement, FAQ, how it works, affiliate): the title and body the operator wrote,
 * in the interface language, set for reading. A language switch fetches the page again.
 */
export default function ContentPage() {
  const { t } = useTranslation('content');
  const { pathname } = useLocation();
  const lang = useSession((s) => s.lang);
  const slug = slugOf(pathname);
  const page = useContentPage(slug);
  const onLinkClick = useRichTextLinks();

  if (page.isError) {
    if (isPageMissing(page.error)) {
      return (
        <StatusPage
          icon={<AlertIcon />}
          title={t('missing.title')}
          text={t('missing.text')}
          actions={
            <Link className="button button-secondary" to="/index">
              {t('missing.home')}
            </Link>
          }
        />
      );
    }
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('error.title')}
        text={page.error.message}
        actions={
          <button type="button" className="button button-secondary" onClick={() => void page.refetch()}>
            {t('error.retry')}
          </button>
        }
      />
    );
  }

  const data = page.data;
  const updated = data ? new Date(data.updatedAt) : null;
  return (
    <article className="content-page" aria-busy={!data} lang={data && data.locale !== lang ? data.locale : undefined}>
      {data ? (
        <>
          <header className="content-head">
            <h1>{data.title}</h1>
            {updated && !Number.isNaN(updated.getTime()) ? (
              <p className="content-updated">
                {t('updated', { date: new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(updated) })}
              </p>
            ) : null}
            {/* Not while the page is being fetched again after a language switch. */}
            {data.locale !== lang && data.locale === 'en-US' && !page.isFetching ? (
              <p className="content-fallback" lang={lang}>
                {t('fallback')}
              </p>
            ) : null}
          </header>
          {/* The server sanitizes page bodies when the operator saves them (scripts, event
              handlers and unsafe URLs removed); that is why this HTML may be inserted as it is. */}
          <div
            className="rich-text content-body"
            onClick={onLinkClick}
            dangerouslySetInnerHTML={{ __html: data.body }}
          />
        </>
      ) : (
        <div className="content-skeleton" aria-hidden="true">
          <span className="skeleton-block title" />
          <span className="skeleton-block" />
          <span className="skeleton-block" />
          <span className="skeleton-block short" />
        </div>
      )}
    </article>
  );
}
