import { SANCTIONED_COUNTRIES, WithdrawalRequestBody, withdrawalRequestBody } from '@dsm/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { installErrorHandler } from '../../platform/error-handler';
import { localePlugin } from '../../platform/locale.plugin';
import { zodValidatorCompiler } from '../../platform/validation';

// The withdrawal schema through the real validator compiler, error handler and locale plugin:
// what a client sees when a field is wrong, in its own language (decision 0073). A route of its
// own because the withdrawal flow itself comes later, on top of the ledger.
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(zodValidatorCompiler);
  installErrorHandler(app);
  await app.register(localePlugin);
  app.post('/withdraw', { schema: { body: WithdrawalRequestBody } }, async (req) => ({ ok: req.body }));
  await app.ready();
});
afterAll(() => app?.close());

const wire = {
  method: 'swift',
  amount: 60,
  beneficiaryName: 'Ada Lovelace',
  swiftBic: 'DEUTDEFF',
  bankName: 'Deutsche Bank',
  bankAddress: 'Taunusanlage 12, Frankfurt am Main',
  bankCountry: 'DE',
  iban: 'DE89 3704 0044 0532 0130 00',
  country: 'DE',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postCode: '10117',
};

async function send(body: object, lang: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/withdraw',
    payload: body,
    headers: { 'accept-language': lang },
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      code: string;
      success: boolean;
      msg: string;
      data: Array<{ field: string; message: string }>;
    },
  };
}

describe('withdrawal request errors reach the caller per field, in their language', () => {
  it('a valid request passes the validator, normalized', async () => {
    const { status, body } = await send(wire, 'fr-FR');
    expect(status).toBe(200);
    expect(body).toEqual({ ok: expect.objectContaining({ iban: 'DE89370400440532013000', method: 'swift' }) });
  });

  it('fr-FR: amount under the minimum, bad IBAN checksum, bad BIC, sanctioned country', async () => {
    const { status, body } = await send(
      { ...wire, amount: 49.99, iban: 'DE89370400440532013001', swiftBic: 'DEUTDEF', country: 'IR' },
      'fr-FR',
    );
    expect(status).toBe(400);
    expect(body.code).toBe('A00002');
    expect(body.success).toBe(false);
    const byField = Object.fromEntries(body.data.map((f) => [f.field, f.message]));
    expect(byField).toMatchObject({
      amount: 'Le retrait minimum est de 50,00 USD',
      iban: expect.stringContaining("Les chiffres de contrôle de l'IBAN"),
      swiftBic: expect.stringContaining('Le code SWIFT/BIC a 8 ou 11 caractères'),
      country: expect.stringContaining('sanctions internationales'),
    });
  });

  it('zh-CN: a Turkish IBAN of the wrong shape, a missing field labelled in Chinese, two decimals', async () => {
    const res = await send(
      { method: 'turkish-bank', amount: 60.123, beneficiaryName: 'Ayşe', bankName: '', iban: 'TR12 3456' },
      'zh-CN',
    );
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.data.map((f) => [f.field, f.message]));
    expect(byField).toEqual({
      iban: '土耳其 IBAN 为 TR 加 24 位数字',
      bankName: '请输入银行名称',
      amount: '金额最多保留两位小数',
    });
  });

  it('en-US: an ACH routing number with a wrong check digit', async () => {
    const us = {
      method: 'wise-us',
      amount: 50,
      beneficiaryName: 'Ada',
      routingNumber: '021000022',
      accountNumber: '123456789',
      accountType: 'checking',
      country: 'US',
      city: 'New York',
      address: '1 Main St',
      postCode: 'N/A',
    };
    const { body } = await send(us, 'en-US');
    expect(body.data).toEqual([
      { field: 'routingNumber', message: 'The ACH routing number has 9 digits and a check digit that must match' },
    ]);
  });
});

describe('the sanctions list from configuration', () => {
  const load = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: '/nonexistent-data-dir', SECRET_KEY: 'k'.repeat(32), ...env }).withdrawalSanctionedCountries;

  it('is the contract list unless WITHDRAWAL_SANCTIONED_COUNTRIES is set', () => {
    expect(load()).toEqual(SANCTIONED_COUNTRIES);
  });

  it('replaces the list (codes upper-cased), and the schema built with it follows', () => {
    const list = load({ WITHDRAWAL_SANCTIONED_COUNTRIES: 'cu, ru' });
    expect(list).toEqual(['CU', 'RU']);
    const schema = withdrawalRequestBody(list);
    expect(schema.safeParse({ ...wire, country: 'RU' }).success).toBe(false);
    expect(schema.safeParse({ ...wire, country: 'SY' }).success).toBe(true);
    expect(load({ WITHDRAWAL_SANCTIONED_COUNTRIES: 'none' })).toEqual([]);
  });

  it('refuses a malformed list at start', () => {
    expect(() => load({ WITHDRAWAL_SANCTIONED_COUNTRIES: 'Cuba' })).toThrow(/WITHDRAWAL_SANCTIONED_COUNTRIES/);
  });
});
