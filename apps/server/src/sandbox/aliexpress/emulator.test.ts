import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAliExpress } from '../../connectors/stores/aliexpress/ae.sign.js';
import { type AliExpressEmulator, DEMO_SELLER, startAliExpressEmulator } from './emulator.js';

// The emulator's own protocol spoken raw over HTTP: what a client other than ours would see.
let ae: AliExpressEmulator;
let session: string;
beforeAll(async () => {
  ae = await startAliExpressEmulator({ seed: true });
  const code = new URL(
    ae.approve(
      `/oauth/authorize?client_id=${ae.appKey}&redirect_uri=${encodeURIComponent('https://m.example/cb')}&state=s`,
    ),
  ).searchParams.get('code')!;
  const body = await post('/rest/auth/token/create', '/auth/token/create', { code });
  session = body.access_token as string;
});
afterAll(async () => {
  await ae.close();
});

function signed(api: string, params: Record<string, string>, secret = ae.appSecret): Record<string, string> {
  const p: Record<string, string> = {
    app_key: ae.appKey,
    timestamp: String(Date.now()),
    sign_method: 'sha256',
    ...params,
  };
  return { ...p, sign: signAliExpress(secret, api, p) };
}
async function post(
  path: string,
  api: string,
  params: Record<string, string>,
  tamper?: (p: Record<string, string>) => void,
) {
  const p = signed(api, params);
  tamper?.(p);
  const res = await fetch(ae.baseUrl + path, { method: 'POST', body: new URLSearchParams(p) });
  return (await res.json()) as Record<string, unknown>;
}
const sync = (method: string, params: Record<string, string>, tamper?: (p: Record<string, string>) => void) =>
  post('/sync', method, { method, session, ...params }, tamper);

describe('AliExpress emulator', () => {
  it('a business call with a tampered parameter, another app key or no session is refused in the gateway shape', async () => {
    const q = { aeop_a_e_product_list_query: '{"current_page":1}' };
    expect(
      await sync(
        'aliexpress.solution.product.list.get',
        q,
        (p) => (p.aeop_a_e_product_list_query = '{"current_page":2}'),
      ),
    ).toMatchObject({ code: 'IncompleteSignature', type: 'ISV' });
    expect(await sync('aliexpress.solution.product.list.get', q, (p) => (p.app_key = '999'))).toMatchObject({
      code: 'InvalidAppKey',
    });
    expect(
      await post('/sync', 'aliexpress.solution.product.list.get', {
        method: 'aliexpress.solution.product.list.get',
        ...q,
      }),
    ).toMatchObject({ code: 'IllegalAccessToken' });
    expect(await sync('aliexpress.nothing.here', {})).toMatchObject({ code: 'InvalidApiPath' });
  });

  it("lists the seeded seller's products under <api>_response.result, paged", async () => {
    const body = await sync('aliexpress.solution.product.list.get', {
      aeop_a_e_product_list_query: JSON.stringify({ current_page: 2, page_size: 2 }),
    });
    const result = (body.aliexpress_solution_product_list_get_response as { result: Record<string, unknown> }).result;
    expect(result).toMatchObject({ success: true, current_page: 2, total_page: 2, product_count: 3 });
    expect(
      (result.aeop_a_e_product_display_d_t_o_list as { item_display_dto: unknown[] }).item_display_dto,
    ).toHaveLength(1);
  });

  it('the seller cancelling goes back with error and state; an unknown app gets no page', async () => {
    const res = await fetch(`${ae.baseUrl}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        client_id: ae.appKey,
        redirect_uri: 'https://m.example/cb',
        state: 'st',
        approve: '0',
      }),
    });
    expect(res.headers.get('location')).toBe('https://m.example/cb?error=access_denied&state=st');
    expect((await fetch(`${ae.baseUrl}/oauth/authorize?client_id=nope&redirect_uri=x`)).status).toBe(400);
  });

  it('the admin page creates a product with one SKU per value', async () => {
    const res = await fetch(`${ae.baseUrl}/admin/products`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        account: DEMO_SELLER,
        subject: 'Mug',
        price: '7.5',
        option: 'Color',
        values: 'Red, Blue',
        sku: 'MUG',
      }),
    });
    expect(res.status).toBe(303);
    const html = await (await fetch(`${ae.baseUrl}/admin`)).text();
    expect(html).toContain('Mug');
    expect(html).toContain('MUG-RED');
    expect(html).toContain('MUG-BLUE');
  });
});
