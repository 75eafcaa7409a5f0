import { useEffect } from 'react';
import { Alert, Button, Steps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { useSession } from '../../lib/session';
import { AgentCard } from '../../components/sourcing/agent-card';
import { RequestFacts, STATE_COLORS } from '../../components/sourcing/request-facts';
import { SourcedProducts } from './sourced-products';
import { SourcingThread } from '../../components/sourcing/sourcing-thread';
import { useSourcing, useSourcingMessages } from './sourcing.api';
import { draftFrom, selectProducts } from './sourcing-draft';
import { formatDuration, formatWhen, waitedMs } from '../../components/sourcing/sourcing-time';
import '../../components/sourcing/sourcing.css';

/**
 * /user/sourcingDetail?id= (SPEC §2, §4): one request — its timeline, what was asked, who handles
 * it, and the answer: the sourced products with their prices and actions, or the reason it failed
 * with "send a new request" pre-filled from this one; and the thread with the agent.
 */
export default function SourcingDetailPage() {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  const userId = useSession((s) => s.user_id);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const request = useSourcing(id);
  const messages = useSourcingMessages(id);
  const r = request.data;

  // SPEC §9 `sourcDetails`: the selected product id list is this request's products.
  useEffect(() => {
    if (r?.products.length)
      selectProducts(
        userId,
        r.products.map((p) => p.prodId),
      );
  }, [r, userId]);

  if (!id || request.isError) {
    return (
      <div className="sourcing-page">
        <EmptyState
          text={t('detail.not-found')}
          action={
            <Link className="button button-secondary" to="/user/sourcing">
              {t('form.back')}
            </Link>
          }
        />
      </div>
    );
  }
  if (!r) return <div className="sourcing-page" aria-busy="true" />;

  const resend = () => {
    draftFrom(userId, r);
    navigate('/user/sourcingFrom');
  };
  return (
    <div className="sourcing-page">
      <div className="sourcing-head">
        <div>
          <h1>{t('detail.title', { number: r.number })}</h1>
          <p>
            <Tag color={STATE_COLORS[r.state]}>{t(`states.${r.state}`)}</Tag>
            {r.late ? <Tag color="volcano">{t('list.late')}</Tag> : null}
            <span className="sourcing-muted">
              {t('detail.waited', { time: formatDuration(waitedMs(r.createdAt, r.decidedAt), t) })}
            </span>
          </p>
        </div>
        <Link to="/user/sourcing">{t('form.back')}</Link>
      </div>
      <Steps
        className="sourcing-steps"
        current={r.decidedAt ? 2 : r.takenAt ? 1 : 0}
        status={r.state === 'failed' ? 'error' : r.state === 'succeeded' ? 'finish' : 'process'}
        items={[
          { title: t('timeline.sent'), content: formatWhen(r.createdAt, lang) },
          { title: t('timeline.taken'), content: formatWhen(r.takenAt, lang) },
          {
            title: r.decidedAt ? t(`states.${r.state}`) : t('timeline.answer'),
            content: r.decidedAt ? formatWhen(r.decidedAt, lang) : t('list.due', { when: formatWhen(r.dueAt, lang) }),
          },
        ]}
      />
      {r.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          className="sourcing-alert"
          title={t('detail.failed', { reason: t(`reasons.${r.failureReason ?? 'other'}`) })}
          description={r.failureNote ?? undefined}
          action={
            <Button type="primary" onClick={resend}>
              {t('detail.resend')}
            </Button>
          }
        />
      ) : null}
      {r.state === 'succeeded' ? <SourcedProducts products={r.products} /> : null}
      <div className="sourcing-columns">
        <RequestFacts request={r} />
        <AgentCard agent={r.agent} />
      </div>
      <SourcingThread requestId={r.id} messages={messages.data ?? []} area="p" onSent={() => messages.refetch()} />
    </div>
  );
}
