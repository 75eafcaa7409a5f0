import { useEffect, useState } from 'react';
import type { AdminUser, UserStatus } from '@dsm/contract';
import { Alert, Button, Input, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCountryName } from '../../../lib/countries';
import { type UsersFilter, useSetUserStatus, useUsers } from './users.api';
import { formatDateTime, pageParams } from '../shared/format';
import { AdminListPage } from '../shared/list-page';
import './users.css';

const STATUS_FILTERS = ['all', '1', '0'] as const;

/** /admin/users: find users, see their status, disable or enable an account. */
export default function AdminUsersPage() {
  const { t } = useTranslation('accounts');
  const lang = useSession((s) => s.lang);
  const myId = useSession((s) => s.user_id);
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter: UsersFilter = {
    ...pageParams(params),
    keyword: params.get('keyword') || undefined,
    status: status === '1' || status === '0' ? status : undefined,
  };
  const users = useUsers(filter);
  const setStatus = useSetUserStatus();
  const countryName = useCountryName();
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);

  /** Changes some of the URL's filters; a new search starts on page 1. */
  function update(patch: Record<string, string | undefined>, keepPage = false) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!keepPage) next.delete('current');
    setParams(next, { replace: true });
  }

  function changeStatus(user: AdminUser, to: UserStatus) {
    setStatus.mutate(
      { id: user.userId, status: to },
      {
        onSuccess: () =>
          void toast.success(
            t(to === '0' ? 'admin.users.disabled-done' : 'admin.users.enabled-done', { email: user.email }),
          ),
      },
    );
  }

  const columns: TableColumnsType<AdminUser> = [
    {
      key: 'user',
      title: t('admin.users.user'),
      render: (_, u) => (
        <div className="admin-user-cell">
          <strong>{u.username}</strong>
          <span>
            {u.firstname} {u.lastname}
          </span>
          <span className="admin-break">{u.email}</span>
        </div>
      ),
    },
    {
      key: 'country',
      dataIndex: 'country',
      title: t('fields.country'),
      responsive: ['lg'],
      render: (code: string) => countryName(code),
    },
    {
      key: 'type',
      title: t('admin.users.type'),
      responsive: ['md'],
      render: (_, u) =>
        u.role === 'operator' ? (
          <Tag color="purple">{t('admin.users.operator')}</Tag>
        ) : (
          t(`options.userType.${u.userType}`)
        ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('admin.users.status'),
      render: (s: UserStatus) =>
        s === '1' ? (
          <Tag color="green" className="admin-tag">
            {t('admin.users.active')}
          </Tag>
        ) : (
          <Tag color="red" className="admin-tag">
            {t('admin.users.disabled')}
          </Tag>
        ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('admin.users.registered'),
      responsive: ['md'],
      render: (v: string) => formatDateTime(v, lang),
    },
  ];

  return (
    <AdminListPage<AdminUser>
      title={t('admin.users.title')}
      filtersLabel={t('admin.users.search-label')}
      filters={
        <>
          <Input.Search
            aria-label={t('admin.users.search-label')}
            placeholder={t('admin.users.search-placeholder')}
            allowClear
            value={keyword}
            maxLength={100}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(value) => update({ keyword: value.trim() || undefined })}
            enterButton={t('admin.users.search')}
            className="admin-search"
          />
          <Select
            aria-label={t('admin.users.status-filter')}
            value={filter.status ?? 'all'}
            onChange={(v: string) => update({ status: v === 'all' ? undefined : v })}
            options={STATUS_FILTERS.map((v) => ({
              value: v,
              label:
                v === 'all' ? t('admin.users.all') : v === '1' ? t('admin.users.active') : t('admin.users.disabled'),
            }))}
            className="admin-status-filter"
          />
        </>
      }
      loadError={
        <Alert
          type="error"
          showIcon
          title={users.error?.message}
          action={<Button onClick={() => void users.refetch()}>{t('actions.retry')}</Button>}
        />
      }
      rowKey="userId"
      columns={columns}
      query={users}
      paging={{
        current: filter.current,
        size: filter.size,
        total: (total) => t('admin.total', { count: total }),
        onChange: (current, size) =>
          update(
            { current: current > 1 ? String(current) : undefined, size: size !== 10 ? String(size) : undefined },
            true,
          ),
      }}
      rowName={(u) => u.email}
      actionsTitle={t('admin.users.action')}
      rowActions={(u) => {
        if (u.userId === myId) return <span className="admin-muted">{t('admin.users.you')}</span>;
        const disabling = u.status === '1';
        return (
          <Space size="middle">
            <Link
              to={`/admin/users/${encodeURIComponent(u.userId)}/wallet`}
              aria-label={t('admin.users.wallet-label', { email: u.email })}
            >
              {t('admin.users.wallet')}
            </Link>
            <Popconfirm
              title={
                disabling
                  ? t('admin.users.disable-title', { email: u.email })
                  : t('admin.users.enable-title', { email: u.email })
              }
              description={disabling ? t('admin.users.disable-text') : t('admin.users.enable-text')}
              okText={disabling ? t('admin.users.disable') : t('admin.users.enable')}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: disabling }}
              onConfirm={() => changeStatus(u, disabling ? '0' : '1')}
            >
              <Button
                size="small"
                danger={disabling}
                loading={setStatus.isPending && setStatus.variables?.id === u.userId}
                aria-label={
                  disabling
                    ? t('admin.users.disable-label', { email: u.email })
                    : t('admin.users.enable-label', { email: u.email })
                }
              >
                {disabling ? t('admin.users.disable') : t('admin.users.enable')}
              </Button>
            </Popconfirm>
          </Space>
        );
      }}
    />
  );
}
