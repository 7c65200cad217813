-- The workflows an AI function call last ran in a conversation (their names), shown to the agents with the
-- conversation (spec 01 §3, Live conversation: "workflow triggered") and in its history.
ALTER TABLE conversations ADD COLUMN workflow_triggered text;
