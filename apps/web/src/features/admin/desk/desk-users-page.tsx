import { useState } from 'react';
import type { DeskUser } from '@dsm/contract';
import { Alert, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatWhen } from '../../../components/sourcing/sourcing-time';
import { isAgent, useSession } from '../../../lib/session';
import { AdminPage } from '../shared/admin-page';
import { ListTable } from '../shared/list-table';
import { useDeskUsers } from './desk.api';

/**
 * /admin/desk, "My users" (decision 0137): the store owners assigned to the agent (the operator
 * sees every assigned user, with their agent), how many orders each has and whether a message
 * of theirs waits for an answer. Opening one shows their orders and thread.
 */
export default function DeskUsersPage() {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  const agent = useSession(isAgent);
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const list = useDeskUsers(paging);
  const page = list.data;
  const nameId = (u: DeskUser) => `desk-user-${u.id}`;

  const columns: TableColumnsType<DeskUser> = [
    {
      key: 'user',
      title: t('desk.user'),
      render: (_, u) => (
        <>
          <strong id={nameId(u)}>{u.name}</strong>
          <div className="admin-muted admin-break">{u.email}</div>
        </>
      ),
    },
    { key: 'locale', title: t('desk.language'), render: (_, u) => u.locale },
    { key: 'orders', title: t('desk.orders'), align: 'right', render: (_, u) => u.orderCount },
    {
      key: 'unanswered',
      title: t('desk.messages'),
      render: (_, u) =>
        u.unanswered ? <Tag color="blue">{t('desk.unanswered', { count: u.unanswered })}</Tag> : t('desk.answered'),
    },
    ...(agent ? [] : [{ key: 'agent', title: t('desk.agent'), render: (_: unknown, u: DeskUser) => u.agentName }]),
    { key: 'assigned', title: t('desk.assigned'), render: (_, u) => formatWhen(u.assignedAt, lang) },
  ];

  return (
    <AdminPage title={t('routes:admin-desk')} intro={t('desk.intro')}>
      {list.isError ? <Alert type="warning" showIcon title={t('desk.load-failed')} /> : null}
      <ListTable<DeskUser>
        label={t('routes:admin-desk')}
        rows={page?.records ?? []}
        columns={columns}
        rowKey="id"
        rowName={(u) => u.name}
        actionsTitle={t('desk.actions')}
        actions={(u) => (
          <Link to={`/admin/desk/${u.id}`} aria-describedby={nameId(u)}>
            {t('desk.open')}
          </Link>
        )}
        loading={list.isFetching}
        empty={t('desk.no-users')}
        serverPaged
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: page?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </AdminPage>
  );
}
