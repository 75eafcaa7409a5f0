import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/render';
import { CurrencyListSchema } from '@dsm/contract';
import { AnswerDriftError, api, ApiError, REQUEST_TIMEOUT_MS, RETRY_DELAY_MS } from './api';
import { loading } from './loading';
import { setNavigate } from './navigation';
import { session } from './session';
import { toast } from './toast';

const fetchMock = vi.fn<typeof fetch>();
const networkDown = () => new TypeError('Failed to fetch');

function call(index = 0): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init = {}] = fetchMock.mock.calls[index] ?? [];
  return { url: String(url), init, headers: (init.headers ?? {}) as Record<string, string> };
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client: envelope', () => {
  it('maps success (code 00000) to code 200 with data and msg', async () => {
    fetchMock.mockResolvedValueOnce(envelope([{ currencyCode: 'USD' }], { msg: 'fine' }));
    const result = await api.get('/currency/rates');
    expect(result).toEqual({ code: 200, data: [{ currencyCode: 'USD' }], msg: 'fine', success: true });
    expect(call().url).toBe('/api/currency/rates');
    expect(call().init.credentials).toBe('include');
  });

  it('maps an unsuccessful answer to code "error" with the server code, shows its msg for 5 s, never throws', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope([{ field: 'email', message: 'bad' }], { code: 'A00002', msg: 'Please check the fields', status: 400 }),
    );
    const result = await api.post('/login', { email: 'x' });
    expect(result).toEqual({
      code: 'error',
      success: false,
      msg: 'Please check the fields',
      errorCode: 'A00002',
      data: [{ field: 'email', message: 'bad' }],
    });
    expect(toast.list().map((t) => [t.kind, t.text])).toEqual([['warning', 'Please check the fields']]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(toast.list()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(toast.list()).toHaveLength(0);
  });

  it('exposes the machine-readable reason of a business error, and only a known one', async () => {
    fetchMock.mockImplementation(async () =>
      envelope(
        { reason: 'insufficient-balance', missing: 3 },
        { code: 'A00001', msg: 'Solde insuffisant', status: 422 },
      ),
    );
    const known = await api.post('/x', {}, { noshow: true });
    expect(known).toMatchObject({
      success: false,
      errorCode: 'A00001',
      reason: 'insufficient-balance',
      data: { missing: 3 },
    });
    fetchMock.mockImplementation(async () =>
      envelope({ reason: 'made-up' }, { code: 'A00001', msg: 'x', status: 422 }),
    );
    const unknown = await api.post('/x', {}, { noshow: true });
    expect(unknown.success).toBe(false);
    expect(!unknown.success && unknown.reason).toBeUndefined();
  });

  it('noshow (option, or a query/body key that is not sent) suppresses the warning', async () => {
    fetchMock.mockImplementation(async () => envelope(null, { code: 'A00001', msg: 'Nope' }));
    await api.get('/x', { noshow: true });
    await api.get('/x', { query: { noshow: true, page: 2 } });
    await api.post('/x', { noshow: 1, a: 1 });
    expect(toast.list()).toEqual([]);
    expect(call(1).url).toBe('/api/x?page=2');
    expect(JSON.parse(String(call(2).init.body))).toEqual({ a: 1 });

    await api.get('/x');
    expect(toast.list().map((t) => t.text)).toEqual(['Nope']);
  });

  it('sends Accept-Language (stored lang) and Authorization (stored token)', async () => {
    fetchMock.mockImplementation(async () => envelope(null));
    await api.get('/a');
    expect(call(0).headers['Accept-Language']).toBe('en-US');
    expect(call(0).headers.Authorization).toBeUndefined();

    session.set({ lang: 'tr-TR' });
    session.login({ accessToken: 'tok-123', shopName: 'Shop', userId: 7, userInfo: { status: '1' } });
    await api.put('/b', { n: 1 });
    expect(call(1).headers['Accept-Language']).toBe('tr-TR');
    expect(call(1).headers.Authorization).toBe('tok-123');
    expect(call(1).headers['Content-Type']).toBe('application/json');
  });
});

describe('api client: retry on network failure', () => {
  it('retries a GET once, 1000 ms after the failure', async () => {
    fetchMock.mockRejectedValueOnce(networkDown()).mockResolvedValueOnce(envelope({ ok: 1 }));
    const pending = api.get('/prod/prodInfo', { query: { prodId: 5 } });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(call(1).url).toBe('/api/prod/prodInfo?prodId=5');
    await expect(pending).resolves.toEqual({ code: 200, data: { ok: 1 }, msg: 'ok', success: true });
    expect(toast.list()).toEqual([]);
  });

  it('retries only once, then shows "Error connecting to server" and returns code error', async () => {
    fetchMock.mockRejectedValue(networkDown());
    const pending = api.get('/category/categories');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);
    await expect(pending).resolves.toEqual({ code: 'error', success: false, msg: 'Error connecting to server' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast.list().map((t) => [t.kind, t.text])).toEqual([['error', 'Error connecting to server']]);
  });

  it('never repeats a POST without an idempotency key (a payment must not be sent twice)', async () => {
    fetchMock.mockRejectedValueOnce(networkDown()).mockResolvedValueOnce(envelope({ paid: true }));
    const pending = api.post('/p/order/pay', { orderNumber: 'A1' });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);
    await expect(pending).resolves.toMatchObject({ code: 'error', success: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('repeats a POST that carries an idempotency key, with the same key', async () => {
    fetchMock.mockRejectedValueOnce(networkDown()).mockResolvedValueOnce(envelope({ paid: true }));
    const pending = api.post('/p/order/pay', { orderNumber: 'A1' }, { idempotencyKey: 'pay-A1-1' });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(pending).resolves.toMatchObject({ code: 200, data: { paid: true } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(call(0).headers['Idempotency-Key']).toBe('pay-A1-1');
    expect(call(1).headers['Idempotency-Key']).toBe('pay-A1-1');
  });

  it('gives up a request after 30 s and counts it as a network failure', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = api.get('/slow');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + RETRY_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await expect(pending).resolves.toMatchObject({ code: 'error', msg: 'Error connecting to server' });
  });

  it('treats a non-envelope answer (proxy error page) as a connection error, without retrying', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/x')).resolves.toEqual({ code: 'error', success: false, msg: 'Error connecting to server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('api client: loading indicator', () => {
  it('counts a request while it runs', async () => {
    let during = -1;
    fetchMock.mockImplementation(async () => {
      during = loading.count();
      return envelope(null);
    });
    await api.get('/x');
    expect(during).toBe(1);
    expect(loading.count()).toBe(0);
  });

  it('loadingflags (option, query key or body key) keeps it off, and the key is not sent', async () => {
    const seen: number[] = [];
    fetchMock.mockImplementation(async () => {
      seen.push(loading.count());
      return envelope(null);
    });
    await api.get('/a', { loadingflags: true });
    await api.get('/b', { query: { loadingflags: true, current: 1 } });
    await api.post('/c', { loadingflags: true, size: 2 });
    expect(seen).toEqual([0, 0, 0]);
    expect(call(1).url).toBe('/api/b?current=1');
    expect(call(1).url).not.toContain('loadingflags');
    expect(JSON.parse(String(call(2).init.body))).toEqual({ size: 2 });
  });
});

describe('api client: session invalid (A00004)', () => {
  it('clears the session and local storage, then goes to /login and back to this page afterwards', async () => {
    window.history.replaceState(null, '', '/user/profile?tab=billing');
    const navigate = vi.fn();
    setNavigate(navigate);
    session.set({ lang: 'fr-FR' });
    session.login({ accessToken: 'tok', shopName: 'My shop', userId: 3, userInfo: { status: '1' } });
    localStorage.setItem('orderPayment', '{"id":1}');
    fetchMock.mockResolvedValueOnce(envelope(null, { code: 'A00004', msg: 'Please log in', status: 401 }));

    const result = await api.get('/p/privateInventory/page');

    expect(result).toMatchObject({ code: 'error', success: false, errorCode: 'A00004' });
    expect(session.get().admin_token).toBeNull();
    expect(session.get().shop_name).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(localStorage.getItem('orderPayment')).toBeNull();
    expect(session.get().lang).toBe('fr-FR');
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/user/profile?tab=billing')}`);
  });
});

describe('api client: typed errors', () => {
  it('api.data throws an ApiError with the server code, HTTP status, message and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope([{ field: 'email', message: 'bad' }], { code: 'A00002', msg: 'Please check the fields', status: 400 }),
    );
    const error = await api.data('/accounts/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'A00002', status: 400, message: 'Please check the fields' });
    expect((error as ApiError).fieldErrors).toEqual([{ field: 'email', message: 'bad' }]);
  });
});

describe('api client: answers checked against the contract (development and tests)', () => {
  const rate = { currencyCode: 'USD', symbol: '$', name: 'US dollar', rate: 1 };

  it('returns an answer that matches the schema, as sent', async () => {
    fetchMock.mockResolvedValueOnce(envelope([{ ...rate, extra: true }]));
    await expect(api.data('/currency/rates', { schema: CurrencyListSchema })).resolves.toEqual([
      { ...rate, extra: true },
    ]);
  });

  it('fails loudly when the server and the web drift apart, instead of handing a page undefined', async () => {
    // The server renamed `rate` to `value`: a page would read `rate` as undefined.
    const { rate: _dropped, ...drifted } = rate;
    fetchMock.mockResolvedValueOnce(envelope([{ ...drifted, value: 1 }]));
    const error = await api.data('/currency/rates', { schema: CurrencyListSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerDriftError);
    expect((error as Error).message).toMatch(/^GET \/currency\/rates: the answer does not match/);
    expect((error as Error).message).toContain('rate');
    expect(loading.count()).toBe(0);
  });
});
