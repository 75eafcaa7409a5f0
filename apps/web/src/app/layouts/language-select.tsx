import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS } from '@dsm/contract';
import { Combobox } from '../../components/ui/combobox';
import { Flag } from '../../components/ui/flags';
import { isChunkLoadError } from '../../lib/chunk-error';
import { setLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/** SPEC §2: 128 px, placeholder public.country, filterable, not clearable, flags + labels. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang);
  const options = useMemo(
    () =>
      LANGUAGE_OPTIONS.map((o) => ({
        value: String(o.code),
        label: o.label,
        icon: <Flag code={o.flag} />,
        keywords: `${o.locale} ${t(`languages.${o.locale}`)}`,
      })),
    [t],
  );
  const current = LANGUAGE_OPTIONS.find((o) => o.locale === lang);

  function onChange(code: string) {
    const option = LANGUAGE_OPTIONS.find((o) => String(o.code) === code);
    if (!option) return;
    setLanguage(option.locale).catch((error: unknown) => {
      toast.error(isChunkLoadError(error) ? t('update.title') : t('errors.network'));
    });
  }

  return (
    <Combobox
      className="language-select"
      label={t('header.language')}
      placeholder={t('public.country')}
      width={128}
      options={options}
      value={current ? String(current.code) : null}
      onChange={onChange}
      filterable
      clearable={false}
      noOptionsText={t('select.no-options')}
    />
  );
}
