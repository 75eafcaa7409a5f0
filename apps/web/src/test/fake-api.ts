import { vi } from 'vitest';
import { envelope } from './render';

export const RATES = [
  { currencyCode: 'USD', symbol: '$', name: 'US dollar', rate: 1 },
  { currencyCode: 'EUR', symbol: '€', name: 'Euro', rate: 0.92 },
  { currencyCode: 'GBP', symbol: '£', name: 'Pound sterling', rate: 0.79 },
  { currencyCode: 'TRY', symbol: '₺', name: 'Turkish lira', rate: 32.5 },
];

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * A fetch stand-in for component tests: answers the calls the shell makes at start (currency
 * rates, chat link) and whatever the test adds; anything else is a 404 envelope.
 */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    'GET /api/currency/rates': () => envelope(RATES),
    'GET /api/config-info/chat-link': () => envelope({ code: 'chat-link', value: 'https://chat.example.com/support' }),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    if (handler) return handler(url, init);
    return envelope(null, { code: 'A00006', msg: 'not found', status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
