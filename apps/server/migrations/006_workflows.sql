-- Workflows (issue 12, AI functions): what runs when the assistant calls an AI function. Each belongs
-- to a configuration and goes with it; the actions and value lists are stored as the contract shapes them.
CREATE TABLE workflows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  name text NOT NULL,
  trigger_function text NOT NULL,
  actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  use_test_data boolean NOT NULL DEFAULT false,
  conversation_values jsonb NOT NULL DEFAULT '[]'::jsonb,
  function_values jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX workflows_configuration_id ON workflows (configuration_id, created_at);
