-- Catalogue search (docs/decisions/0021-catalogue-search.md). Chinese has no spaces between
-- words and PostgreSQL has no Chinese parser, so Chinese text is indexed as character
-- unigrams and bigrams in a 'simple' tsvector: 连衣裙 → 连 衣 裙 连衣 衣裙. The function keeps
-- the non-CJK words of the text (e.g. "USB") and appends the n-grams of every CJK run.
CREATE OR REPLACE FUNCTION catalogue_cjk_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(coalesce(input, ''), '[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff00-\uffef]+', ' ', 'g')
    || ' ' || coalesce((
      SELECT string_agg(grams.g, ' ')
      FROM regexp_matches(coalesce(input, ''), '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+', 'g') AS m(run),
      LATERAL (
        SELECT substr(m.run[1], i, 1) AS g FROM generate_series(1, char_length(m.run[1])) AS i
        UNION ALL
        SELECT substr(m.run[1], i, 2) FROM generate_series(1, char_length(m.run[1]) - 1) AS i
      ) AS grams
    ), '')
$$;
--> statement-breakpoint
-- The weighted search document of one product from its translations: titles weigh A, briefs B.
-- English, French and Turkish are stemmed; Turkish also keeps its surface words ('simple'),
-- because the Turkish stemmer cuts bare nouns short (çanta → ça) while keeping suffixed forms
-- (çantalar → çanta); with both, either form of a query word finds the product.
CREATE OR REPLACE FUNCTION catalogue_search_document(
  en_title text, en_brief text, fr_title text, fr_brief text,
  tr_title text, tr_brief text, zh_title text, zh_brief text
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', coalesce(en_title, '')), 'A')
      || setweight(to_tsvector('english', coalesce(en_brief, '')), 'B')
      || setweight(to_tsvector('french', coalesce(fr_title, '')), 'A')
      || setweight(to_tsvector('french', coalesce(fr_brief, '')), 'B')
      || setweight(to_tsvector('turkish', coalesce(tr_title, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(tr_title, '')), 'A')
      || setweight(to_tsvector('turkish', coalesce(tr_brief, '')), 'B')
      || setweight(to_tsvector('simple', catalogue_cjk_text(zh_title)), 'A')
      || setweight(to_tsvector('simple', catalogue_cjk_text(zh_brief)), 'B')
$$;
