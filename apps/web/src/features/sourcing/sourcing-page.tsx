import { useState } from 'react';
import { SOURCING_TABS, type Sourcing, type SourcingTab } from '@dsm/contract';
import { Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { useSession } from '../../lib/session';
import { AgentCard } from '../../components/sourcing/agent-card';
import { STATE_COLORS } from '../../components/sourcing/request-facts';
import { useMyAgent, useSourcingCounts, useSourcingList } from './sourcing.api';
import { formatDuration, formatWhen, waitedMs } from '../../components/sourcing/sourcing-time';
import '../../components/sourcing/sourcing.css';

/**
 * /user/sourcing (SPEC §2, §4): my sourcing requests in three tabs with their counts — in
 * progress (pending and processing), succeeded, failed — each with its number, when it was sent
 * and how long it has waited against the promised answer time; my personal agent above.
 */
export default function SourcingPage() {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  const [params, setParams] = useSearchParams();
  const tab = (SOURCING_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as SourcingTab)
    : 'processing';
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const list = useSourcingList(tab, paging);
  const counts = useSourcingCounts();
  const agent = useMyAgent();

  const columns: TableColumnsType<Sourcing> = [
    {
      key: 'number',
      title: t('list.number'),
      render: (_, r) => (
        <span className="sourcing-cell">
          <strong>{r.number}</strong>
          <span className="sourcing-muted">{t('list.sent', { when: formatWhen(r.createdAt, lang) })}</span>
        </span>
      ),
    },
    {
      key: 'product',
      title: t('list.product'),
      render: (_, r) => (
        <span className="sourcing-cell">
          <span>{r.title}</span>
          <span className="sourcing-muted">{r.domain}</span>
        </span>
      ),
    },
    {
      key: 'type',
      title: t('list.type'),
      render: (_, r) => (
        <span className="sourcing-cell">
          {t(`purchase-types.${r.purchaseType}`)}
          <span className="sourcing-muted">
            {t(`form.quantity-${r.purchaseType}`)}: {r.quantity}
          </span>
        </span>
      ),
    },
    {
      key: 'state',
      title: t('list.state'),
      render: (_, r) => (
        <span className="sourcing-cell">
          <span>
            <Tag color={STATE_COLORS[r.state]}>{t(`states.${r.state}`)}</Tag>
            {r.late ? <Tag color="volcano">{t('list.late')}</Tag> : null}
          </span>
        </span>
      ),
    },
    {
      key: 'waited',
      title: t('list.waited'),
      render: (_, r) => (
        <span className="sourcing-cell">
          {formatDuration(waitedMs(r.createdAt, r.decidedAt), t)}
          {r.decidedAt ? null : (
            <span className="sourcing-muted">{t('list.due', { when: formatWhen(r.dueAt, lang) })}</span>
          )}
        </span>
      ),
    },
    {
      key: 'action',
      title: t('list.action'),
      render: (_, r) => (
        <Link to={`/user/sourcingDetail?id=${r.id}`} aria-label={t('list.view-label', { number: r.number })}>
          {t('list.view')}
        </Link>
      ),
    },
  ];

  return (
    <div className="sourcing-page">
      <div className="sourcing-head">
        <div>
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
        </div>
        <Link className="button button-primary" to="/user/sourcingFrom">
          {t('new')}
        </Link>
      </div>
      <AgentCard agent={agent.data} />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setPaging({ current: 1, size: paging.size });
          setParams({ tab: key }, { replace: true });
        }}
        items={SOURCING_TABS.map((key) => ({
          key,
          label: t('tabs.label', { name: t(`tabs.${key}`), count: counts.data?.[key] ?? 0 }),
        }))}
      />
      <Table<Sourcing>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isPending}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <EmptyState
              text={t(`list.empty-${tab}`)}
              hint={t('list.empty-hint')}
              action={
                <Link className="button button-secondary" to="/user/sourcingFrom">
                  {t('new')}
                </Link>
              }
            />
          ),
        }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </div>
  );
}
