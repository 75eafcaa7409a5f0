import type { WalletLine } from '@dsm/contract';
import { Alert, Button, Input, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { BalanceChart } from './balance-chart';
import {
  type LineType,
  type LinesFilter,
  statementUrl,
  useBalanceSeries,
  useWalletLines,
  useWalletRecord,
} from './wallet.api';
import './wallet.css';

const LINE_TYPES: LineType[] = ['all', 'income', 'consume'];
const CHART_DAYS = [30, 90, 365] as const;
const DAY_MS = 86_400_000;
const isDay = (v: string | null): v is string => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v));
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * /user/walletBalance (SPEC §3, §4; decision 0077): balances and totals, the balance chart, the
 * history with its filters and the statement export. Amounts arrive in USD and are shown in the
 * user's currency; the ledger stays in USD, which the page says when the currency differs.
 */
export default function WalletBalancePage() {
  const { t } = useTranslation('wallet');
  const lang = useSession((s) => s.lang);
  const payRate = useSession((s) => s.pay_rate);
  const money = useMoney();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();

  const type = (LINE_TYPES as string[]).includes(params.get('type') ?? '') ? (params.get('type') as LineType) : 'all';
  const from = isDay(params.get('from')) ? params.get('from')! : undefined;
  const to = isDay(params.get('to')) ? params.get('to')! : undefined;
  const filter: LinesFilter = {
    type,
    from,
    to,
    current: Math.max(1, Math.floor(Number(params.get('current')) || 1)),
    size: Math.min(100, Math.max(1, Math.floor(Number(params.get('size')) || 10))),
  };
  const days = CHART_DAYS.find((d) => String(d) === params.get('days')) ?? 30;
  const today = utcDay(Date.now());
  const range = { from: utcDay(Date.now() - (days - 1) * DAY_MS), to: today };

  const record = useWalletRecord();
  const lines = useWalletLines(filter);
  const series = useBalanceSeries(range);

  /** Changes some of the address's filters; a new filter starts on page 1. */
  function update(patch: Record<string, string | undefined>, keepPage = false) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!keepPage) next.delete('current');
    setParams(next, { replace: true });
  }

  const dayFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const formatDay = (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`));
  const timeFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const kindName = (kind: string) => t(`kinds.${kind}`, { defaultValue: kind });
  const notUsd = payRate && payRate.currencyCode !== 'USD';

  const w = record.data;
  const card = (key: 'available' | 'locked' | 'bonus' | 'deposit', amount: number | undefined, hint: string) => (
    <section className={`wallet-card wallet-card-${key}`} aria-labelledby={`wallet-card-${key}`}>
      <h2 id={`wallet-card-${key}`}>{t(`cards.${key}`)}</h2>
      <p className="wallet-card-amount" data-testid={`wallet-${key}`}>
        {amount === undefined ? '—' : money(amount)}
      </p>
      <p className="wallet-card-hint">{hint}</p>
    </section>
  );

  const columns: TableColumnsType<WalletLine> = [
    { key: 'time', dataIndex: 'time', title: t('history.time'), render: (v: string) => timeFormat.format(new Date(v)) },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('history.kind'),
      render: (kind: string, l) => (
        <Tag color={l.type === 'income' ? 'green' : 'volcano'} className="wallet-kind">
          {kindName(kind)}
        </Tag>
      ),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('history.amount'),
      align: 'end',
      render: (amount: number, l) => (
        <span className={l.type === 'income' ? 'wallet-income' : 'wallet-consume'}>
          {l.type === 'income' ? '+' : '−'}
          {money(amount)}
        </span>
      ),
    },
    { key: 'note', dataIndex: 'note', title: t('history.note') },
    {
      key: 'reference',
      title: t('history.reference'),
      responsive: ['lg'],
      // The number the user knows (R…, W…); an adjustment has none, its note says why.
      render: (_, l) => (
        <span className="wallet-reference">
          {l.referenceType === 'adjustment' ? '' : l.referenceLabel || l.referenceId}
        </span>
      ),
    },
  ];

  const points = series.data?.points ?? [];
  return (
    <div className="wallet-page">
      <div className="wallet-head">
        <h1>{t('title')}</h1>
        <div className="wallet-actions">
          <Button type="primary" onClick={() => navigate('/user/recharge')}>
            {t('recharge')}
          </Button>
          <Button onClick={() => navigate('/user/withdraw')}>{t('withdraw')}</Button>
        </div>
      </div>
      {notUsd ? <p className="wallet-usd-note">{t('usd-note', { currency: payRate.currencyCode })}</p> : null}

      {record.isError ? (
        <Alert
          type="error"
          showIcon
          title={record.error.message}
          action={<Button onClick={() => void record.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <>
          <div className="wallet-cards">
            {card('available', w?.balance, t('cards.available-hint'))}
            {card('locked', w?.locked, t('cards.locked-hint'))}
            {card('bonus', w?.bonus, t('cards.bonus-hint'))}
            {/* Decision 0130: money paid for bulk goods not yet received, beside what is spendable. */}
            {card('deposit', w?.deposit, t('cards.deposit-hint'))}
          </div>
          <dl className="wallet-totals">
            {(['income', 'consumption', 'recharge'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`cards.${k}`)}</dt>
                <dd data-testid={`wallet-${k}`}>{w ? money(w[k]) : '—'}</dd>
              </div>
            ))}
          </dl>
          {w && w.heldPayments > 0 ? (
            // Held payments complete by themselves once a top-up covers them (decision 0077): say
            // how much that is, so the owner need not add up shortfalls order by order.
            <Alert
              className="wallet-held"
              type="warning"
              showIcon
              title={t('held.title', { count: w.heldPayments })}
              description={t('held.text', { amount: money(w.topUpToRelease) })}
              action={
                w.topUpToRelease > 0 ? (
                  <Button onClick={() => navigate(`/user/recharge?amount=${w.topUpToRelease}`)}>
                    {t('held.action', { amount: money(w.topUpToRelease) })}
                  </Button>
                ) : null
              }
            />
          ) : null}
        </>
      )}

      <section className="wallet-section" aria-labelledby="wallet-chart-title">
        <div className="wallet-section-head">
          <h2 id="wallet-chart-title">{t('chart.title')}</h2>
          <Segmented
            size="small"
            value={days}
            onChange={(v) => update({ days: v === 30 ? undefined : String(v) }, true)}
            options={CHART_DAYS.map((d) => ({ value: d, label: t('chart.days', { count: d }) }))}
          />
        </div>
        {points.length > 0 ? (
          <BalanceChart
            points={points}
            money={money}
            day={formatDay}
            label={t('chart.label', {
              from: formatDay(points[0]!.day),
              to: formatDay(points[points.length - 1]!.day),
              first: money(points[0]!.balance),
              last: money(points[points.length - 1]!.balance),
            })}
            pointLabel={(day, amount) => t('chart.point', { day, amount })}
          />
        ) : series.isError ? (
          <Alert type="error" showIcon title={series.error.message} />
        ) : null}
      </section>

      <section className="wallet-section" aria-labelledby="wallet-history-title">
        <div className="wallet-section-head">
          <h2 id="wallet-history-title">{t('history.title')}</h2>
          <a className="wallet-export" href={statementUrl(filter, lang)} download>
            {t('history.export')}
          </a>
        </div>
        <div className="wallet-filters" role="search" aria-label={t('history.title')}>
          <Segmented
            aria-label={t('history.type-filter')}
            value={type}
            onChange={(v) => update({ type: v === 'all' ? undefined : String(v) })}
            options={LINE_TYPES.map((v) => ({ value: v, label: t(`history.${v}`) }))}
          />
          <label className="wallet-date">
            <span>{t('history.from')}</span>
            <Input
              type="date"
              value={from ?? ''}
              max={to ?? today}
              onChange={(e) => update({ from: e.target.value || undefined })}
            />
          </label>
          <label className="wallet-date">
            <span>{t('history.to')}</span>
            <Input
              type="date"
              value={to ?? ''}
              min={from}
              max={today}
              onChange={(e) => update({ to: e.target.value || undefined })}
            />
          </label>
          {from || to ? (
            <Button onClick={() => update({ from: undefined, to: undefined })}>{t('history.clear')}</Button>
          ) : null}
        </div>
        {lines.isError ? (
          <Alert
            type="error"
            showIcon
            title={lines.error.message}
            action={<Button onClick={() => void lines.refetch()}>{t('retry')}</Button>}
          />
        ) : (
          <Table<WalletLine>
            rowKey="id"
            columns={columns}
            dataSource={lines.data?.records ?? []}
            loading={lines.isFetching}
            locale={{ emptyText: t('history.empty') }}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: filter.current,
              pageSize: filter.size,
              total: lines.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('history.total', { count: total }),
              onChange: (current, size) =>
                update(
                  { current: current > 1 ? String(current) : undefined, size: size !== 10 ? String(size) : undefined },
                  true,
                ),
            }}
          />
        )}
      </section>
    </div>
  );
}
