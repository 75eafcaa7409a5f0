import { useState } from 'react';
import type { InventoryRow } from '@dsm/contract';
import { Button, Checkbox, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { type ItemFilter, downloadUrl, useInventory, useWarehouseOptions } from './inventory.api';
import { ShipFirstSwitch } from './ship-first-switch';
import './inventory.css';

/**
 * /user/myinventory (SPEC §2, §3): the owner's stock per SKU and warehouse — total = frozen +
 * available, and unreceived (paid, not yet in the warehouse) — with search, a warehouse filter,
 * the low-stock mark, each row's log, the switch "ship orders from this stock first" (decision
 * 0129), and the .xlsx of what the filters show.
 */
export default function MyInventoryPage() {
  const { t } = useTranslation('inventory');
  const lang = useSession((s) => s.lang);
  const warehouses = useWarehouseOptions();
  const [filter, setFilter] = useState<ItemFilter>({ current: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const items = useInventory(filter);

  const columns: TableColumnsType<InventoryRow> = [
    {
      key: 'sku',
      title: t('columns.sku'),
      render: (_, r) => (
        <span className="inv-sku">
          {r.image ? <img src={r.image} alt="" width={40} height={40} loading="lazy" /> : null}
          <span>
            <strong>{r.skuCode}</strong>
            <br />
            {r.prodName}
          </span>
        </span>
      ),
    },
    { key: 'warehouse', title: t('columns.warehouse'), render: (_, r) => r.warehouseName },
    { key: 'total', title: t('columns.total'), align: 'right', render: (_, r) => r.total },
    { key: 'frozen', title: t('columns.frozen'), align: 'right', render: (_, r) => r.frozen },
    {
      key: 'available',
      title: t('columns.available'),
      align: 'right',
      render: (_, r) => (
        <span>
          {r.available} {r.lowStock ? <Tag color="orange">{t('low')}</Tag> : null}
        </span>
      ),
    },
    { key: 'unreceived', title: t('columns.unreceived'), align: 'right', render: (_, r) => r.unreceived },
    { key: 'ship-first', title: t('columns.ship-first'), render: (_, r) => <ShipFirstSwitch row={r} /> },
    {
      key: 'log',
      title: '',
      render: (_, r) => <Link to={`/user/inventorydetails?id=${encodeURIComponent(r.id)}`}>{t('details')}</Link>,
    },
  ];

  return (
    <div className="inv-page">
      <div className="inv-head">
        <div>
          <h1>{t('routes:myinventory')}</h1>
          <p>{t('intro')}</p>
        </div>
        <div className="inv-head-actions">
          <Link to="/user/inventoryorders">{t('routes:inventoryorders')}</Link>
          <Button href={downloadUrl(filter, lang)} download>
            {t('download')}
          </Button>
        </div>
      </div>
      <div className="inv-filters">
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setFilter({ ...filter, keyword: v.trim(), current: 1 })}
        />
        <Select
          allowClear
          aria-label={t('columns.warehouse')}
          placeholder={t('all-warehouses')}
          value={filter.warehouse}
          onChange={(warehouse?: string) => setFilter({ ...filter, warehouse, current: 1 })}
          options={(warehouses.data ?? []).map((w) => ({ value: w.code, label: w.name }))}
        />
        <Checkbox
          checked={Boolean(filter.lowStock)}
          onChange={(e) => setFilter({ ...filter, lowStock: e.target.checked, current: 1 })}
        >
          {t('low-only')}
        </Checkbox>
      </div>
      <Table<InventoryRow>
        rowKey="id"
        columns={columns}
        dataSource={items.data?.records ?? []}
        loading={items.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: filter.current,
          pageSize: filter.size,
          total: items.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setFilter({ ...filter, current, size }),
        }}
      />
    </div>
  );
}
