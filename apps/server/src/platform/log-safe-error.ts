/**
 * What an unexpected error may put in the log: its type, message, code and stack, without the
 * values a failed SQL statement was given. Drizzle's "Failed query: … params: …" message and its
 * `params` property carry what the user typed (names, e-mails, phone numbers), and PostgreSQL's
 * own message and `detail` may quote a value (`invalid input syntax for type uuid: "…"`,
 * `Key (email)=(…) already exists`). The statement text itself has placeholders only, so it stays.
 */
export interface SafeLoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SafeLoggedError & { constraint?: string; table?: string; column?: string };
}

const PARAMS_LINE = /\nparams: [\s\S]*$/;
/** A quoted value at the end of a database message: `…: "value"`. */
const QUOTED_VALUE = /: ".*"$/s;

function clean(message: string): string {
  return message.replace(PARAMS_LINE, '\nparams: [not logged]').replace(QUOTED_VALUE, ': "[not logged]"');
}

export function safeErrorForLog(err: unknown, depth = 0): SafeLoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[not an Error]' };
  const message = clean(err.message);
  const e = err as Error & { code?: unknown; constraint?: string; table?: string; column?: string };
  const out: SafeLoggedError & { constraint?: string; table?: string; column?: string } = {
    type: err.name,
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    // The stack's first line repeats the message: replace it with the cleaned one.
    ...(err.stack ? { stack: err.stack.replace(err.message, message) } : {}),
    ...(e.constraint ? { constraint: e.constraint } : {}),
    ...(e.table ? { table: e.table } : {}),
    ...(e.column ? { column: e.column } : {}),
  };
  if (err.cause !== undefined && depth < 3) out.cause = safeErrorForLog(err.cause, depth + 1);
  return out;
}
