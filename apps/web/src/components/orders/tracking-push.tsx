import type { TrackingPushStatus } from '@dsm/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOrderTime } from './order-view';

/**
 * A store order's tracking on its way back to the store (issue 21, decision 0115), for the
 * user's drawer and the operator's: sent and when, still being sent (with the next try after a
 * failure), or failed / fulfilled by hand with the reason and a Retry button.
 */
export function TrackingPushNote({
  push,
  lang,
  onRetry,
}: {
  push: TrackingPushStatus;
  lang: string;
  /** Resolves when the retry was asked (the caller refreshes the order). */
  onRetry?: () => Promise<unknown>;
}) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState(false);
  const time = (iso: string | null) => formatOrderTime(iso, lang);
  // The reason in the reader's language; the store's own words (English, technical) beside it.
  const reason = push.errorKind ? t(`tracking-push.reasons.${push.errorKind}`) : (push.lastError ?? '');
  const text =
    push.state === 'sent'
      ? t('tracking-push.sent', { time: time(push.sentAt) })
      : push.state === 'by-hand'
        ? t('tracking-push.by-hand')
        : push.state === 'failed'
          ? t('tracking-push.failed', { reason })
          : push.nextAttemptAt && push.lastError
            ? t('tracking-push.retrying', { reason, time: time(push.nextAttemptAt) })
            : t('tracking-push.pending');
  const type =
    push.state === 'sent'
      ? 'success'
      : push.state === 'failed'
        ? 'error'
        : push.state === 'by-hand'
          ? 'warning'
          : 'info';
  const retry =
    push.canRetry && onRetry ? (
      <Button
        size="small"
        loading={busy}
        onClick={() => {
          setBusy(true);
          void onRetry().finally(() => setBusy(false));
        }}
      >
        {t('tracking-push.retry')}
      </Button>
    ) : null;
  return (
    <div className="order-tracking-push" data-testid="tracking-push">
      <Alert
        type={type}
        showIcon
        title={t('tracking-push.label')}
        description={
          <>
            <div>{text}</div>
            {push.lastError && push.errorKind && push.state !== 'sent' ? (
              <div className="order-tracking-push-detail">{t('tracking-push.detail', { detail: push.lastError })}</div>
            ) : null}
            {push.warning === 'too-long' ? <div>{t('tracking-push.too-long')}</div> : null}
          </>
        }
        action={retry}
      />
    </div>
  );
}
