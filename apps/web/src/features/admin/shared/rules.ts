import { useMemo } from 'react';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

const decimalsOf = (n: number) => {
  const [, frac = ''] = String(n).split('.');
  return frac.length;
};

/** Form rules with messages in the interface language. */
export function useAdminRules() {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({
      required: (message = t('validation.required')): FormRule => ({ required: true, message }),
      /** Whitespace alone does not count as filled in. */
      requiredText: (message = t('validation.required')): FormRule => ({ required: true, whitespace: true, message }),
      max: (max: number): FormRule => ({ max, message: t('validation.too-long', { max }) }),
      decimals: (places: number): FormRule => ({
        validator: (_, value: number | null | undefined) =>
          value === null || value === undefined || decimalsOf(value) <= places
            ? Promise.resolve()
            : Promise.reject(
                new Error(places === 2 ? t('validation.two-decimals') : t('validation.decimals', { places })),
              ),
      }),
      positive: (): FormRule => ({
        validator: (_, value: number | null | undefined) =>
          value === null || value === undefined || value > 0
            ? Promise.resolve()
            : Promise.reject(new Error(t('validation.positive'))),
      }),
      range: (min: number, max: number): FormRule => ({
        validator: (_, value: number | null | undefined) =>
          value === null || value === undefined || (value >= min && value <= max)
            ? Promise.resolve()
            : Promise.reject(new Error(t('validation.range', { min, max }))),
      }),
      url: (): FormRule => ({
        validator: (_, value: string | undefined) =>
          !value || /^https?:\/\/[^\s]+$/i.test(value.trim())
            ? Promise.resolve()
            : Promise.reject(new Error(t('validation.url'))),
      }),
      email: (): FormRule => ({ type: 'email', message: t('validation.email') }),
    }),
    [t],
  );
}

/**
 * Search settings for antd pickers, made once: a new object on each render makes the picker
 * start its search over, clearing what the operator is typing.
 */
export const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;
export const SEARCH_TREE_BY_TITLE = { treeNodeFilterProp: 'title' } as const;
