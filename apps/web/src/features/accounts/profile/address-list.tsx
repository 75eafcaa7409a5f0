import { useState } from 'react';
import { type Address, type AddressKind, addressLines } from '@dsm/contract';
import { Alert, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useAddresses, useDeleteAddress, useSetDefaultAddress } from '../addresses.api';
import { useCountryName } from './antd-form';
import { AddressFormModal } from './address-form';

type Editing = { address: Address | null } | null;

/** Consignee or billing addresses: cards with the default marked, add / edit / delete / set default. */
export function AddressList({ kind }: { kind: AddressKind }) {
  const { t } = useTranslation('accounts');
  const addresses = useAddresses(kind);
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const countryName = useCountryName();
  const [editing, setEditing] = useState<Editing>(null);
  const headingId = `address-${kind}-heading`;

  const list = addresses.data ?? [];

  return (
    <section aria-labelledby={headingId} className="address-section">
      <div className="address-toolbar">
        <div>
          <h2 id={headingId}>{t(`address.${kind}.title`)}</h2>
          <p className="profile-muted">{t(`address.${kind}.intro`)}</p>
        </div>
        {list.length > 0 ? (
          <Button type="primary" onClick={() => setEditing({ address: null })}>
            {t(`address.${kind}.add`)}
          </Button>
        ) : null}
      </div>

      {addresses.isPending ? (
        <Skeleton active />
      ) : addresses.isError ? (
        <Alert
          type="error"
          showIcon
          title={addresses.error.message}
          action={<Button onClick={() => void addresses.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : list.length === 0 ? (
        <Empty description={t(`address.${kind}.empty`)} className="address-empty">
          <Button type="primary" onClick={() => setEditing({ address: null })}>
            {t(`address.${kind}.add-first`)}
          </Button>
        </Empty>
      ) : (
        <ul className="address-cards">
          {list.map((a) => {
            const name = `${a.firstName} ${a.lastName}`;
            const cardId = `address-${a.addrId}`;
            return (
              <li key={a.addrId} className={`address-card${a.isDefault ? ' is-default' : ''}`} aria-labelledby={cardId}>
                <div className="address-card-head">
                  <h3 id={cardId}>{name}</h3>
                  {a.isDefault ? (
                    <Tag color="blue" className="address-default-tag">
                      {t('address.default')}
                    </Tag>
                  ) : null}
                </div>
                <address className="address-lines">
                  <span className="address-company">{a.company}</span>
                  <span>{t('address.company-line', { companyID: a.companyID, vatnumber: a.vatnumber })}</span>
                  {addressLines(a, { countryName }).map((line, i) => (
                    <span key={i}>{line}</span>
                  ))}
                  <span>
                    {a.phoneNumber} · {a.emails}
                  </span>
                </address>
                <div className="address-actions">
                  <Button
                    size="small"
                    onClick={() => setEditing({ address: a })}
                    aria-label={t('address.edit-label', { name })}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Popconfirm
                    title={t('address.delete-title')}
                    description={a.isDefault ? t('address.delete-default-text') : t('address.delete-text')}
                    okText={t('actions.delete')}
                    cancelText={t('actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove.mutateAsync(a.addrId).then(
                        () => void toast.success(t('address.deleted')),
                        () => undefined,
                      )
                    }
                  >
                    <Button size="small" danger aria-label={t('address.delete-label', { name })}>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                  {a.isDefault ? null : (
                    <Button
                      size="small"
                      type="link"
                      loading={makeDefault.isPending && makeDefault.variables === a.addrId}
                      aria-label={t('address.set-default-label', { name })}
                      onClick={() =>
                        makeDefault.mutate(a.addrId, {
                          onSuccess: () => void toast.success(t('address.default-set', { name })),
                        })
                      }
                    >
                      {t('address.set-default')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {editing ? (
        <AddressFormModal kind={kind} address={editing.address} open onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
