import { Modal } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** "Cancel this recharge order?" asked in the interface language; resolves true on yes. */
export function useConfirmCancel(): [(number: string) => Promise<boolean>, ReactElement] {
  const { t } = useTranslation('recharge');
  const [modal, holder] = Modal.useModal();
  const confirm = async (number: string) =>
    Boolean(
      await modal.confirm({
        title: t('cancel.title', { number }),
        content: t('cancel.text'),
        okText: t('cancel.ok'),
        cancelText: t('cancel.keep'),
        okButtonProps: { danger: true },
        autoFocusButton: 'cancel',
      }),
    );
  return [confirm, holder];
}
