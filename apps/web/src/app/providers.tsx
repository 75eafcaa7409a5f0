import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toasts } from '../components/ui/toasts';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

/** App-wide context: data cache, translations, and the toast region (outside the router, so
 * messages survive a route error). */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Server texts (names, messages) come in the caller's language: fetch them again on a switch.
  useEffect(() => {
    const refetch = () => void client.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        {children}
        <Toasts />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
