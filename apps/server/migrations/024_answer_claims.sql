-- Exactly one answer per visitor message. Two paths may answer one: the visitor's own turn, and the answer
-- after an agent hands the conversation back (to the message left waiting). When the message is stored while
-- the hand-back commits, both can take it for theirs; whichever claims it first (one conditional UPDATE, which
-- PostgreSQL serialises on the row) answers, and the other leaves it.
ALTER TABLE conversation_messages ADD COLUMN answer_claimed_at timestamptz;
