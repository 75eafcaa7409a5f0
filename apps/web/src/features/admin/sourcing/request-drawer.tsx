import { Drawer, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestFacts } from '../../../components/sourcing/request-facts';
import { SourcingThread } from '../../../components/sourcing/sourcing-thread';
import { useAdminSourcingMessages, useAdminSourcingOne } from './sourcing.api';

/** One request in the console: what was asked, the linked products or the reason, and the thread. */
export function RequestDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('sourcing');
  const request = useAdminSourcingOne(id);
  const messages = useAdminSourcingMessages(id);
  const r = request.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={640} title={r ? t('detail.title', { number: r.number }) : ''}>
      {r ? (
        <>
          <p>
            {r.userEmail} · {t(`states.${r.state}`)}
          </p>
          <RequestFacts request={r} />
          {r.products.length ? (
            <List
              header={t('products.title')}
              dataSource={r.products}
              renderItem={(p) => (
                <List.Item>
                  {p.prodName} (#{p.prodId})
                </List.Item>
              )}
            />
          ) : null}
          {r.failureReason ? (
            <p>
              {t(`reasons.${r.failureReason}`)}
              {r.failureNote ? ` — ${r.failureNote}` : ''}
            </p>
          ) : null}
          <SourcingThread
            requestId={r.id}
            messages={messages.data ?? []}
            area="admin"
            onSent={() => messages.refetch()}
          />
        </>
      ) : null}
    </Drawer>
  );
}
