import { useState } from 'react';
import { ERRORS, PROFILE_FIELDS, UpdateProfileBody, type UserProfile } from '@dsm/contract';
import { Alert, Button, Col, Descriptions, Form, Grid, Input, Row, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { profileQuery, updateProfile, useProfile } from '../profile.api';
import { conflictField, validateWith } from '../validation';
import { CountrySelect, TrimmedInput, schemaRule, showServerErrors, useCountryName } from './antd-form';

type ProfileField = (typeof PROFILE_FIELDS)[number];
type Values = Record<ProfileField, string>;

/** Required by the server; tax ID and address may stay empty. */
const OPTIONAL: readonly ProfileField[] = ['taxId', 'address'];
const LAYOUT: ReadonlyArray<{ name: ProfileField; autoComplete?: string; type?: string; wide?: boolean }> = [
  { name: 'username', autoComplete: 'username', wide: true },
  { name: 'firstname', autoComplete: 'given-name' },
  { name: 'lastname', autoComplete: 'family-name' },
  { name: 'phoneNumber', autoComplete: 'tel', type: 'tel' },
  { name: 'country' },
  { name: 'taxId' },
  { name: 'address', autoComplete: 'street-address', wide: true },
];

/** "Registration info": the profile as read, and its edit form. */
export function ProfileInfo() {
  const { t } = useTranslation('accounts');
  const profile = useProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <Skeleton active />;
  if (profile.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={profile.error.message}
        action={<Button onClick={() => void profile.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  return editing ? (
    <ProfileForm profile={profile.data} onDone={() => setEditing(false)} />
  ) : (
    <ProfileView profile={profile.data} onEdit={() => setEditing(true)} />
  );
}

/**
 * An e-mail address that wraps where a reader expects it to (before the @, before each dot of the
 * domain), instead of mid-word where the cell happens to end.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  // One flat run of text and <wbr>s: the address stays one text to copy, find and read aloud.
  const domain = email
    .slice(at + 1)
    .split('.')
    .flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, `.${part}`]));
  return (
    <span className="profile-email">
      {email.slice(0, at)}
      <wbr />@{domain}
    </span>
  );
}

function ProfileView({ profile, onEdit }: { profile: UserProfile; onEdit: () => void }) {
  const { t } = useTranslation('accounts');
  const countryName = useCountryName();
  // On a phone the labels go above their values: beside them, a value gets a third of the width.
  const wide = Grid.useBreakpoint().sm ?? true;
  const empty = <span className="profile-muted">{t('profile.not-set')}</span>;
  const items = [
    { key: 'username', label: t('fields.username'), children: profile.username },
    { key: 'email', label: t('fields.email'), children: <EmailText email={profile.email} /> },
    { key: 'firstname', label: t('fields.firstname'), children: profile.firstname },
    { key: 'lastname', label: t('fields.lastname'), children: profile.lastname },
    { key: 'phoneNumber', label: t('fields.phoneNumber'), children: profile.phoneNumber },
    { key: 'country', label: t('fields.country'), children: countryName(profile.country) },
    { key: 'taxId', label: t('fields.taxId'), children: profile.taxId || empty },
    { key: 'userType', label: t('fields.userType'), children: t(`options.userType.${profile.userType}`) },
    { key: 'address', label: t('fields.address'), children: profile.address || empty, span: 2 },
  ];
  return (
    <section aria-labelledby="profile-info-heading">
      <div className="address-toolbar">
        <h2 id="profile-info-heading">{t('profile.info-title')}</h2>
        <Button type="primary" onClick={onEdit}>
          {t('profile.edit')}
        </Button>
      </div>
      <Descriptions
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        layout={wide ? 'horizontal' : 'vertical'}
        items={items}
        size="middle"
      />
    </section>
  );
}

function ProfileForm({ profile, onDone }: { profile: UserProfile; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const initial = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile[f]])) as Values;

  async function onFinish(values: Values) {
    const checked = validateWith(UpdateProfileBody, values, t);
    if (!checked.data) return;
    setSaving(true);
    const result = await updateProfile(checked.data);
    setSaving(false);
    if (result.success) {
      queryClient.setQueryData(profileQuery().queryKey, result.data);
      // The header shows the user name as the shop name until stores are connected.
      const { user_info: info } = session.get();
      session.set({
        shop_name: result.data.username,
        user_info: {
          ...info,
          username: result.data.username,
          firstname: result.data.firstname,
          lastname: result.data.lastname,
          country: result.data.country,
          phoneNumber: result.data.phoneNumber,
        },
      });
      toast.success(t('profile.saved'));
      onDone();
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code && showServerErrors(form, result.data, PROFILE_FIELDS)) return;
    const taken = result.errorCode === ERRORS.CONFLICT.code ? conflictField(result.data) : undefined;
    if (taken && (PROFILE_FIELDS as readonly string[]).includes(taken)) {
      form.setFields([{ name: taken as ProfileField, errors: [result.msg] }]);
      form.scrollToField(taken, { focus: true });
      return;
    }
    toast.warning(result.msg);
  }

  return (
    <section aria-labelledby="profile-edit-heading">
      <div className="address-toolbar">
        <h2 id="profile-edit-heading">{t('profile.edit-title')}</h2>
      </div>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void onFinish(values)}
        scrollToFirstError={{ focus: true, block: 'center' }}
        className="profile-form"
      >
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item label={t('fields.email')} extra={t('profile.email-locked')} htmlFor="profile-email">
              <Input id="profile-email" value={profile.email} readOnly disabled />
            </Form.Item>
          </Col>
          {LAYOUT.map(({ name, autoComplete, type, wide }) => {
            const required = !OPTIONAL.includes(name);
            return (
              <Col key={name} xs={24} sm={wide ? 24 : 12}>
                <Form.Item
                  name={name}
                  label={t(`fields.${name}`)}
                  required={required}
                  rules={[schemaRule(UpdateProfileBody, name, t)]}
                >
                  {name === 'country' ? (
                    <CountrySelect aria-required />
                  ) : name === 'address' ? (
                    <Input.TextArea autoComplete={autoComplete} autoSize={{ minRows: 2, maxRows: 4 }} />
                  ) : (
                    <TrimmedInput
                      name={name}
                      autoComplete={autoComplete}
                      type={type}
                      aria-required={required || undefined}
                    />
                  )}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        <div className="form-buttons">
          <Button onClick={onDone}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('actions.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
