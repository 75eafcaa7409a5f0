import { useState } from 'react';
import { ADDRESS_FIELDS, ERRORS, SaveAddressBody, type Address, type AddressKind } from '@dsm/contract';
import { Button, Checkbox, Col, Form, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { saveAddress, useInvalidateAddresses } from '../addresses.api';
import { validateWith } from '../validation';
import { CountrySelect, TrimmedInput, schemaRule, showServerErrors } from './antd-form';

type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The fields in the order a person fills them in (every one is required, SPEC §5). */
const LAYOUT: ReadonlyArray<{ name: AddressField; autoComplete?: string; type?: string; wide?: boolean }> = [
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'company', autoComplete: 'organization' },
  { name: 'companyID' },
  { name: 'vatnumber' },
  { name: 'country' },
  { name: 'province', autoComplete: 'address-level1' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'street', autoComplete: 'address-line1' },
  { name: 'houseNo' },
  { name: 'address', autoComplete: 'address-line2', wide: true },
  { name: 'postCode', autoComplete: 'postal-code' },
  { name: 'phoneNumber', autoComplete: 'tel', type: 'tel' },
  { name: 'emails', autoComplete: 'email', type: 'email' },
];

type Values = Record<AddressField, string> & { isDefault?: boolean };

function initialValues(address: Address | null): Partial<Values> {
  if (!address) return { isDefault: false };
  const values: Partial<Values> = { isDefault: false };
  for (const field of ADDRESS_FIELDS) values[field] = address[field];
  return values;
}

interface AddressFormProps {
  kind: AddressKind;
  /** The address being edited; null adds a new one. */
  address: Address | null;
  open: boolean;
  onClose: () => void;
}

/** Add or edit a consignee or billing address, in a dialog. */
export function AddressFormModal({ kind, address, open, onClose }: AddressFormProps) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidateAddresses();
  const title = address ? t(`address.${kind}.edit`) : t(`address.${kind}.add`);

  async function onFinish(values: Values) {
    const checked = validateWith(SaveAddressBody, { ...values, kind, isDefault: Boolean(values.isDefault) }, t);
    if (!checked.data) return; // the rules have shown the messages already
    setSaving(true);
    const result = await saveAddress(checked.data, address?.addrId);
    setSaving(false);
    if (result.success) {
      await invalidate();
      toast.success(t(address ? 'address.updated' : 'address.added'));
      onClose();
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code && showServerErrors(form, result.data, ADDRESS_FIELDS)) return;
    toast.warning(result.msg);
  }

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => form.submit()}>
          {t('actions.save')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(address)}
        onFinish={(values) => void onFinish(values)}
        requiredMark
        scrollToFirstError={{ focus: true, block: 'center' }}
        className="address-form"
      >
        <Row gutter={16}>
          {LAYOUT.map(({ name, autoComplete, type, wide }) => (
            <Col key={name} xs={24} sm={wide ? 24 : 12}>
              <Form.Item
                name={name}
                label={t(`fields.${name}`)}
                required
                rules={[schemaRule(SaveAddressBody, name, t, { kind })]}
              >
                {name === 'country' ? (
                  <CountrySelect aria-required />
                ) : (
                  <TrimmedInput name={name} autoComplete={autoComplete} type={type} aria-required />
                )}
              </Form.Item>
            </Col>
          ))}
        </Row>
        {address?.isDefault ? null : (
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox>{t(`address.${kind}.make-default`)}</Checkbox>
          </Form.Item>
        )}
        {/* Enter in a field submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
