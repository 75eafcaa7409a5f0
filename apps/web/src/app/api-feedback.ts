import { ERRORS } from '@dsm/contract';
import { api, type ApiEvent } from '../lib/api';
import { loading } from '../lib/loading';
import { loginPathFromHere, navigateTo } from '../lib/navigation';
import { toast, TOAST_MS } from '../lib/toast';

/**
 * What the user sees of the API client's calls: the top loading bar while a call runs (not for
 * background calls), the server's message as a warning and a network failure as an error (not
 * for quiet calls), and the log-in page when the session has ended. The client itself only
 * reports (lib/api.ts); this is the one place that turns its reports into screens.
 */
export function onApiEvent(event: ApiEvent) {
  if (event.type === 'start' || event.type === 'end') {
    if (event.background) return;
    if (event.type === 'start') loading.start();
    else loading.stop();
    return;
  }
  const { failure, quiet, network } = event;
  if (failure.errorCode === ERRORS.SESSION_INVALID.code) navigateTo(loginPathFromHere());
  if (quiet || !failure.msg) return;
  if (network) toast.error(failure.msg, TOAST_MS);
  else toast.warning(failure.msg, TOAST_MS);
}

let installed: (() => void) | undefined;

/** Subscribes the feedback once (main.tsx at start, the test setup for every test file). */
export function installApiFeedback() {
  installed ??= api.subscribe(onApiEvent);
}
