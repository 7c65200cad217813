-- The knowledge store of issue 13: articles of a configuration (typed, scraped, from files, later WordPress
-- and products), the chunks they are split into when indexed, and each configuration's vocabulary for typos.
--
-- The extensions live in their own schema, named in every query: the tests give each file its own schema and
-- drop it afterwards, which must not take an extension (one per database) with it. pg_trgm and unaccent are
-- trusted extensions (PostgreSQL 13+); PGlite loads them, and pgvector, when it opens the database. Where an
-- extension is already installed in another schema, it is moved here (all three are relocatable).
CREATE SCHEMA IF NOT EXISTS parley_extensions;

DO $$
DECLARE
  wanted text;
  present text;
BEGIN
  FOREACH wanted IN ARRAY ARRAY['pg_trgm', 'unaccent', 'vector'] LOOP
    SELECT n.nspname INTO present FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = wanted;
    IF present IS NULL AND wanted <> 'vector' THEN
      EXECUTE format('CREATE EXTENSION %I SCHEMA parley_extensions', wanted);
    ELSIF present IS NULL THEN
      -- pgvector is optional: without it (or the right to create it) embeddings are kept as real[] and
      -- compared in SQL.
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
        BEGIN
          CREATE EXTENSION vector SCHEMA parley_extensions;
        EXCEPTION WHEN insufficient_privilege THEN
          RAISE NOTICE 'pgvector is available but may not be created here; embeddings are compared without it';
        END;
      END IF;
    ELSIF present <> 'parley_extensions' THEN
      EXECUTE format('ALTER EXTENSION %I SET SCHEMA parley_extensions', wanted);
    END IF;
  END LOOP;
END
$$;

CREATE TABLE knowledge_articles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('typed', 'scraped', 'file', 'wordpress', 'product')),
  source text NOT NULL,
  subject text,
  url text,
  text text NOT NULL,
  -- sha256 of the trimmed text: the same text is stored once per configuration.
  content_hash text NOT NULL,
  word_count integer NOT NULL,
  split_length integer NOT NULL,
  split_overlap integer NOT NULL,
  indexed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (configuration_id, content_hash)
);
CREATE INDEX knowledge_articles_listing ON knowledge_articles (configuration_id, updated_at DESC);

-- What retrieval searches. `configuration_id` is repeated from the article so every search filters on it
-- directly; `search_vector` is built at indexing time in the configuration's language (`language` is the
-- text search configuration used) from the accent-folded subject and text.
CREATE TABLE knowledge_chunks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  article_id uuid NOT NULL REFERENCES knowledge_articles (id) ON DELETE CASCADE,
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  position integer NOT NULL,
  text text NOT NULL,
  content_hash text NOT NULL,
  language text NOT NULL,
  search_vector tsvector NOT NULL,
  embedding real[],
  embedding_model text,
  UNIQUE (article_id, content_hash)
);
CREATE INDEX knowledge_chunks_article ON knowledge_chunks (article_id, position);
CREATE INDEX knowledge_chunks_configuration ON knowledge_chunks (configuration_id);
-- GIN indexes without the pending list: PGlite has no autovacuum to flush it, and a long pending list makes
-- every search scan it (the planner then gives up on the index).
CREATE INDEX knowledge_chunks_search ON knowledge_chunks USING gin (search_vector) WITH (fastupdate = off);

-- The accent-folded, lower-cased words of a configuration's chunks: a typo in a question is matched to the
-- nearest words here (trigram similarity), which then search the chunks like the question's own words.
-- Words of deleted chunks stay until the configuration's knowledge is wiped; they only cost a lookup.
CREATE TABLE knowledge_terms (
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  term text NOT NULL,
  PRIMARY KEY (configuration_id, term)
);
CREATE INDEX knowledge_terms_trigrams ON knowledge_terms USING gin (term parley_extensions.gin_trgm_ops) WITH (fastupdate = off);

-- How many chunks of a configuration hold each lexeme (of `search_vector`). Retrieval finds its candidates by
-- the question's rarer lexemes and ranks them by all of them, so a common word cannot make it rank half the
-- configuration. Kept in step by every write of chunks, under the configuration's advisory lock.
CREATE TABLE knowledge_lexemes (
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  lexeme text NOT NULL,
  chunks integer NOT NULL,
  PRIMARY KEY (configuration_id, lexeme)
);

-- With pgvector, a vector copy of the embedding searched by cosine distance; without it, `embedding` alone.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    ALTER TABLE knowledge_chunks ADD COLUMN embedding_vector parley_extensions.vector;
  END IF;
END
$$;
