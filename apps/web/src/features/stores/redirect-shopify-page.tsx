import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isLoggedIn, useSession } from '../../lib/session';
import { authLoginPath, jumpPath, queryRecord, useOnce } from './flow';
import { FlowFailed, type FlowFailure, FlowWorking } from './flow-status';
import { storeActions } from './stores.api';
import './stores.css';

/**
 * /redirectShopify (SPEC §2; Shopify's App URL, decision 0100): Shopify opens it with a signed
 * query (shop, timestamp, hmac, host…) when a merchant installs the app from their admin. The
 * query goes to the server untouched (it checks the signature), which answers the authorization
 * page to send the browser to. Not logged in → /authlogin first, the query kept.
 */
export default function RedirectShopifyPage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const loggedIn = useSession(isLoggedIn);
  const [failure, setFailure] = useState<FlowFailure | null>(null);

  useOnce(() => {
    const query = queryRecord(params);
    void storeActions.shopifyInstall(query.shop ?? '', query).then((res) => {
      if (res.success) void navigate(jumpPath(res.data.url), { replace: true });
      else setFailure({ msg: res.msg, reason: res.reason });
    });
  }, loggedIn);

  if (!loggedIn) return <Navigate to={authLoginPath(pathname, search)} replace />;
  if (failure) return <FlowFailed failure={failure} retryTo="/user/shopify" />;
  return <FlowWorking title={t('flow.shopify-install')} />;
}
