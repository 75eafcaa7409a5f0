import { useRef, useState } from 'react';
import { type AgentMessage, AgentMessageListSchema, AgentMessageSchema } from '@dsm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMyAgent } from './agent-card';
import { formatWhen } from './sourcing-time';
import './sourcing.css';

/**
 * A user's thread with their agent (decision 0137), one per user: the user reads it in the
 * account area (`userId` absent: /api/p/agent-messages), staff on the agent's desk (their user's
 * id: /api/admin/desk/users/:id/messages). A message may name one of the user's orders.
 */
const pathOf = (userId?: string) =>
  userId ? `/admin/desk/users/${encodeURIComponent(userId)}/messages` : '/p/agent-messages';
export const agentThreadKey = (userId?: string) => ['sourcing', 'agent-thread', userId ?? 'mine'] as const;

export function useAgentThread(userId?: string) {
  return useQuery({
    queryKey: agentThreadKey(userId),
    queryFn: ({ signal }) => api.data<AgentMessage[]>(pathOf(userId), { signal, schema: AgentMessageListSchema }),
    // The other side writes too: read it afresh whenever a page with the thread opens, and every
    // minute while it stays open.
    refetchOnMount: 'always',
    refetchInterval: 60_000,
  });
}

export function AgentThread({
  userId,
  order,
  orderLink,
}: {
  /** The user whose thread staff read; absent, the caller's own thread. */
  userId?: string;
  /** The order new messages are about (the desk's order page). */
  order?: { id: string; number: string };
  /** Where a message's order number leads. */
  orderLink?: (orderId: string) => string;
}) {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  const thread = useAgentThread(userId);
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const key = useRef(crypto.randomUUID());
  const staffSide = Boolean(userId);
  const messages = thread.data ?? [];

  async function send() {
    setSending(true);
    const result = await api.post<AgentMessage>(
      pathOf(userId),
      { text: text.trim(), orderId: order?.id ?? null },
      { idempotencyKey: key.current, noshow: true, schema: AgentMessageSchema },
    );
    setSending(false);
    key.current = crypto.randomUUID();
    if (!result.success) {
      const first = Array.isArray(result.data) ? (result.data as Array<{ message?: string }>)[0]?.message : undefined;
      toast.warning(first ?? result.msg);
      return;
    }
    setText('');
    await client.invalidateQueries({ queryKey: agentThreadKey(userId) });
  }

  const title = staffSide ? t('desk.thread-title') : t('desk.my-thread-title');
  return (
    <section className="sourcing-thread" aria-label={title}>
      <h2>{title}</h2>
      {thread.isSuccess && messages.length === 0 ? <p className="sourcing-muted">{t('thread.empty')}</p> : null}
      <ol className="sourcing-messages">
        {messages.map((m) => (
          <li
            key={m.id}
            className={m.fromStaff === staffSide ? 'sourcing-message sourcing-message-mine' : 'sourcing-message'}
          >
            <div className="sourcing-muted">
              {m.authorName}
              {m.fromStaff ? ` · ${t('thread.staff')}` : ''} · {formatWhen(m.createdAt, lang)}
              {m.orderId && m.orderNumber ? (
                <>
                  {' · '}
                  {orderLink ? (
                    <Link to={orderLink(m.orderId)}>{t('desk.about-order', { number: m.orderNumber })}</Link>
                  ) : (
                    t('desk.about-order', { number: m.orderNumber })
                  )}
                </>
              ) : null}
            </div>
            <p>{m.text}</p>
          </li>
        ))}
      </ol>
      <Input.TextArea
        rows={2}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={order ? t('desk.placeholder-order', { number: order.number }) : t('thread.placeholder')}
        aria-label={order ? t('desk.placeholder-order', { number: order.number }) : t('thread.placeholder')}
      />
      <Button type="primary" onClick={() => void send()} loading={sending} disabled={!text.trim()}>
        {t('thread.send')}
      </Button>
    </section>
  );
}

/**
 * The account area's side of the thread: shown to a user who has an agent, or who has messages
 * (an agent since changed keeps the history readable).
 */
export function MyAgentThread() {
  const agent = useMyAgent();
  const thread = useAgentThread();
  if (agent.isLoading || thread.isLoading) return null;
  if (!agent.data && !thread.data?.length) return null;
  return <AgentThread />;
}
