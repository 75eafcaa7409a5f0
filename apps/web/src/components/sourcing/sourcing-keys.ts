/** Query keys of sourcing requests, shared by the owner's pages and the console (kept out of the
 * entry's lib/query-keys.ts: only these pages use them). */
export const sourcingKeys = {
  all: ['sourcing'] as const,
  list: (tab: string, paging: object) => ['sourcing', 'list', tab, paging] as const,
  counts: () => ['sourcing', 'counts'] as const,
  agent: () => ['sourcing', 'agent'] as const,
  one: (id: string) => ['sourcing', 'one', id] as const,
  messages: (id: string) => ['sourcing', 'messages', id] as const,
  admin: (filter: object) => ['sourcing', 'admin', filter] as const,
  adminOne: (id: string) => ['sourcing', 'admin-one', id] as const,
  agents: () => ['sourcing', 'agents'] as const,
};
