import { useRef, useState } from 'react';
import { ERRORS, SOURCING_FAILURE_REASONS, type AdminSourcing, type SourcingFailureReason } from '@dsm/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { failSourcing, searchProducts, succeedSourcing } from './sourcing.api';

export type Answer = { kind: 'succeed' | 'fail'; request: AdminSourcing };
type Values = { prodIds?: number[]; reason?: SourcingFailureReason; note?: string };

/**
 * Answering a request: succeeded with one or more catalogue products (searched by keyword), or
 * failed with a reason from the list and a note. The user is e-mailed in their language.
 */
export function AnswerModal({ answer, onClose }: { answer: Answer | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation('sourcing');
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [searching, setSearching] = useState(false);
  const [saving, setSaving] = useState(false);
  const key = useRef(crypto.randomUUID());

  async function search(keyword: string) {
    setSearching(true);
    try {
      const page = await searchProducts(keyword.trim());
      setOptions(page.records.map((p) => ({ value: p.prodId, label: `${p.prodName} (#${p.prodId})` })));
    } finally {
      setSearching(false);
    }
  }

  async function submit(v: Values) {
    if (!answer) return;
    setSaving(true);
    const { request } = answer;
    const result =
      answer.kind === 'succeed'
        ? await succeedSourcing(request.id, v.prodIds ?? [], key.current)
        : await failSourcing(request.id, v.reason ?? 'other', v.note ?? '', key.current);
    setSaving(false);
    if (result.success) {
      toast.success(t(`admin.${answer.kind}-done`, { number: request.number }));
      key.current = crypto.randomUUID();
      form.resetFields();
      onClose(true);
      return;
    }
    key.current = crypto.randomUUID();
    if (result.errorCode === ERRORS.VALIDATION.code && Array.isArray(result.data)) {
      const errors = result.data as Array<{ field?: string; message?: string }>;
      form.setFields(errors.map((e) => ({ name: (e.field ?? 'prodIds') as keyof Values, errors: [e.message ?? ''] })));
      return;
    }
    toast.warning(result.msg);
    onClose(true);
  }

  return (
    <Modal
      open={answer !== null}
      title={answer ? t(`admin.${answer.kind}-title`, { number: answer.request.number }) : ''}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={answer?.kind === 'succeed' ? t('admin.succeed') : t('admin.fail')}
      okButtonProps={{ loading: saving, danger: answer?.kind === 'fail' }}
      destroyOnHidden
    >
      {answer ? <p className="sourcing-muted">{t('admin.mail-note')}</p> : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ note: '' }}>
        {answer?.kind === 'succeed' ? (
          <Form.Item
            name="prodIds"
            label={t('admin.products')}
            extra={t('admin.products-hint')}
            rules={[{ required: true, message: t('admin.products-required') }]}
          >
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: (k) => void search(k) }}
              onFocus={() => (options.length ? undefined : void search(answer.request.title))}
              loading={searching}
              popupMatchSelectWidth={440}
              options={options}
              aria-label={t('admin.products')}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="reason"
              label={t('admin.reason')}
              rules={[{ required: true, message: t('admin.reason-required') }]}
            >
              <Select
                aria-label={t('admin.reason')}
                options={SOURCING_FAILURE_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
              />
            </Form.Item>
            <Form.Item name="note" label={t('admin.note')} extra={t('admin.note-hint')}>
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
