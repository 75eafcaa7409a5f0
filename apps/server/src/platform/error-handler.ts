import { ERRORS, type FieldError, translate } from '@dsm/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { fail } from './envelope';
import { isDatabaseUnavailable } from './database-unavailable';
import { safeErrorForLog } from './log-safe-error';
import { RequestValidationError, localizeIssues } from './validation';

function send(reply: FastifyReply, status: number, code: string, msg: string, data: unknown = null) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(fail(code, msg, data));
}

/**
 * Every failure leaves as the envelope: AppError with its own code, schema failures as A00002
 * with per-field messages, framework client errors mapped to their code, and anything else as
 * A00005 with a generic text and a full log line carrying the request id.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | RequestValidationError | Error, req: FastifyRequest, reply) => {
    const locale = req.locale ?? 'en-US';
    if (err instanceof AppError) {
      const msg = translate(locale, err.messageKey, err.params);
      let data = err.data;
      if (err.kind === 'VALIDATION' && Array.isArray(data)) {
        data = (data as Array<{ field: string; messageKey: string; params?: Record<string, unknown> }>).map(
          (f): FieldError => ({ field: f.field, message: translate(locale, f.messageKey, f.params) }),
        );
      }
      // The reason rides in `data` (the envelope has no other place), beside what data carried.
      if (err.reason)
        data = {
          ...(data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {}),
          reason: err.reason,
        };
      if (err.kind === 'RATE_LIMITED') reply.header('retry-after', String(err.params.seconds ?? 60));
      return send(reply, err.status, err.code, msg, data);
    }
    if (err instanceof RequestValidationError) {
      const fields = localizeIssues(locale, err.issues, err.input);
      return send(reply, 400, ERRORS.VALIDATION.code, fields[0]?.message ?? translate(locale, 'errors.A00002'), fields);
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, ERRORS.PAYLOAD_TOO_LARGE.code, translate(locale, 'errors.A00009'));
    }
    if (fe.statusCode === 429) {
      return send(reply, 429, ERRORS.RATE_LIMITED.code, translate(locale, 'errors.A00008', { seconds: 60 }));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, wrong content type, empty body with a JSON content type, …
      // The code only: a JSON parser's message quotes the body it could not read.
      req.log.info({ err: { code: fe.code } }, 'client error');
      const field: FieldError = {
        field: '',
        message: translate(locale, 'validation.invalid', { field: 'validation.body' }),
      };
      return send(reply, 400, ERRORS.VALIDATION.code, field.message, [field]);
    }
    if (isDatabaseUnavailable(err)) {
      // The database is away (restart, failover): nothing the user did; the pool reconnects by itself.
      req.log.warn({ error: safeErrorForLog(err), reqId: req.id }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, ERRORS.SERVER_ERROR.code, translate(locale, 'errors.service-unavailable'), {
        requestId: req.id,
      });
    }
    // Never the raw error: a failed statement's parameters are user data (log-safe-error.ts).
    // Under its own key: pino's `err` serializer would rebuild the message from the causes.
    req.log.error({ error: safeErrorForLog(err), reqId: req.id }, 'unhandled error');
    return send(reply, 500, ERRORS.SERVER_ERROR.code, translate(locale, 'errors.A00005'), { requestId: req.id });
  });
}
