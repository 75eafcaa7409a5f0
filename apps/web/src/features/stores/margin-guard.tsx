import { useEffect, useId, useState } from 'react';
import { MARGIN_GUARD_MAX, type Store } from '@dsm/contract';
import { InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { storeActions } from './stores.api';

/** The share a new guard starts at: the issue's own example ("above 80 % of the selling price"). */
const FIRST_PERCENT = 80;

/**
 * The store's margin guard (issue 21, decision 0120): off by default; on, the store's orders whose
 * landed cost is above this share of the selling price are flagged abnormal. Saved when switched
 * and when the share is left (blur or Enter); the server refuses a share out of range in words.
 */
export function MarginGuard({
  store,
  disabled,
  onSaved,
}: {
  store: Store;
  disabled: boolean;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('stores');
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<number | null>(store.marginGuardPercent);
  useEffect(() => setDraft(store.marginGuardPercent), [store.marginGuardPercent]);
  const on = store.marginGuardPercent !== null;

  async function save(marginGuardPercent: number | null) {
    if (marginGuardPercent === store.marginGuardPercent) return;
    setBusy(true);
    try {
      if ((await storeActions.update(store.id, { marginGuardPercent })).success) toast.success(t('card.saved'));
      await onSaved();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="st-guard">
      <label className="st-switch">
        <Switch
          size="small"
          checked={on}
          disabled={disabled || busy}
          loading={busy}
          aria-describedby={hintId}
          onChange={(v) => void save(v ? FIRST_PERCENT : null)}
        />
        <span>{t('card.margin-guard')}</span>
      </label>
      {on ? (
        <InputNumber
          size="small"
          min={1}
          max={MARGIN_GUARD_MAX}
          precision={0}
          value={draft}
          disabled={disabled || busy}
          suffix="%"
          aria-label={t('card.margin-guard-percent')}
          onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
          onBlur={() => void save(draft ?? store.marginGuardPercent)}
          onPressEnter={() => void save(draft ?? store.marginGuardPercent)}
        />
      ) : null}
      <div id={hintId} className="st-muted st-guard-hint">
        {on ? t('card.margin-guard-on', { percent: store.marginGuardPercent }) : t('card.margin-guard-off')}
      </div>
    </div>
  );
}
