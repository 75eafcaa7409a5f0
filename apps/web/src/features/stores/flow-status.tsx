import type { ErrorReason } from '@dsm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlertIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { api } from '../../lib/api';
import { loginPathFor } from '../../lib/navigation';
import { session } from '../../lib/session';

/** A flow step the server refused: its localized message and machine reason. */
export interface FlowFailure {
  msg: string;
  reason?: ErrorReason;
}

/** The page of a flow step under way (the platform's answer being checked by the server). */
export function FlowWorking({ title }: { title: string }) {
  const { t } = useTranslation('stores');
  return <StatusPage icon={<Spin size="large" />} title={title} text={t('flow.wait')} />;
}

/**
 * Ends this session and logs in again, back to the same flow page: the authorization was started
 * by another account than the one logged in here ("You are not the current user, log in again").
 */
export function LogInAgainButton() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { pathname, search } = useLocation();
  async function again() {
    await client.cancelQueries();
    await api.post('/logout', undefined, { noshow: true });
    session.clear();
    client.clear();
    await navigate(loginPathFor(pathname, search), { replace: true });
  }
  return (
    <Button type="primary" onClick={() => void again()}>
      {t('flow.login-again')}
    </Button>
  );
}

/** A refused flow step: another account → log in again; anything else → its reason and a way on. */
export function FlowFailed({ failure, retryTo }: { failure: FlowFailure; retryTo: string }) {
  const { t } = useTranslation('stores');
  if (failure.reason === 'store-not-current-user') {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('flow.not-current-user')}
        text={t('flow.not-current-user-text')}
        actions={<LogInAgainButton />}
      />
    );
  }
  return (
    <StatusPage
      tone="warning"
      icon={<AlertIcon />}
      title={t('flow.failed')}
      text={failure.msg}
      actions={
        <>
          <Link className="button button-primary" to={retryTo}>
            {t('flow.try-again')}
          </Link>
          <Link className="button button-secondary" to="/user/shopify">
            {t('links.stores')}
          </Link>
        </>
      }
    />
  );
}
