import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isLoggedIn, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { authLoginPath, queryRecord, useOnce } from './flow';
import { FlowFailed, type FlowFailure, FlowWorking } from './flow-status';
import { storeActions, useRefreshStores } from './stores.api';
import './stores.css';

/**
 * /authensuccess (SPEC §2; Shopify's redirect URI, decision 0100): Shopify sends the merchant
 * back with code, hmac, shop, state and timestamp. The query goes to the server untouched; it
 * checks them and that the logged-in user started this install. Connected → the store list.
 */
export default function AuthSuccessPage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const refresh = useRefreshStores();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const loggedIn = useSession(isLoggedIn);
  const [failure, setFailure] = useState<FlowFailure | null>(null);

  useOnce(() => {
    void storeActions.shopifyCallback(queryRecord(params)).then(async (res) => {
      if (!res.success) return setFailure({ msg: res.msg, reason: res.reason });
      toast.success(t('flow.connected', { name: res.data.name }));
      await refresh();
      void navigate('/user/shopify', { replace: true });
    });
  }, loggedIn);

  if (!loggedIn) return <Navigate to={authLoginPath(pathname, search)} replace />;
  if (failure) return <FlowFailed failure={failure} retryTo="/user/shopify" />;
  return <FlowWorking title={t('flow.shopify-callback')} />;
}
