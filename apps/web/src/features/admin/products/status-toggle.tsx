import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '@dsm/contract';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../shared/confirm';
import { useProductActions } from './products.api';

/** Take down / put back, with a confirmation. */
export function useStatusToggle() {
  const { t } = useTranslation('admin');
  const [confirm, holder] = useConfirm();
  const { setStatus } = useProductActions();
  const toggle = async (prodId: number, name: string, current: ProductStatus) => {
    const takeDown = current === 'on';
    const ok = await confirm({
      title: takeDown ? t('products.take-down-title', { name }) : t('products.put-back-title', { name }),
      content: takeDown ? t('products.take-down-text') : t('products.put-back-text'),
      okText: takeDown ? t('products.take-down') : t('products.put-back'),
      danger: takeDown,
    });
    if (!ok) return;
    const result = await setStatus(prodId, takeDown ? 'off' : 'on');
    if (result.success)
      toast.success(takeDown ? t('products.taken-down', { name }) : t('products.put-back-done', { name }));
  };
  return [toggle, holder] as const;
}
