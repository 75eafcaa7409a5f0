import { useRef, useState } from 'react';
import { ERRORS } from '@dsm/contract';
import { Button, Collapse, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { assignAgent, putAgent, useRefreshAdminSourcing, useSourcingAgents } from './sourcing.api';

type AgentValues = {
  email: string;
  name: string;
  languages: string[];
  hoursFrom: string;
  hoursTo: string;
  timeZone: string;
};
type AssignValues = { userEmail: string; agentId: string | null };
const LANGUAGES = ['en-US', 'zh-CN', 'fr-FR', 'tr-TR'];

/** The operator's set-up of personal agents (decision 0127): make an account an agent, assign users. */
export function AgentsPanel() {
  const { t } = useTranslation('sourcing');
  const agents = useSourcingAgents();
  const refresh = useRefreshAdminSourcing();
  const [agentForm] = Form.useForm<AgentValues>();
  const [assignForm] = Form.useForm<AssignValues>();
  const [saving, setSaving] = useState(false);
  const key = useRef(crypto.randomUUID());

  async function run<V>(
    form: ReturnType<typeof Form.useForm<V>>[0],
    call: () => ReturnType<typeof assignAgent>,
    done: string,
  ) {
    setSaving(true);
    const result = await call();
    setSaving(false);
    key.current = crypto.randomUUID();
    if (result.success) {
      toast.success(done);
      form.resetFields();
      await refresh();
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code && Array.isArray(result.data)) {
      const errors = result.data as Array<{ field?: string; message?: string }>;
      form.setFields(errors.map((e) => ({ name: e.field as never, errors: [e.message ?? result.msg] })));
      return;
    }
    toast.warning(result.msg);
  }

  const items = [
    {
      key: 'agents',
      label: t('admin.agents', { count: agents.data?.length ?? 0 }),
      children: (
        <>
          <ul>
            {(agents.data ?? []).map((a) => (
              <li key={a.id}>
                <strong>{a.name}</strong> · {a.email} · {a.languages.join(', ')} · {a.hoursFrom}–{a.hoursTo} (
                {a.timeZone})
              </li>
            ))}
          </ul>
          <Form<AgentValues>
            form={agentForm}
            layout="inline"
            initialValues={{ languages: ['en-US'], hoursFrom: '09:00', hoursTo: '18:00', timeZone: 'Europe/Istanbul' }}
            onFinish={(v) =>
              void run(agentForm, () => putAgent(v, key.current) as never, t('admin.agent-saved', { name: v.name }))
            }
          >
            <Form.Item name="email" rules={[{ required: true }]}>
              <Input placeholder={t('admin.agent-email')} aria-label={t('admin.agent-email')} />
            </Form.Item>
            <Form.Item name="name" rules={[{ required: true }]}>
              <Input placeholder={t('admin.agent-name')} aria-label={t('admin.agent-name')} />
            </Form.Item>
            <Form.Item name="languages">
              <Select
                mode="multiple"
                style={{ minWidth: 160 }}
                options={LANGUAGES.map((l) => ({ value: l, label: l }))}
              />
            </Form.Item>
            <Form.Item name="hoursFrom">
              <Input style={{ width: 80 }} aria-label={t('admin.hours-from')} />
            </Form.Item>
            <Form.Item name="hoursTo">
              <Input style={{ width: 80 }} aria-label={t('admin.hours-to')} />
            </Form.Item>
            <Form.Item name="timeZone">
              <Input style={{ width: 160 }} aria-label={t('admin.time-zone')} />
            </Form.Item>
            <Button htmlType="submit" loading={saving}>
              {t('admin.agent-save')}
            </Button>
          </Form>
          <Form<AssignValues>
            form={assignForm}
            layout="inline"
            className="sourcing-assign"
            onFinish={(v) =>
              void run(assignForm, () => assignAgent(v.userEmail, v.agentId ?? null, key.current), t('admin.assigned'))
            }
          >
            <Space wrap>
              <Form.Item name="userEmail" rules={[{ required: true }]}>
                <Input placeholder={t('admin.user-email')} aria-label={t('admin.user-email')} />
              </Form.Item>
              <Form.Item name="agentId">
                <Select
                  allowClear
                  style={{ minWidth: 200 }}
                  placeholder={t('admin.no-agent')}
                  options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                />
              </Form.Item>
              <Button htmlType="submit" loading={saving}>
                {t('admin.assign')}
              </Button>
            </Space>
          </Form>
        </>
      ),
    },
  ];
  return <Collapse items={items} className="sourcing-agents-panel" />;
}
