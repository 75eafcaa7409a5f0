import { ERRORS, type Envelope } from '@dsm/contract';

/** Wraps a successful result in the spec's envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { code: ERRORS.OK.code, data, msg: 'OK', success: true };
}

export function fail<T = unknown>(code: string, msg: string, data: T = null as T): Envelope<T> {
  return { code, data, msg, success: false };
}
