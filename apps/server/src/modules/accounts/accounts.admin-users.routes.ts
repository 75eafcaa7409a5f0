import { AdminUserSchema, ListUsersQuery, UpdateUserStatusBody, UserIdParams, envelopeOf, pageOf } from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { listUsers, setUserStatus } from './accounts.admin-users.service';

/** Operator only (the auth plugin guards /api/admin). */
export async function adminUserRoutes(app: App, { db }: { db: Db }) {
  const tags = ['admin'];
  app.get(
    '/admin/users',
    { schema: { tags, querystring: ListUsersQuery, response: { 200: envelopeOf(pageOf(AdminUserSchema)) } } },
    async (req) => ok(await listUsers(db, req.query)),
  );
  app.put(
    '/admin/users/:id/status',
    {
      schema: {
        tags,
        params: UserIdParams,
        body: UpdateUserStatusBody,
        response: { 200: envelopeOf(AdminUserSchema) },
      },
    },
    async (req) => ok(await setUserStatus(db, req.session.userId, req.params.id, req.body)),
  );
}
