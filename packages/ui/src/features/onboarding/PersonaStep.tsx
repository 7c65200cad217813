import { Field, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Persona } from "./hooks";
import { StepActions } from "./StepActions";

export interface PersonaStepProps {
  persona: Persona;
  /** Whether the persona was proposed from the website (false: the website was not read, the user writes it). */
  fromWebsite: boolean;
  onChange: (persona: Persona) => void;
  onBack: () => void;
  onContinue: () => void;
}

const personaFields = ["entity_instruction", "goal_instruction"] as const;

/** Persona: who the assistant is and what it aims for, as proposed by the scan (or written by the user), both editable and both needed. */
export function PersonaStep({ persona, fromWebsite, onChange, onBack, onContinue }: PersonaStepProps) {
  const { t } = useTranslation("onboarding");
  const [tried, setTried] = useState(false);
  const empty = personaFields.filter((field) => persona[field].trim() === "");
  return (
    <Stack gap="5">
      <Text color="fg.muted">{t(fromWebsite ? "persona.intro" : "persona.introWithoutWebsite")}</Text>
      {personaFields.map((field) => (
        <Field.Root key={field} required invalid={tried && empty.includes(field)}>
          <Field.Label>
            {t(`persona.${field}`)}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={5} value={persona[field]} onChange={(event) => onChange({ ...persona, [field]: event.target.value })} />
          <Field.HelperText>{t(`persona.${field}Help`)}</Field.HelperText>
          <Field.ErrorText>{t("persona.required")}</Field.ErrorText>
        </Field.Root>
      ))}
      <StepActions
        onBack={onBack}
        onContinue={() => {
          setTried(true);
          if (empty.length === 0) onContinue();
        }}
      />
    </Stack>
  );
}
