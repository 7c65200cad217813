-- How many of the conversation's messages the agents had when one of them last read it (opened it on the live
-- screen, or took it over): the visitor's messages after those, and after the last agent reply, are its new
-- messages, so the live list shows them after a reload and to every agent alike.
ALTER TABLE conversations ADD COLUMN agents_seen_messages integer NOT NULL DEFAULT 0;
