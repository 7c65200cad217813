-- Indexing writes a call's chunks in one statement (issue 13, typed-article ingestion). Inserting each chunk's
-- ~100-250 lexemes straight into the GIN tree of `knowledge_chunks_search` (fastupdate = off, migration 007)
-- cost as much as building its search vector: about 0.2 ms a chunk, and ~50 kB of WAL. With the pending
-- list, an insert appends its entries to a short list, and the entries of many chunks go into the tree
-- together, sorted, when the list is full. The list is kept small (128 kB, a few dozen chunks), so that it
-- is flushed by the inserts themselves (PGlite has no autovacuum, which is why 007 turned it off) and a
-- search, which reads the whole list, reads little. Searches find the same chunks either way.
ALTER INDEX knowledge_chunks_search SET (fastupdate = on, gin_pending_list_limit = 128);

-- Not a schema change, noted here because 007 says otherwise: the known words of `knowledge_terms` no longer
-- stay until a wipe; deleting or replacing an article deletes those of its words that no chunk of the
-- configuration holds any more (`dropUnusedTerms` in modules/knowledge/repository.ts).
