-- Whether an assistant message answers the visitor's question (from the FAQ, the knowledge or the model, or that
-- it does not know), as against small talk (a greeting, thanks, who the assistant is) and notes (a colleague will
-- join, nobody is online, a file was received). The widget offers its thumbs on answers only, and only answers
-- can be rated. Assistant messages stored before this column were all offered thumbs: they stay answers.
ALTER TABLE conversation_messages ADD COLUMN is_answer boolean NOT NULL DEFAULT false;
UPDATE conversation_messages SET is_answer = true WHERE role = 'assistant';
