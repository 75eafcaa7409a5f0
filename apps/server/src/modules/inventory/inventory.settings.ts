import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';

/** The operator's handling fee per unit bought into inventory (minor units); 0 until set. */
export async function handlingFeePerUnitMinor(db: Db): Promise<number> {
  const [row] = rawRows<{ fee: number }>(
    await db.execute(sql`select handling_fee_per_unit_minor as fee from inventory_settings where id = 1`),
  );
  return row ? Number(row.fee) : 0;
}

/** Sets it (a PUT: the same value twice is the same row). New orders use it; confirmed tokens keep theirs. */
export async function setHandlingFeePerUnitMinor(db: Db, feeMinor: number): Promise<number> {
  await db.execute(sql`
    insert into inventory_settings (id, handling_fee_per_unit_minor) values (1, ${feeMinor})
    on conflict (id) do update set handling_fee_per_unit_minor = excluded.handling_fee_per_unit_minor, updated_at = now()`);
  return feeMinor;
}
