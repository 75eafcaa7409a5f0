import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/*
 * antd's icons are `<span role="img" aria-label="close">`: the icon's English file name, in every
 * language, and antd gives no way to change it. Most of them sit beside a text or inside a control
 * antd already names in the interface language (the dialog's close button, "Previous page"): there
 * they are decoration and leave the accessibility tree. An icon that is a control's only content
 * names that control, in the interface language.
 */

const CONTROL = 'button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"]';

/** `anticon-double-left` → `double-left`. */
function iconName(icon: Element): string {
  for (const cls of icon.classList)
    if (cls.startsWith('anticon-') && cls !== 'anticon-spin') return cls.slice('anticon-'.length);
  return '';
}

/** Text the control shows besides its icons. */
function textBesideIcons(control: Element): string {
  let text = '';
  const walker = control.ownerDocument.createTreeWalker(control, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('.anticon')) text += node.textContent ?? '';
  }
  return text.trim();
}

function controlHasName(control: Element): boolean {
  return Boolean(
    control.getAttribute('aria-label')?.trim() || control.getAttribute('aria-labelledby') || textBesideIcons(control),
  );
}

/** One icon: hidden when decorative; else labelled with antd's localized title or our catalogue's word. */
export function labelIcon(icon: Element, t: TFunction): void {
  const control = icon.closest(CONTROL);
  if (control && !controlHasName(control)) {
    const title = control.closest('[title]')?.getAttribute('title')?.trim();
    const label = title || t(`icons.${iconName(icon)}`, { defaultValue: '' }) || t('icons.button');
    icon.setAttribute('role', 'img');
    icon.setAttribute('aria-label', label);
    icon.removeAttribute('aria-hidden');
    return;
  }
  icon.removeAttribute('role');
  icon.removeAttribute('aria-label');
  icon.setAttribute('aria-hidden', 'true');
}

export function labelIcons(root: ParentNode, t: TFunction): void {
  for (const icon of root.querySelectorAll('.anticon')) labelIcon(icon, t);
}

/**
 * Keeps every antd icon on the page (dialogs and dropdowns are portaled to <body>) hidden or named
 * in the interface language, as they appear and when the language changes. Once per frame at most.
 */
export function useAntdIconLabels(): void {
  const { t } = useTranslation();
  useEffect(() => {
    let frame = 0;
    const run = () => {
      frame = 0;
      labelIcons(document.body, t);
    };
    run();
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(run);
    });
    // Our own attribute writes are not observed, so they never re-trigger it.
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [t]);
}
