import { ConfigCodeParams, ConfigInfoSchema, UpdateConfigBody, envelopeOf } from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { getPublicConfig, listConfig, setConfig } from './config-info.service';

export async function configInfoRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/config-info/:code',
    { schema: { tags: ['config'], params: ConfigCodeParams, response: { 200: envelopeOf(ConfigInfoSchema) } } },
    async (req) => ok(await getPublicConfig(db, req.params.code)),
  );

  app.get(
    '/admin/config-info',
    {
      schema: {
        tags: ['admin'],
        response: { 200: envelopeOf(z.array(ConfigInfoSchema.extend({ isPublic: z.boolean() }))) },
      },
    },
    async () => ok(await listConfig(db)),
  );

  app.put(
    '/admin/config-info/:code',
    {
      schema: {
        tags: ['admin'],
        params: ConfigCodeParams,
        body: UpdateConfigBody,
        response: { 200: envelopeOf(ConfigInfoSchema) },
      },
    },
    async (req) => ok(await setConfig(db, req.params.code, req.body.value)),
  );
}
