import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertIcon, RefreshIcon } from '../components/ui/icons';
import { StatusPage } from '../components/ui/status-page';
import { isChunkLoadError } from '../lib/chunk-error';
import NotFoundPage from './pages/not-found-page';

/**
 * The errorElement of the routes. A lazy chunk that fails to load almost always means a new
 * version was deployed (old file names are gone) or the connection dropped: offer a reload
 * instead of a crash. Anything else gets a calm generic message.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  if (isChunkLoadError(error)) {
    return (
      <StatusPage
        icon={<RefreshIcon />}
        title={t('update.title')}
        text={t('update.text')}
        actions={
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('update.reload')}
          </button>
        }
      />
    );
  }

  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusPage
      icon={<AlertIcon />}
      tone="warning"
      title={t('errors.generic-title')}
      text={t('errors.generic-text')}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('errors.retry')}
          </button>
          <Link className="button button-secondary" to="/index" reloadDocument>
            {t('not-found.home')}
          </Link>
        </>
      }
    />
  );
}
