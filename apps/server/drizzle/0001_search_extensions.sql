-- Trigram matching for typo-tolerant catalogue search; works on PGlite (contrib) and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
