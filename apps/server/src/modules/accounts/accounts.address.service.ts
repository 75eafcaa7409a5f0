import type { Address, AddressKind, SaveAddressBody } from '@dsm/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows, rowMapper } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { addresses, users } from './accounts.tables';
import { isUuid } from './accounts.ids';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';

type AddressRow = typeof addresses.$inferSelect;

function toDto(r: AddressRow): Address {
  return {
    addrId: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    country: r.country,
    company: r.company,
    companyID: r.companyId,
    vatnumber: r.vatNumber,
    province: r.province,
    city: r.city,
    street: r.street,
    houseNo: r.houseNo,
    address: r.address,
    phoneNumber: r.phoneNumber,
    emails: r.email,
    postCode: r.postCode,
    kind: r.kind,
    isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(),
  };
}

function columns(b: SaveAddressBody) {
  return {
    firstName: b.firstName,
    lastName: b.lastName,
    country: b.country,
    company: b.company,
    companyId: b.companyID,
    vatNumber: b.vatnumber,
    province: b.province,
    city: b.city,
    street: b.street,
    houseNo: b.houseNo,
    address: b.address,
    phoneNumber: b.phoneNumber,
    email: b.emails,
    postCode: b.postCode,
    kind: b.kind,
  };
}

const ofKind = (userId: string, kind: AddressKind) => and(eq(addresses.userId, userId), eq(addresses.kind, kind));

/**
 * Address writes of one user run one at a time (the user row is locked), so "exactly one default
 * per kind" holds between the statements too; the partial unique index is the backstop.
 */
async function lockOwner(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Another user's address is "not found", never forbidden: its existence is not told. */
async function findOwned(db: Db, userId: string, id: string): Promise<AddressRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .limit(1)
    : [];
  if (!row) throw AppError.notFound('accounts.address-not-found');
  return row;
}

async function hasDefault(db: Db, userId: string, kind: AddressKind): Promise<boolean> {
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(ofKind(userId, kind), eq(addresses.isDefault, true)));
  return rows.length > 0;
}

async function clearDefault(db: Db, userId: string, kind: AddressKind): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(ofKind(userId, kind), eq(addresses.isDefault, true)));
}

/** After the default left a kind: the newest remaining address of that kind takes over. */
async function promoteNewest(db: Db, userId: string, kind: AddressKind): Promise<void> {
  const [newest] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(ofKind(userId, kind))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  if (newest) await db.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
}

/** The caller's addresses, the default first, then the newest. */
export async function listAddresses(db: Db, userId: string, kind?: AddressKind): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(kind ? ofKind(userId, kind) : eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toDto);
}

export async function getAddress(db: Db, userId: string, id: string): Promise<Address> {
  return toDto(await findOwned(db, userId, id));
}

/**
 * Several of the user's addresses in one read (submit's consignee and billing), in the order
 * asked; any id not theirs → the same 404 as getAddress.
 */
export async function getAddresses(db: Db, userId: string, ids: readonly string[]): Promise<Address[]> {
  const wanted = [...new Set(ids)];
  // Plain SQL: every order placed reads them (decision 0102, db/rows.ts).
  const list = sql.join(
    wanted.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows =
    wanted.length && wanted.every(isUuid)
      ? rawRows(await db.execute(sql`select * from addresses where user_id = ${userId} and id in (${list})`)).map(
          toAddressRow,
        )
      : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw AppError.notFound('accounts.address-not-found');
    return toDto(row);
  });
}

/** The first address of a kind becomes its default; `isDefault` takes the default over. */
export async function createAddress(db: DbOrUow, userId: string, body: SaveAddressBody): Promise<Address> {
  return inTransaction(db, async ({ tx }) => {
    await lockOwner(tx, userId);
    const taken = await hasDefault(tx, userId, body.kind);
    if (body.isDefault && taken) await clearDefault(tx, userId, body.kind);
    const [row] = await tx
      .insert(addresses)
      .values({ ...columns(body), userId, isDefault: body.isDefault || !taken })
      .returning();
    return toDto(row!);
  });
}

/**
 * Replaces an address. `isDefault: true` makes it the default; `false` does not take the default
 * away (another address is made default instead). Moving it to the other kind hands its old
 * default role to the newest address left there.
 */
export async function updateAddress(db: DbOrUow, userId: string, id: string, body: SaveAddressBody): Promise<Address> {
  return inTransaction(db, async ({ tx }) => {
    await lockOwner(tx, userId);
    const current = await findOwned(tx, userId, id);
    const moved = current.kind !== body.kind;
    let isDefault = current.isDefault && !moved;
    if (body.isDefault && !isDefault) {
      await clearDefault(tx, userId, body.kind);
      isDefault = true;
    } else if (moved && !(await hasDefault(tx, userId, body.kind))) {
      isDefault = true;
    }
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(body), isDefault, updatedAt: new Date() })
      .where(eq(addresses.id, id))
      .returning();
    if (moved && current.isDefault) await promoteNewest(tx, userId, current.kind);
    return toDto(row!);
  });
}

export async function deleteAddress(db: DbOrUow, userId: string, id: string): Promise<void> {
  await inTransaction(db, async ({ tx }) => {
    await lockOwner(tx, userId);
    const current = await findOwned(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (current.isDefault) await promoteNewest(tx, userId, current.kind);
  });
}

export async function setDefaultAddress(db: DbOrUow, userId: string, id: string): Promise<Address> {
  return inTransaction(db, async ({ tx }) => {
    await lockOwner(tx, userId);
    const current = await findOwned(tx, userId, id);
    if (current.isDefault) return toDto(current);
    await clearDefault(tx, userId, current.kind);
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(addresses.id, id))
      .returning();
    return toDto(row!);
  });
}
const toAddressRow = rowMapper(addresses);
