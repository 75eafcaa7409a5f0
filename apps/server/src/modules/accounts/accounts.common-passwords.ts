import { meetsPasswordRule } from '@dsm/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

/**
 * The ~49,000 most common passwords of leaked-password lists, as zxcvbn-ts ships them (MIT,
 * maintained). "7+ characters with a letter and a digit" still lets `password1`, `1qaz2wsx` and
 * `qwerty123` through; these are the first guesses of any attacker. Compared ignoring case.
 * Server-side only: the list would add about 150 kB to the web app, and the form shows the
 * server's field message anyway.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Adds "not a common password" to a contract schema's `password`, alongside its other checks. */
export function withUncommonPassword<T extends z.ZodType<{ password: string }>>(schema: T): T {
  return schema.refine((v) => !isCommonPassword(v.password), {
    path: ['password'],
    message: 'accounts.password-common',
    // Only once the rule holds, so the field shows one message at a time.
    when: ({ value }) => {
      const password = (value as { password?: unknown } | undefined)?.password;
      return typeof password === 'string' && meetsPasswordRule(password);
    },
  });
}
