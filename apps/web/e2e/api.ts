import { expect } from 'vitest';
import { baseUrl } from './browser';

/**
 * A call to the running server's API as a client makes it (JSON, a fresh Idempotency-Key on every
 * write), asserting success and answering the envelope's data: how the journeys set up what they
 * do not drive through the screens.
 */
export async function api<T>(
  method: string,
  route: string,
  opts: { token?: string; body?: unknown; lang?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': opts.lang ?? 'en-US' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['idempotency-key'] = crypto.randomUUID();
  }
  const res = await fetch(`${baseUrl()}/api${route}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const answer = (await res.json()) as { success: boolean; data: T; msg?: string };
  expect(answer.success, `${method} ${route}: ${answer.msg}`).toBe(true);
  return answer.data;
}

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalogue text with its {{placeholders}} matching anything: "Ships from {{warehouse}}" → /^Ships from .+$/. */
export const template = (text: string) =>
  new RegExp(
    `^${text
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('.+')}$`,
  );
