// Seeds a migrated database for the checkout benchmark (decision 0091), set-based so that 100,000
// orders take seconds, not minutes. Works on PostgreSQL and PGlite (plain SQL, no extension):
// - the reference data and demo catalogue the server seeds on its first start (`seed`);
// - USERS bench users, each with a default consignee and billing address in the US, a session
//   (token known to the bench: logging 1,000 users in through scrypt would take minutes and
//   measure nothing of checkout), wallet accounts and one bank recharge of START_MINOR, the
//   cached balances equal to their lines so the ledger reconciles;
// - PRODUCTS on-sale SKUs that ship to the US, their stock raised to STOCK so that no add,
//   confirm or submit of the run can run out;
// - ORDERS past orders spread over the users and the past year, in the states a marketplace
//   accumulates (delivered, shipped, purchasing, pending, trashed), 1–3 lines each and the
//   timeline events of every transition, amounts that satisfy the tables' checks.
import { sql } from 'drizzle-orm';

export const STOCK = 10_000_000;
/** USD 1,000,000 per user: no wallet payment of the run is refused for money. */
export const START_MINOR = 100_000_000;

const rowsOf = (res) => res.rows;

/** The demo seed's first on-sale SKUs that the logistics module quotes for the US. */
async function shippableSkus(db, quoteProductShipping, wanted) {
  const candidates = rowsOf(
    await db.execute(sql`
      select p.id as prod_id, s.id as sku_id from products p join skus s on s.product_id = p.id
      where p.status = 'on' and s.position = (select min(position) from skus where product_id = p.id)
      order by p.id limit ${wanted * 10}`),
  );
  const chosen = [];
  for (const c of candidates) {
    const quote = await quoteProductShipping(
      db,
      { prodId: c.prod_id, skuId: c.sku_id, count: 1, countryCode: 'US' },
      'en-US',
    );
    if (quote.options.length > 0) chosen.push({ prodId: c.prod_id, skuId: c.sku_id });
    if (chosen.length === wanted) break;
  }
  if (chosen.length === 0) throw new Error('no demo product ships to the US: cannot benchmark checkout');
  return chosen;
}

async function seedUsers(db, users) {
  const run = (q) => db.execute(q);
  await run(sql`
    insert into users (email, username, password_hash, first_name, last_name, country)
    select 'ckbench' || g || '@example.com', 'ckbench' || g, 'x', 'Bench', 'User ' || g, 'US'
    from generate_series(1, ${users}::int) g`);
  await run(sql`
    insert into addresses (user_id, kind, is_default, first_name, last_name, country, company, company_id, vat_number,
      province, city, street, house_no, address, phone_number, email, post_code)
    select u.id, k, true, 'Bench', u.last_name, 'US', 'Bench Store LLC', 'BS-1', 'US1', 'California', 'San Francisco',
      'Market Street', '100', 'Suite 200', '+15550100001', u.email, '94105'
    from users u cross join (values ('consignee'), ('billing')) v(k) where u.email like 'ckbench%@example.com'`);
  // A session per user, as logging in makes one: only the token's SHA-256 is stored.
  await run(sql`
    create temp table bench_tokens as
    select id as user_id, md5(random()::text || id::text) || md5(clock_timestamp()::text || id::text) as token
    from users where email like 'ckbench%@example.com'`);
  await run(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select user_id, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now() + interval '7 days' from bench_tokens`);
  const tokens = rowsOf(await run(sql`select user_id, token from bench_tokens order by user_id`));
  await run(sql`drop table bench_tokens`);
  return tokens.map((t) => ({ userId: String(t.user_id), token: t.token }));
}

/** Wallet accounts and one bank recharge per bench user (the wallet bench's shape, decision 0078). */
async function seedWallets(db) {
  const run = (q) => db.execute(q);
  await run(sql`
    insert into ledger_accounts (kind, user_id)
    select k, u.id from users u cross join (values ('available'), ('locked'), ('bonus')) v(k)
    where u.email like 'ckbench%@example.com'
    on conflict do nothing`);
  await run(sql`
    insert into ledger_accounts (kind, code) values ('clearing', 'clearing:bank')
    on conflict (code) where code is not null do nothing`);
  await run(sql`
    create temp table seed_recharges as
    select gen_random_uuid() as id, u.id as user_id, a.id as available_id, u.username as ref
    from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'available'
    where u.email like 'ckbench%@example.com'`);
  await run(sql`
    insert into journal_entries (id, kind, reference_type, reference_id, user_id, unique_key)
    select id, 'recharge', 'recharge', 'seed-' || ref, user_id, 'recharge:recharge:seed-' || ref from seed_recharges`);
  await run(sql`
    insert into journal_lines (entry_id, account_id, amount_minor)
    select id, available_id, ${START_MINOR}::bigint from seed_recharges
    union all
    select r.id, c.id, -${START_MINOR}::bigint from seed_recharges r join ledger_accounts c on c.code = 'clearing:bank'`);
  await run(sql`
    update ledger_accounts a set balance_minor = a.balance_minor + ${START_MINOR}::bigint
    from seed_recharges r where r.available_id = a.id`);
  await run(sql`drop table seed_recharges`);
}

/** ORDERS past orders with lines and events (see the file's header). */
async function seedOrders(db, orders, skus) {
  const run = (q) => db.execute(q);
  const skuIds = skus.map((s) => s.skuId);
  await run(sql`
    create temp table seed_skus as
    select row_number() over (order by s.id) - 1 as idx, s.id as sku_id, s.product_id, s.sku_code, s.price_minor, s.image,
      coalesce((select t.title from product_translations t where t.product_id = s.product_id and t.locale = 'en-US'), 'Product ' || s.product_id) as title
    from skus s where s.id in (${sql.join(
      skuIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  await run(sql`
    create temp table seed_users as
    select row_number() over (order by u.id) - 1 as idx, u.id as user_id,
      jsonb_build_object('firstName', a.first_name, 'lastName', a.last_name, 'country', a.country, 'company', a.company,
        'companyID', a.company_id, 'vatnumber', a.vat_number, 'province', a.province, 'city', a.city, 'street', a.street,
        'houseNo', a.house_no, 'address', a.address, 'phoneNumber', a.phone_number, 'emails', a.email, 'postCode', a.post_code) as addr
    from users u join addresses a on a.user_id = u.id and a.kind = 'consignee'
    where u.email like 'ckbench%@example.com'`);
  const [{ users, nskus }] = rowsOf(
    await run(
      sql`select (select count(*) from seed_users)::int as users, (select count(*) from seed_skus)::int as nskus`,
    ),
  );
  // State by n mod 20: 12 delivered, 2 shipped, 1 purchasing, 2 pending, 3 trashed; depth = events.
  await run(sql`
    create temp table seed_orders as
    select gen_random_uuid() as id, g as n, u.user_id, u.addr,
      case when g % 20 < 12 then 'delivered' when g % 20 < 14 then 'shipped' when g % 20 < 15 then 'purchasing'
        when g % 20 < 17 then 'pending' else 'trashed' end as state,
      case when g % 20 < 12 then 5 when g % 20 < 14 then 4 when g % 20 < 15 then 3 when g % 20 < 17 then 2 else 2 end as depth,
      now() - interval '2 hours' - (${orders}::int - g) * (interval '365 days' / ${orders}::int) as created_at
    from generate_series(1, ${orders}::int) g join seed_users u on u.idx = g % ${users}::int`);
  await run(sql`
    create temp table seed_lines as
    select o.id as order_id, p.pos, s.*, 1 + (o.n + p.pos) % 3 as qty
    from seed_orders o cross join lateral generate_series(0, o.n % 3) p(pos)
    join seed_skus s on s.idx = (o.n * 7 + p.pos) % ${nskus}::int`);
  await run(sql`
    insert into orders (id, number, user_id, state, goods_minor, shipping_minor, service_fee_minor, tax_minor, discount_minor,
      total_minor, consignee, billing, shipping_method_code, shipping_method_name, carrier, tracking_number,
      created_at, paid_at, shipped_at, delivered_at, trashed_at, updated_at)
    select o.id, 'O' || lpad(nextval('order_number_seq')::text, 8, '0'), o.user_id, o.state,
      g.goods, 500 + o.n % 1000, g.goods / 50, g.goods * 8 / 100, 0,
      g.goods + 500 + o.n % 1000 + g.goods / 50 + g.goods * 8 / 100,
      o.addr, o.addr, 'bench-post', 'Bench Post',
      case when o.depth >= 4 then 'BenchPost' end, case when o.depth >= 4 then 'BP' || o.n end,
      o.created_at,
      case when o.state <> 'trashed' then o.created_at + interval '10 minutes' end,
      case when o.depth >= 4 and o.state <> 'trashed' then o.created_at + interval '30 minutes' end,
      case when o.state = 'delivered' then o.created_at + interval '40 minutes' end,
      case when o.state = 'trashed' then o.created_at + interval '10 minutes' end,
      o.created_at + interval '40 minutes'
    from seed_orders o join (select order_id, sum(price_minor * qty)::bigint as goods from seed_lines group by order_id) g on g.order_id = o.id
    order by o.n`);
  await run(sql`
    insert into order_lines (order_id, position, product_id, sku_id, sku_code, title, specs, image, unit_price_minor, quantity, line_total_minor)
    select order_id, pos, product_id, sku_id, sku_code, title, '{}'::jsonb, image, price_minor, qty, price_minor * qty from seed_lines`);
  await run(sql`
    insert into order_events (order_id, event, from_state, to_state, actor_type, actor_id, at)
    select o.id, s.event, s.from_state, s.to_state, s.actor, case when s.actor = 'user' then o.user_id end,
      o.created_at + (s.step - 1) * interval '10 minutes'
    from seed_orders o join (values
      (1, 'create', null, 'awaiting-payment', 'user'), (2, 'pay', 'awaiting-payment', 'pending', 'user'),
      (3, 'purchase', 'pending', 'purchasing', 'operator'), (4, 'ship', 'purchasing', 'shipped', 'operator'),
      (5, 'deliver', 'shipped', 'delivered', 'operator')) s(step, event, from_state, to_state, actor)
      on s.step <= o.depth and (o.state <> 'trashed' or s.step = 1)
    union all
    select o.id, 'trash', 'awaiting-payment', 'trashed', 'user', o.user_id, o.created_at + interval '10 minutes'
    from seed_orders o where o.state = 'trashed'
    order by 7`);
  for (const t of ['seed_lines', 'seed_orders', 'seed_users', 'seed_skus']) await run(sql.raw(`drop table ${t}`));
}

/**
 * Everything the run needs, on a migrated database `db`; `server(path)` imports the server's
 * modules. Returns the sessions, the SKUs and the figures of what was written.
 */
export async function seedCheckout(db, server, { users, orders, products }) {
  const { seed } = await server('db/seed/index.ts');
  const { quoteProductShipping: quote } = await server('modules/logistics/logistics.service.ts');
  const { getSkuShippingFacts } = await server('modules/catalogue/catalogue.service.ts');
  const quoteProductShipping = (db, body, locale) => quote(db, body, locale, getSkuShippingFacts);
  await seed(db, {
    demoUser: { email: 'demo@example.com', password: 'demo12345' },
    operator: { email: 'operator@example.com' },
  });
  const skus = await shippableSkus(db, quoteProductShipping, products);
  const ids = sql.join(
    skus.map((s) => sql`${s.skuId}`),
    sql`, `,
  );
  await db.execute(sql`update skus set stock = ${STOCK} where id in (${ids})`);
  await db.execute(sql`
    update products p set total_stock = (select sum(stock) from skus where product_id = p.id)
    where p.id in (select product_id from skus where id in (${ids}))`);
  const sessions = await seedUsers(db, users);
  await seedWallets(db);
  await seedOrders(db, orders, skus);
  await db.execute(sql`analyze`);
  const [counts] = rowsOf(
    await db.execute(sql`
      select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines,
        (select count(*) from order_events)::int as events, (select coalesce(sum(amount_minor), 0) from journal_lines)::bigint as ledger_sum`),
  );
  if (Number(counts.ledger_sum) !== 0) throw new Error(`the seeded ledger does not balance: ${counts.ledger_sum}`);
  // The hourly reconciliation's own query (decision 0078): cached balances equal to their lines.
  const { reconcileLedger } = await server('modules/wallet/wallet.reconcile.ts');
  const findings = await reconcileLedger(db);
  if (findings.length) throw new Error(`the seeded ledger does not reconcile: ${JSON.stringify(findings.slice(0, 3))}`);
  return { sessions, skus, counts: { users, orders: counts.orders, lines: counts.lines, events: counts.events } };
}
