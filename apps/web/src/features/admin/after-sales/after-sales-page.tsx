import { useState } from 'react';
import {
  AFTER_SALES_ANSWER_MAX,
  AFTER_SALES_OPEN_STATES,
  AFTER_SALES_STATES,
  CARRIER_MAX,
  ERRORS,
  TRACKING_NUMBER_MAX,
  type AdminAfterSales,
  type AfterSalesState,
} from '@dsm/contract';
import { Alert, Button, Form, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AfterSalesDetail, STATE_COLORS } from '../../../components/after-sales/after-sales-detail';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { formatDateTime } from '../shared/format';
import { AdminListPage } from '../shared/list-page';
import { RequestCell, queuePaging } from '../shared/queue';
import { ShowFilter, StepNotice } from '../shared/step-notice';
import './after-sales.css';
import {
  type AdminAfterSalesFilter,
  approveAfterSales,
  markReshipped,
  rejectAfterSales,
  useAdminAfterSales,
  useRefreshAdminAfterSales,
} from './after-sales.api';

type Step = 'approve' | 'reject' | 'reship' | 'view';
type Decision = { step: Step; request: AdminAfterSales; key: string };
/** The last decision taken on the queue: which request went to which state. */
type Moved = { step: Exclude<Step, 'view'>; number: string; to: AfterSalesState };
type Values = { reason?: string; carrier?: string; trackingNumber?: string };

/** Whether the queue's filter shows requests in this state. */
const shows = (filter: AdminAfterSalesFilter['state'], state: AfterSalesState) =>
  filter === 'all' ||
  filter === state ||
  (filter === 'open' && (AFTER_SALES_OPEN_STATES as readonly string[]).includes(state));

/**
 * /admin/after-sales: the queue of after-sales requests (open ones oldest first). Approve (a
 * refund is credited to the user's wallet at once), reject with a reason the user sees, or mark
 * an approved reshipment reshipped with carrier and tracking number.
 */
export default function AdminAfterSalesPage() {
  const { t } = useTranslation(['after-sales', 'admin']);
  const lang = useSession((s) => s.lang);
  const [filter, setFilter] = useState<AdminAfterSalesFilter>({ state: 'open', current: 1, size: 20 });
  const list = useAdminAfterSales(filter);
  const refresh = useRefreshAdminAfterSales();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [moved, setMoved] = useState<Moved | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const usd = (v: number) => formatMoney(v, null, lang);

  const open = (step: Step, request: AdminAfterSales) => {
    form.resetFields();
    // One key per dialog: a double click or a retried request decides once.
    setDecision({ step, request, key: crypto.randomUUID() });
  };

  async function decide(v: Values) {
    if (!decision || decision.step === 'view') return;
    const { step, request, key } = decision;
    setSaving(true);
    const result =
      step === 'approve'
        ? await approveAfterSales(request.id, key)
        : step === 'reject'
          ? await rejectAfterSales(request.id, v.reason ?? '', key)
          : await markReshipped(request.id, v.carrier ?? '', v.trackingNumber ?? '', key);
    setSaving(false);
    if (result.success) {
      setMoved({ step, number: request.number, to: result.data.state });
      setDecision(null);
      await refresh();
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code && Array.isArray(result.data)) {
      form.setFields(
        (result.data as Array<{ field: string; message?: string }>).map((e) => ({
          name: e.field as keyof Values,
          errors: [e.message ?? result.msg],
        })),
      );
      return;
    }
    // Decided meanwhile (another operator, or the user cancelled): say so and show the queue as it is.
    toast.warning(result.msg);
    setDecision(null);
    await refresh();
  }

  const columns: TableColumnsType<AdminAfterSales> = [
    {
      key: 'number',
      title: t('admin.request'),
      render: (_, r) => <RequestCell number={r.number} when={formatDateTime(r.createdAt, lang)} email={r.userEmail} />,
    },
    {
      key: 'what',
      title: t('admin.what'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <strong>
            {t(`kinds.${r.kind}`)}
            {r.amount !== null ? ` · ${usd(r.amount)}` : ''}
          </strong>
          <span className="admin-muted">{t('admin.order', { number: r.orderNumber, total: usd(r.orderTotal) })}</span>
          <span className="aftersales-admin-wrap">{r.reason}</span>
          {r.images.length ? (
            <span className="admin-muted">{t('admin.images', { count: r.images.length })}</span>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('admin.state'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLORS[r.state]}>{t(`states.${r.state}`)}</Tag>
          {r.rejectReason ? <span className="aftersales-admin-wrap">{r.rejectReason}</span> : null}
          {r.trackingNumber ? <span>{`${r.carrier} ${r.trackingNumber}`}</span> : null}
        </Space>
      ),
    },
  ];

  const step = decision?.step;
  const request = decision?.request;
  return (
    <>
      <AdminListPage<AdminAfterSales>
        title={t('admin.title')}
        intro={t('admin.intro')}
        actions={
          <Select
            aria-label={t('admin.filter')}
            value={filter.state}
            onChange={(state) => setFilter({ ...filter, state, current: 1 })}
            options={(['open', ...AFTER_SALES_STATES, 'all'] as const).map((s) => ({
              value: s,
              label: s === 'open' || s === 'all' ? t(`admin.filters.${s}`) : t(`states.${s}`),
            }))}
            style={{ minWidth: 160 }}
          />
        }
        before={
          <StepNotice
            text={moved ? t(`admin.done-${moved.step}`, { number: moved.number }) : null}
            show={
              moved && !shows(filter.state, moved.to) ? (
                <ShowFilter
                  label={t('admin.show-moved', { state: t(`states.${moved.to}`) })}
                  onShow={() => setFilter({ ...filter, state: moved.to, current: 1 })}
                />
              ) : null
            }
            onClose={() => setMoved(null)}
          />
        }
        loadError={<Alert type="error" showIcon title={list.error?.message} />}
        empty={filter.state === 'open' ? t('admin.empty-open') : t('admin.empty')}
        rowKey="id"
        columns={columns}
        query={list}
        paging={queuePaging(filter, setFilter, (count) => t('admin.total', { count }))}
        rowName={(r) => r.number}
        actionsTitle={t('admin.action')}
        rowActions={(r) => (
          <Space orientation="vertical">
            {r.state === 'requested' ? (
              <>
                <Button
                  type="primary"
                  size="small"
                  onClick={() => open('approve', r)}
                  aria-label={t('admin.approve-label', { number: r.number })}
                >
                  {t('admin.approve')}
                </Button>
                <Button
                  danger
                  size="small"
                  onClick={() => open('reject', r)}
                  aria-label={t('admin.reject-label', { number: r.number })}
                >
                  {t('admin.reject')}
                </Button>
              </>
            ) : null}
            {r.state === 'approved' && r.kind === 'reshipment' ? (
              <Button
                type="primary"
                size="small"
                onClick={() => open('reship', r)}
                aria-label={t('admin.reship-label', { number: r.number })}
              >
                {t('admin.reship')}
              </Button>
            ) : null}
            <Button
              size="small"
              onClick={() => open('view', r)}
              aria-label={t('admin.view-label', { number: r.number })}
            >
              {t('admin.view')}
            </Button>
          </Space>
        )}
      />
      <Modal
        open={decision !== null}
        title={request && step ? t(`admin.${step}-title`, { number: request.number }) : ''}
        onCancel={() => setDecision(null)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setDecision(null)}>
            {step === 'view' ? t('admin.close') : t('admin.cancel')}
          </Button>,
          step && step !== 'view' ? (
            <Button key="ok" type="primary" danger={step === 'reject'} loading={saving} onClick={() => form.submit()}>
              {t(`admin.${step}-ok`)}
            </Button>
          ) : null,
        ]}
      >
        {request && step ? (
          <>
            {step === 'approve' ? (
              <p>
                {request.kind === 'refund'
                  ? t('admin.approve-refund-text', { amount: usd(request.amount ?? 0), email: request.userEmail })
                  : t('admin.approve-reship-text', { order: request.orderNumber, email: request.userEmail })}
              </p>
            ) : null}
            {step === 'view' ? <AfterSalesDetail request={request} admin /> : null}
            <Form<Values> form={form} layout="vertical" onFinish={(v) => void decide(v)} requiredMark>
              {step === 'reject' ? (
                <Form.Item
                  name="reason"
                  label={t('admin.reject-reason')}
                  rules={[{ required: true, whitespace: true, message: t('admin.reject-reason-required') }]}
                >
                  <Input.TextArea rows={3} maxLength={AFTER_SALES_ANSWER_MAX} autoFocus />
                </Form.Item>
              ) : null}
              {step === 'reship' ? (
                <>
                  <Form.Item
                    name="carrier"
                    label={t('admin.carrier')}
                    rules={[{ required: true, whitespace: true, message: t('admin.carrier-required') }]}
                  >
                    <Input maxLength={CARRIER_MAX} autoFocus />
                  </Form.Item>
                  <Form.Item
                    name="trackingNumber"
                    label={t('admin.tracking')}
                    rules={[{ required: true, whitespace: true, message: t('admin.tracking-required') }]}
                  >
                    <Input maxLength={TRACKING_NUMBER_MAX} />
                  </Form.Item>
                </>
              ) : null}
            </Form>
          </>
        ) : null}
      </Modal>
    </>
  );
}
