import { meetsPasswordRule } from '@dsm/contract';
import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

const require = createRequire(import.meta.url);

/**
 * The ~49,000 most common passwords of leaked-password lists, as zxcvbn-ts ships them (MIT,
 * maintained). "7+ characters with a letter and a digit" still lets `password1`, `1qaz2wsx` and
 * `qwerty123` through; these are the first guesses of any attacker. Compared ignoring case.
 * Server-side only: the list would add about 150 kB to the web app, and the form shows the
 * server's field message anyway.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= loadCommon();
  return common.has(password.toLowerCase());
}

/**
 * The package (with its other word lists, about 12 MB resident) is read on the first password
 * checked, not at start-up, and let go once the set is made (decision 0143). Synchronously,
 * because a schema's refinement is.
 */
function loadCommon(): Set<string> {
  const name = require.resolve('@zxcvbn-ts/language-common');
  const { dictionary } = require(name) as typeof LanguageCommon;
  const set = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  delete require.cache[name];
  return set;
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
