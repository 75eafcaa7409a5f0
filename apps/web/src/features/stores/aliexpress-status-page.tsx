import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { useOnce } from './flow';
import { FlowFailed, type FlowFailure, FlowWorking } from './flow-status';
import { storeActions, useRefreshStores } from './stores.api';
import './stores.css';

/**
 * /aliexpressstatus?code=…&state=… (SPEC §2; AliExpress's redirect URI, behind login): the code
 * and state go to the server, which exchanges the code for the seller's tokens. A seller who
 * refused on AliExpress's page comes back without a code.
 */
export default function AliexpressStatusPage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const refresh = useRefreshStores();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [failure, setFailure] = useState<FlowFailure | null>(
    code && state ? null : { msg: t('flow.aliexpress-no-code') },
  );

  useOnce(
    () => {
      void storeActions.aliCallback(code, state).then(async (res) => {
        if (!res.success) return setFailure({ msg: res.msg, reason: res.reason });
        toast.success(t('flow.connected', { name: res.data.name }));
        await refresh();
        void navigate('/user/aliexpress', { replace: true });
      });
    },
    Boolean(code && state),
  );

  if (failure) return <FlowFailed failure={failure} retryTo="/user/aliexpress" />;
  return <FlowWorking title={t('flow.aliexpress-callback')} />;
}
