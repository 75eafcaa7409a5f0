import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { installApiFeedback } from '../app/api-feedback';
import { i18n, initI18n } from '../lib/i18n';
import { loading } from '../lib/loading';
import { session } from '../lib/session';
import { toast } from '../lib/toast';

// Lazy route chunks are transformed on first import: give findBy* time on a cold start.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these: antd's Sider reads matchMedia, ScrollRestoration calls scrollTo.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => undefined;

// As main.tsx does: the API client's calls show the loading bar, toasts and the log-in redirect.
installApiFeedback();

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  session.reload();
  toast.clear();
  loading.reset();
  if (i18n.language !== 'en-US') await i18n.changeLanguage('en-US');
});
