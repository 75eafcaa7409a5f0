import { useState } from 'react';
import { Button, Input, Select, Tag, type TableColumnsType } from 'antd';
import { JOB_STATES, type Job, type JobState } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminListPage } from '../shared/list-page';
import { type JobsFilter, useAdminJobs, useRetryJob } from './jobs.api';
import './jobs.css';

const STATE_COLOURS: Record<JobState, string | undefined> = {
  queued: 'blue',
  running: 'gold',
  failed: 'red',
  done: 'green',
};

/**
 * /admin/jobs: the background jobs of every server process (e-mail, clean-ups, later store
 * syncs), by state, with their attempts and last error; a failed job can be retried.
 */
export default function JobsPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const [filter, setFilter] = useState<JobsFilter>({ current: 1, size: 10 });
  const jobs = useAdminJobs(filter);
  const retry = useRetryJob();
  const [retrying, setRetrying] = useState<string | null>(null);
  // A readable name per job type ("stores.expiry-warning" → "Warn of store authorizations running
  // out"); a type the catalogue does not know yet is shown as it is.
  const typeName = (type: string) => t(`jobs.type-names.${type.replaceAll('.', '--')}`, { defaultValue: type });
  const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' });

  async function onRetry(job: Job) {
    setRetrying(job.id);
    const result = await retry(job.id);
    setRetrying(null);
    if (result.success) toast.success(t('jobs.retried', { type: job.type }));
  }

  const columns: TableColumnsType<Job> = [
    {
      title: t('jobs.type'),
      key: 'type',
      render: (_, j) => (
        <div className="jobs-type">
          <strong>{typeName(j.type)}</strong>
          {/* The raw type stays in view: it is what the logs and the type filter use. */}
          {typeName(j.type) === j.type ? null : (
            <code className="jobs-type-raw" title={t('jobs.type-raw', { type: j.type })}>
              {j.type}
            </code>
          )}
          {j.scheduleKey ? <span className="admin-muted">{t('jobs.recurring')}</span> : null}
        </div>
      ),
    },
    {
      title: t('jobs.state'),
      key: 'state',
      render: (_, j) => <Tag color={STATE_COLOURS[j.state]}>{t(`jobs.state-${j.state}`)}</Tag>,
    },
    {
      title: t('jobs.attempts'),
      key: 'attempts',
      render: (_, j) => t('jobs.attempts-of', { n: j.attempts, max: j.maxAttempts }),
    },
    {
      title: t('jobs.last-error'),
      key: 'lastError',
      render: (_, j) =>
        j.lastError ? <span className="jobs-error">{j.lastError}</span> : <span className="admin-muted">—</span>,
    },
    {
      title: t('jobs.when'),
      key: 'when',
      responsive: ['md'],
      render: (_, j) =>
        j.finishedAt && j.state !== 'queued'
          ? t('jobs.finished-at', { time: dateFormat.format(new Date(j.finishedAt)) })
          : t('jobs.run-at', { time: dateFormat.format(new Date(j.runAt)) }),
    },
  ];

  return (
    <AdminListPage<Job>
      title={t('routes:admin-jobs')}
      intro={t('jobs.intro')}
      actions={
        <Button onClick={() => void jobs.refetch()} loading={jobs.isFetching}>
          {t('jobs.refresh')}
        </Button>
      }
      filtersLabel={t('jobs.filters')}
      filters={
        <>
          <Select<JobState | 'all'>
            aria-label={t('jobs.state-filter')}
            value={filter.state ?? 'all'}
            style={{ minWidth: 160 }}
            onChange={(state) => setFilter((f) => ({ ...f, current: 1, state: state === 'all' ? undefined : state }))}
            options={[
              { value: 'all', label: t('jobs.all-states') },
              ...JOB_STATES.map((s) => ({ value: s, label: t(`jobs.state-${s}`) })),
            ]}
          />
          <Input.Search
            aria-label={t('jobs.type-filter')}
            placeholder={t('jobs.type-placeholder')}
            allowClear
            style={{ maxWidth: 260 }}
            enterButton={t('actions.search')}
            onSearch={(type) => setFilter((f) => ({ ...f, current: 1, type: type.trim() || undefined }))}
          />
        </>
      }
      rowKey="id"
      columns={columns}
      query={jobs}
      paging={{
        current: filter.current,
        size: filter.size,
        total: (total) => t('products.total', { count: total }),
        onChange: (current, size) => setFilter((f) => ({ ...f, current, size })),
      }}
      rowName={(j) => typeName(j.type)}
      rowActions={(j) =>
        j.state === 'failed' ? (
          <Button
            size="small"
            loading={retrying === j.id}
            onClick={() => void onRetry(j)}
            aria-label={t('jobs.retry-named', { type: j.type })}
          >
            {t('jobs.retry')}
          </Button>
        ) : null
      }
    />
  );
}
