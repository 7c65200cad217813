-- A file uploaded again under a name the configuration holds replaces that file (its bytes, and the articles
-- trained from it) instead of being stored beside it. Names are compared as `name_key`, the upload's name
-- composed to NFC and lower-cased by the server (Windows and macOS, where most uploads come from, hold
-- "FAQ.pdf" and "faq.pdf" as one file). Files stored before this, which may already repeat a name, keep
-- their rows: the newest of each name takes the key, older repeats keep none (NULLs are not unique) and
-- stay listed until deleted.
ALTER TABLE training_files ADD COLUMN name_key text;

UPDATE training_files f SET name_key = lower(normalize(f.original_name, NFC))
 WHERE f.id = (SELECT g.id FROM training_files g
                WHERE g.configuration_id = f.configuration_id
                  AND lower(normalize(g.original_name, NFC)) = lower(normalize(f.original_name, NFC))
                ORDER BY g.created_at DESC, g.id LIMIT 1);

ALTER TABLE training_files ADD CONSTRAINT training_files_name_key UNIQUE (configuration_id, name_key);
