import { z } from 'zod';

/** Paging request: `current` from 1, `size` default 10, at most 100. */
export const PageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function toPage<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
}
