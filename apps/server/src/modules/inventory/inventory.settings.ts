import { depositSplitMinor } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';

export interface InventorySettingsRow {
  /** The handling fee per unit bought into inventory (minor units); 0 until set. */
  handlingFeePerUnitMinor: number;
  /** Orders from this total on may be paid in two parts (decision 0130); 0 = never. */
  depositFromMinor: number;
  depositPercent: number;
}

/** The operator's inventory settings (one row; the defaults until it is first saved). */
export async function inventorySettings(db: Db): Promise<InventorySettingsRow> {
  const [row] = rawRows(
    await db.execute(sql`
      select handling_fee_per_unit_minor as fee, deposit_from_minor as "from", deposit_percent as pct
      from inventory_settings where id = 1`),
  );
  return {
    handlingFeePerUnitMinor: Number(row?.fee ?? 0),
    depositFromMinor: Number(row?.from ?? 0),
    depositPercent: Number(row?.pct ?? 30),
  };
}

export async function handlingFeePerUnitMinor(db: Db): Promise<number> {
  return (await inventorySettings(db)).handlingFeePerUnitMinor;
}

/**
 * Sets them (a PUT: the same values twice are the same row; an absent value stays). New orders
 * use them; confirmed tokens keep the fee and the deposit percentage they were priced with.
 */
export async function saveInventorySettings(
  db: Db,
  next: { handlingFeePerUnitMinor: number; depositFromMinor?: number; depositPercent?: number },
): Promise<InventorySettingsRow> {
  const current = await inventorySettings(db);
  const row = { ...current, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) };
  await db.execute(sql`
    insert into inventory_settings (id, handling_fee_per_unit_minor, deposit_from_minor, deposit_percent)
    values (1, ${row.handlingFeePerUnitMinor}, ${row.depositFromMinor}, ${row.depositPercent})
    on conflict (id) do update set handling_fee_per_unit_minor = excluded.handling_fee_per_unit_minor,
      deposit_from_minor = excluded.deposit_from_minor, deposit_percent = excluded.deposit_percent, updated_at = now()`);
  return row;
}

/**
 * The percentage offered for a total (decision 0130): when the operator set an amount, the total
 * reaches it, and both parts are at least a cent; otherwise undefined (not offered).
 */
export function depositOffered(settings: InventorySettingsRow, totalMinor: number): number | undefined {
  if (settings.depositFromMinor <= 0 || totalMinor < settings.depositFromMinor) return undefined;
  const { depositMinor, balanceMinor } = depositSplitMinor(totalMinor, settings.depositPercent);
  return depositMinor > 0 && balanceMinor > 0 ? settings.depositPercent : undefined;
}

/**
 * The same amount and percentage for catalogue bulk orders (decision 0145): payments reads them
 * through this, handed over by app.ts (payments does not import inventory).
 */
export async function bulkDepositRule(db: Db): Promise<{ fromMinor: number; percent: number }> {
  const s = await inventorySettings(db);
  return { fromMinor: s.depositFromMinor, percent: s.depositPercent };
}
