import { useState } from 'react';
import { Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useItemLog } from './inventory.api';
import './inventory.css';

interface LogLine {
  id: number;
  reason: string;
  reference: string;
  note: string;
  availableDelta: number;
  frozenDelta: number;
  unreceivedDelta: number;
  available: number;
  frozen: number;
  unreceived: number;
  createdAt: string;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? '' : String(n));

/**
 * /user/inventorydetails?id= : one SKU's stock in one warehouse and every line that made it,
 * newest first, each with the numbers after it — every number on the page has its line.
 */
export default function InventoryDetailsPage() {
  const { t } = useTranslation('inventory');
  const lang = useSession((s) => s.lang);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [current, setCurrent] = useState(1);
  const log = useItemLog(id, current);
  const time = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const item = log.data?.item;

  const columns: TableColumnsType<LogLine> = [
    { key: 'time', title: t('log.time'), render: (_, l) => time.format(new Date(l.createdAt)) },
    {
      key: 'reason',
      title: t('log.reason'),
      render: (_, l) => (
        <span>
          <Tag>{t(`reasons.${l.reason}`)}</Tag>
          {l.reference} {l.note ? <em>“{l.note}”</em> : null}
        </span>
      ),
    },
    {
      key: 'available',
      title: t('columns.available'),
      align: 'right',
      render: (_, l) => delta(l.availableDelta, l.available),
    },
    { key: 'frozen', title: t('columns.frozen'), align: 'right', render: (_, l) => delta(l.frozenDelta, l.frozen) },
    {
      key: 'unreceived',
      title: t('columns.unreceived'),
      align: 'right',
      render: (_, l) => delta(l.unreceivedDelta, l.unreceived),
    },
  ];

  return (
    <div className="inv-page">
      <div className="inv-head">
        <div>
          <h1>{t('routes:inventorydetails')}</h1>
          <Link to="/user/myinventory">{t('back')}</Link>
        </div>
      </div>
      {item ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} className="inv-item">
          <Descriptions.Item label={t('columns.sku')}>
            {item.skuCode} — {item.prodName}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.warehouse')}>{item.warehouseName}</Descriptions.Item>
          <Descriptions.Item label={t('columns.total')}>{item.total}</Descriptions.Item>
          <Descriptions.Item label={t('columns.frozen')}>{item.frozen}</Descriptions.Item>
          <Descriptions.Item label={t('columns.available')}>{item.available}</Descriptions.Item>
          <Descriptions.Item label={t('columns.unreceived')}>{item.unreceived}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Table<LogLine>
        rowKey="id"
        columns={columns}
        dataSource={(log.data?.records as LogLine[] | undefined) ?? []}
        loading={log.isPending && Boolean(id)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: log.isError || !id ? t('not-found') : t('log.empty') }}
        pagination={{
          current,
          pageSize: 20,
          total: log.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setCurrent,
        }}
      />
    </div>
  );
}

/** "+8 → 20": the line's change and the number after it. */
function delta(change: number, after: number) {
  return change === 0 ? <span className="inv-muted">{after}</span> : `${signed(change)} → ${after}`;
}
