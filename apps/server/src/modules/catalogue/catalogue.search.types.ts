/**
 * The goods list's search structure (decision 0096): the visible products a keyword matches,
 * loaded once from the GIN index into compact columns, then filtered by category and price,
 * sorted, counted and paged in process for every request with that keyword. A new price range,
 * category, sort or page costs a pass over the keyword's matches (microseconds) instead of a
 * database scan of them (milliseconds); the database then reads only the page's 20 rows. Made by
 * catalogue.search-matches.ts, kept by catalogue.cache.ts (a file of its own: no import circle).
 */
export interface MatchSet {
  size: number;
  /** Bytes it holds (the cache's memory bound), counting the six sort orders it may make. */
  bytes: number;
  id: Int32Array;
  category: Int32Array;
  price: Int32Array;
  sales: Int32Array;
  /** created_at in microseconds since 1970 (exact in a double until the year 2255). */
  created: Float64Array;
  /** ts_rank of the keyword (a float4 in PostgreSQL, so exact here); 0 without a keyword. */
  relevance: Float64Array;
  /** The product's warehouse, as an index into `warehouseCodes` (a handful of codes). */
  warehouse: Uint16Array;
  warehouseCodes: string[];
  /** Positions in each sort's order, made on first use. */
  orders: Map<string, Uint32Array>;
}
