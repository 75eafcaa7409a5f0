import { useRef, useState } from 'react';
import { ERRORS } from '@dsm/contract';
import { Button, Checkbox, Collapse, Form, Input, Select, Space, Upload } from 'antd';
import type { SourcingAgentCard } from '@dsm/contract';
import { uploadSourcingImage } from '../../../components/sourcing/sourcing-files.api';
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
  /** The picture's id in the sourcing file area, or null. */
  photo: string | null;
  active: boolean;
};
type AssignValues = { userEmail: string; agentId: string | null };
const LANGUAGES = ['en-US', 'zh-CN', 'fr-FR', 'tr-TR'];

/** The agent's photo: uploaded as a sourcing picture (judged by its bytes), kept as its id. */
function PhotoField({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation('sourcing');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function upload(file: File) {
    setUploading(true);
    const result = await uploadSourcingImage(file, crypto.randomUUID(), '/admin/sourcing/images');
    setUploading(false);
    setError(result.success ? null : result.msg);
    if (result.success) onChange?.(result.data.id);
  }
  return (
    <Space>
      {value ? <img className="sourcing-agent-photo" src={`/api/files/sourcing/${value}`} alt="" /> : null}
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button loading={uploading}>{t('admin.photo-upload')}</Button>
      </Upload>
      {value ? (
        <Button type="link" onClick={() => onChange?.(null)}>
          {t('admin.photo-remove')}
        </Button>
      ) : null}
      {error ? <span role="alert">{error}</span> : null}
    </Space>
  );
}

/** The photo's id back from its URL (/api/files/sourcing/<id>). */
const photoId = (url: string | null) => (url ? (url.split('/').pop() ?? null) : null);

/**
 * The operator's set-up of personal agents (decisions 0127, 0134): make an account an agent or
 * edit an agent's card (photo, languages, hours, whether they get new users automatically), and
 * assign users by hand.
 */
export function AgentsPanel() {
  const { t } = useTranslation('sourcing');
  const agents = useSourcingAgents();
  const refresh = useRefreshAdminSourcing();
  const [agentForm] = Form.useForm<AgentValues>();
  const [assignForm] = Form.useForm<AssignValues>();
  const [saving, setSaving] = useState(false);
  const key = useRef(crypto.randomUUID());
  function edit(a: SourcingAgentCard) {
    agentForm.setFieldsValue({ ...a, photo: photoId(a.photo) });
  }

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
                {a.timeZone}) · {a.active ? t('admin.active') : t('admin.inactive')}{' '}
                <Button
                  size="small"
                  type="link"
                  onClick={() => edit(a)}
                  aria-label={t('admin.edit-agent', { name: a.name })}
                >
                  {t('admin.edit')}
                </Button>
              </li>
            ))}
          </ul>
          <Form<AgentValues>
            form={agentForm}
            layout="inline"
            initialValues={{
              languages: ['en-US'],
              hoursFrom: '09:00',
              hoursTo: '18:00',
              timeZone: 'Europe/Istanbul',
              photo: null,
              active: true,
            }}
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
            <Form.Item name="photo" label={t('admin.photo')} extra={t('admin.photo-hint')}>
              <PhotoField />
            </Form.Item>
            <Form.Item name="active" valuePropName="checked">
              <Checkbox>{t('admin.active')}</Checkbox>
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
