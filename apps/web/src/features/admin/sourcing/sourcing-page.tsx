import { useState } from 'react';
import { PURCHASE_TYPES, SOURCING_STATES, type AdminSourcing } from '@dsm/contract';
import { Alert, Button, Checkbox, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATE_COLORS } from '../../../components/sourcing/request-facts';
import { formatDuration, formatWhen, waitedMs } from '../../../components/sourcing/sourcing-time';
import { isAgent, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminListPage } from '../shared/list-page';
import { AgentsPanel } from './agents-panel';
import { type Answer, AnswerModal } from './answer-modal';
import { RequestDrawer } from './request-drawer';
import {
  type AdminSourcingFilter,
  takeSourcing,
  useAdminSourcing,
  useRefreshAdminSourcing,
  useSourcingAgents,
} from './sourcing.api';
import '../../../components/sourcing/sourcing.css';

const STATE_FILTERS = ['open', ...SOURCING_STATES, 'all'] as const;

/**
 * /admin/sourcing (issue 25): the queue by age (open requests oldest first) with filters — state,
 * purchase type, agent, late — and per request: take it, answer succeeded with catalogue products
 * or failed with a reason, read and write its thread. Below, the operator's agents set-up.
 */
export default function AdminSourcingPage() {
  const { t } = useTranslation(['sourcing', 'admin']);
  const lang = useSession((s) => s.lang);
  const [filter, setFilter] = useState<AdminSourcingFilter>({ state: 'open', current: 1, size: 20 });
  const list = useAdminSourcing(filter);
  // A personal agent sees their own users' queue: no agent filter, no agents set-up (operator only).
  const agentViewer = useSession(isAgent);
  const agents = useSourcingAgents(!agentViewer);
  const refresh = useRefreshAdminSourcing();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const set = (patch: Partial<AdminSourcingFilter>) => setFilter({ ...filter, ...patch, current: 1 });

  async function take(r: AdminSourcing) {
    const result = await takeSourcing(r.id, crypto.randomUUID());
    if (result.success) toast.success(t('admin.taken', { number: r.number }));
    else toast.warning(result.msg);
    await refresh();
  }

  const columns: TableColumnsType<AdminSourcing> = [
    {
      key: 'number',
      title: t('list.number'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <strong>{r.number}</strong>
          <span className="admin-muted">{formatWhen(r.createdAt, lang)}</span>
          <span className="admin-break">{r.userEmail}</span>
        </Space>
      ),
    },
    {
      key: 'product',
      title: t('list.product'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.title}</span>
          <a href={r.url} target="_blank" rel="noreferrer noopener">
            {r.domain}
          </a>
          {r.images.length ? (
            <span className="admin-muted">{t('admin.pictures', { count: r.images.length })}</span>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('list.type'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {t(`purchase-types.${r.purchaseType}`)}
          <span className="admin-muted">
            {t(`form.quantity-${r.purchaseType}`)}: {r.quantity}
          </span>
          {r.targetPrice !== null ? <span className="admin-muted">${r.targetPrice.toFixed(2)}</span> : null}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('list.state'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>
            <Tag color={STATE_COLORS[r.state]}>{t(`states.${r.state}`)}</Tag>
            {r.late ? <Tag color="volcano">{t('list.late')}</Tag> : null}
          </span>
          {r.agent ? <span className="admin-muted">{t('admin.agent', { name: r.agent.name })}</span> : null}
          {r.handlerName ? <span className="admin-muted">{t('admin.handler', { name: r.handlerName })}</span> : null}
        </Space>
      ),
    },
    {
      key: 'waited',
      title: t('list.waited'),
      render: (_, r) => formatDuration(waitedMs(r.createdAt, r.decidedAt), t),
    },
  ];

  const open = (r: AdminSourcing) => r.state === 'pending' || r.state === 'processing';
  return (
    <>
      <AdminListPage<AdminSourcing>
        title={t('routes:admin-sourcing')}
        intro={t('admin.intro')}
        filtersLabel={t('admin.filters')}
        filters={
          <Space wrap>
            <Select
              aria-label={t('list.state')}
              value={filter.state}
              onChange={(state) => set({ state })}
              options={STATE_FILTERS.map((s) => ({ value: s, label: t(`admin.states.${s}`) }))}
              style={{ minWidth: 170 }}
            />
            <Select
              aria-label={t('list.type')}
              allowClear
              placeholder={t('admin.any-type')}
              value={filter.purchaseType}
              onChange={(purchaseType) => set({ purchaseType })}
              options={PURCHASE_TYPES.map((p) => ({ value: p, label: t(`purchase-types.${p}`) }))}
              style={{ minWidth: 160 }}
            />
            {agentViewer ? null : (
              <Select
                aria-label={t('admin.agent-filter')}
                allowClear
                placeholder={t('admin.any-agent')}
                value={filter.agent}
                onChange={(agent) => set({ agent })}
                options={[
                  { value: 'none', label: t('admin.no-agent') },
                  ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.name })),
                ]}
                style={{ minWidth: 170 }}
              />
            )}
            <Checkbox
              checked={filter.late === true}
              onChange={(e) => set({ late: e.target.checked ? true : undefined })}
            >
              {t('admin.late-only')}
            </Checkbox>
          </Space>
        }
        loadError={<Alert type="error" showIcon title={list.error?.message} />}
        empty={t('admin.empty')}
        rowKey="id"
        columns={columns}
        query={list}
        paging={{
          current: filter.current,
          size: filter.size,
          sizeChanger: 'over-50',
          total: (count) => t('admin.total', { count }),
          onChange: (current, size) => setFilter({ ...filter, current, size }),
        }}
        rowName={(r) => r.number}
        actionsTitle={t('list.action')}
        rowActions={(r) => (
          <Space orientation="vertical">
            {r.state === 'pending' ? (
              <Button
                size="small"
                onClick={() => void take(r)}
                aria-label={t('admin.take-label', { number: r.number })}
              >
                {t('admin.take')}
              </Button>
            ) : null}
            {open(r) ? (
              <>
                <Button
                  type="primary"
                  size="small"
                  onClick={() => setAnswer({ kind: 'succeed', request: r })}
                  aria-label={t('admin.succeed-label', { number: r.number })}
                >
                  {t('admin.succeed')}
                </Button>
                <Link
                  className="admin-link-button"
                  to={`/admin/sourcing/${encodeURIComponent(r.id)}/product`}
                  aria-label={t('admin.product-label', { number: r.number })}
                >
                  {t('admin.product')}
                </Link>
                <Button
                  danger
                  size="small"
                  onClick={() => setAnswer({ kind: 'fail', request: r })}
                  aria-label={t('admin.fail-label', { number: r.number })}
                >
                  {t('admin.fail')}
                </Button>
              </>
            ) : null}
            <Button
              size="small"
              type="link"
              onClick={() => setShown(r.id)}
              aria-label={t('list.view-label', { number: r.number })}
            >
              {t('list.view')}
            </Button>
          </Space>
        )}
        before={agentViewer ? undefined : <AgentsPanel />}
      />
      <AnswerModal
        answer={answer}
        onClose={(changed) => {
          setAnswer(null);
          if (changed) void refresh();
        }}
      />
      <RequestDrawer id={shown} onClose={() => setShown(null)} />
    </>
  );
}
