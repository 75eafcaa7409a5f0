import { useState } from 'react';
import type { InventoryRow } from '@dsm/contract';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { inventoryActions, useRefreshInventory } from './inventory.api';

/**
 * One row's "ship store orders from my inventory" (decision 0129), on by default: on, a store or
 * catalogue order for this SKU that this warehouse can ship is sent from the stock with its goods
 * already paid; off, it is bought as if the stock were not there. Saved when switched.
 */
export function ShipFirstSwitch({ row }: { row: InventoryRow }) {
  const { t } = useTranslation('inventory');
  const refresh = useRefreshInventory();
  const [busy, setBusy] = useState(false);

  async function save(shipFirst: boolean) {
    setBusy(true);
    try {
      if ((await inventoryActions.shipFirst(row.id, shipFirst)).success)
        toast.success(t(shipFirst ? 'ship-first.on' : 'ship-first.off', { sku: row.skuCode }));
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Switch
      size="small"
      checked={row.shipFirst}
      loading={busy}
      disabled={busy}
      aria-label={t('ship-first.label', { sku: row.skuCode, warehouse: row.warehouseName })}
      onChange={(v) => void save(v)}
    />
  );
}
