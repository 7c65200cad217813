import { Button, Card, Field, HStack, IconButton, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuPlus, LuTrash2 } from "react-icons/lu";
import { StepActions } from "./StepActions";
import { incompleteFaqRows, newRowId, type FaqRow } from "./wizard";

export interface FaqStepProps {
  rows: FaqRow[];
  onChange: (rows: FaqRow[]) => void;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * FAQ: the questions and answers found, each editable and removable, and new rows. A row with only a question
 * or only an answer keeps the user here (the assistant cannot use half a pair); a completely empty row is
 * simply not saved.
 */
export function FaqStep({ rows, onChange, onBack, onContinue }: FaqStepProps) {
  const { t } = useTranslation("onboarding");
  const [tried, setTried] = useState(false);
  const incomplete = tried ? incompleteFaqRows(rows) : [];
  const edit = (id: string, change: Partial<FaqRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const addRow = () => {
    const row = { id: newRowId(), question: "", answer: "" };
    onChange([...rows, row]);
    // The new row's question takes the focus, so typing can start at once.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-question-of="${row.id}"]`)?.focus());
  };
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t("faq.intro")}</Text>
      {rows.length === 0 && (
        <Text role="status" data-testid="faq-empty">
          {t("faq.empty")}
        </Text>
      )}
      <Stack gap="3" as="ol" listStyleType="none" aria-label={t("faq.listLabel")}>
        {rows.map((row, index) => (
          <Card.Root as="li" key={row.id} variant="outline" data-testid="faq-row">
            <Card.Body gap="3">
              <HStack align="flex-start" gap="3">
                <Stack flex="1" gap="3">
                  <Field.Root invalid={incomplete.includes(row.id) && row.question.trim() === ""}>
                    <Field.Label>{t("faq.question", { number: index + 1 })}</Field.Label>
                    <Input data-question-of={row.id} value={row.question} onChange={(event) => edit(row.id, { question: event.target.value })} />
                    <Field.ErrorText>{t("faq.incomplete")}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={incomplete.includes(row.id) && row.answer.trim() === ""}>
                    <Field.Label>{t("faq.answer", { number: index + 1 })}</Field.Label>
                    <Textarea rows={3} value={row.answer} onChange={(event) => edit(row.id, { answer: event.target.value })} />
                    <Field.ErrorText>{t("faq.incomplete")}</Field.ErrorText>
                  </Field.Root>
                </Stack>
                <IconButton variant="ghost" colorPalette="red" aria-label={t("faq.remove", { number: index + 1 })} onClick={() => onChange(rows.filter((each) => each.id !== row.id))}>
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      <Button variant="outline" alignSelf="flex-start" onClick={addRow}>
        <LuPlus /> {t("faq.add")}
      </Button>
      <StepActions
        onBack={onBack}
        onContinue={() => {
          setTried(true);
          if (incompleteFaqRows(rows).length === 0) onContinue();
        }}
      />
    </Stack>
  );
}
