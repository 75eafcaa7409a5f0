import { Modal } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
}

/**
 * A confirmation dialog that follows the console's language and theme (the hook form of
 * Modal.confirm). Render the holder once; `confirm` resolves true when the operator agrees.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactElement] {
  const { t } = useTranslation('admin');
  const [modal, holder] = Modal.useModal();
  const confirm = async (options: ConfirmOptions) => {
    const agreed = await modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText ?? t('actions.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: options.danger },
      autoFocusButton: 'cancel',
    });
    return Boolean(agreed);
  };
  return [confirm, holder];
}
