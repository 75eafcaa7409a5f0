import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { AlertIcon, StoreIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { ApiError } from '../../lib/api';
import { isLoggedIn, useSession } from '../../lib/session';
import { authLoginPath } from './flow';
import { FlowFailed, FlowWorking } from './flow-status';
import { useWooOutcome } from './stores.api';
import './stores.css';

/**
 * /:accessCode/redirectAccess?success=1|0 (SPEC §2; WooCommerce's return_url, decision 0100):
 * the store owner comes back from the store's key page. The store has posted the keys to the
 * server by then (server to server); this page reads the outcome of that authorization — only
 * the user who started it may — and shows it, with the way to the store list.
 */
export default function RedirectAccessPage() {
  const { t } = useTranslation('stores');
  const { accessCode = '' } = useParams();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const loggedIn = useSession(isLoggedIn);
  const declined = params.get('success') === '0';
  const outcome = useWooOutcome(accessCode, loggedIn && !declined && Boolean(accessCode));

  if (!loggedIn) return <Navigate to={authLoginPath(pathname, search)} replace />;
  const back = (
    <>
      <Link className="button button-primary" to="/user/shopify">
        {t('links.stores')}
      </Link>
      <Link className="button button-secondary" to="/user/woocommerce">
        {t('access.try-again')}
      </Link>
    </>
  );
  if (declined)
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('access.declined')}
        text={t('access.declined-text')}
        actions={back}
      />
    );
  if (outcome.error) {
    const failure = outcome.error instanceof ApiError ? outcome.error.result : { msg: t('flow.failed') };
    return (
      <FlowFailed
        failure={{ msg: failure.msg, reason: 'reason' in failure ? failure.reason : undefined }}
        retryTo="/user/woocommerce"
      />
    );
  }
  const o = outcome.data;
  if (!o || (o.state === 'pending' && outcome.waiting)) return <FlowWorking title={t('access.waiting')} />;
  if (o.state === 'pending')
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('access.pending')}
        text={t('access.pending-text')}
        actions={back}
      />
    );
  if (o.state === 'failed')
    return (
      <StatusPage tone="warning" icon={<AlertIcon />} title={t('flow.failed')} text={o.error ?? ''} actions={back} />
    );
  return (
    <StatusPage
      icon={<StoreIcon />}
      title={t('access.connected', { name: o.store?.name ?? '' })}
      text={t('access.connected-text')}
      actions={
        <>
          <Link className="button button-primary" to="/user/shopify">
            {t('links.stores')}
          </Link>
          {o.store ? (
            <Link className="button button-secondary" to={`/user/connection?store=${encodeURIComponent(o.store.id)}`}>
              {t('links.products')}
            </Link>
          ) : null}
        </>
      }
    />
  );
}
