import { LoginResultSchema } from '@dsm/contract';
import type { LoginResult, RegisterBody, ResetPasswordBody, SendResetCodeBody } from '@dsm/contract';
import { api } from '../../lib/api';

export interface LoginBody {
  email: string;
  password: string;
}

/*
 * Log-in, registration and password reset. The forms show the server's answer themselves
 * (inline per field, or a message in the form), so these calls pass `noshow`: no second toast.
 */

/** POST /api/login: on success the data is the login payload (token, shop name, user). */
export function login(body: LoginBody) {
  return api.post<LoginResult>('/login', body, { noshow: true, schema: LoginResultSchema });
}

/**
 * POST /api/register: the answer is the log-in answer (the new user is logged in). The
 * Idempotency-Key makes the client's retry after a lost answer log in to the one account made.
 */
export function register(body: RegisterBody) {
  return api.post<LoginResult>('/register', body, {
    noshow: true,
    idempotencyKey: crypto.randomUUID(),
    schema: LoginResultSchema,
  });
}

/** POST /api/password/code: e-mails a 6-digit code (the same answer for an unknown address). */
export function sendResetCode(body: SendResetCodeBody) {
  return api.post<null>('/password/code', body, { noshow: true });
}

/** POST /api/password/reset: sets the new password and ends every session of the user. */
export function resetPassword(body: ResetPasswordBody) {
  return api.post<null>('/password/reset', body, { noshow: true });
}
