import type { PurchaseType, Sourcing } from '@dsm/contract';

/**
 * SPEC §9 session state `sourcDetails`: the sourcing details being written (the form's draft, kept
 * while typing, or a failed request copied by "send a new request") and the selected product id
 * list (the products of the request last opened). Kept in localStorage with the owner's id, so
 * another account on the same browser never sees it.
 */
export interface SourcingDraft {
  url?: string;
  title?: string;
  description?: string;
  images?: Array<{ id: string; name: string }>;
  targetPrice?: number | null;
  quantity?: number | null;
  purchaseType?: PurchaseType;
  haveOrders?: boolean;
  acceptSimilar?: boolean;
}
interface Stored {
  userId: string | null;
  details: SourcingDraft;
  prodIds: number[];
}

const KEY = 'sourcDetails';

function read(userId: string | null): Stored {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Stored | null;
    if (parsed && parsed.userId === userId) return { ...parsed, prodIds: parsed.prodIds ?? [] };
  } catch {
    // A damaged value is no draft.
  }
  return { userId, details: {}, prodIds: [] };
}

function write(value: Stored) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the draft is simply not kept.
  }
}

export const readDraft = (userId: string | null): SourcingDraft => read(userId).details;
export const saveDraft = (userId: string | null, details: SourcingDraft) => write({ ...read(userId), details });
export const clearDraft = (userId: string | null) => write({ ...read(userId), details: {} });
export const selectProducts = (userId: string | null, prodIds: number[]) => write({ ...read(userId), prodIds });

/** "Send a new request": the failed request's details become the draft the form opens with. */
export function draftFrom(userId: string | null, request: Sourcing) {
  saveDraft(userId, {
    url: request.url,
    title: request.title,
    description: request.description,
    images: request.images.map((url) => ({ id: url.split('/').pop() ?? url, name: url.split('/').pop() ?? url })),
    targetPrice: request.targetPrice,
    quantity: request.quantity,
    purchaseType: request.purchaseType,
    haveOrders: request.haveOrders,
    acceptSimilar: request.acceptSimilar,
  });
}
