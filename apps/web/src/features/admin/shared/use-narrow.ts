// Moved to lib/ so the user's screens switch to cards at the same width (store orders, decision 0117).
export { NARROW_QUERY, useNarrow } from '../../../lib/use-narrow';
