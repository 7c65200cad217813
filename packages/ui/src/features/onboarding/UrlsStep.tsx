import { Box, Button, Checkbox, Field, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuPlus, LuTrash2 } from "react-icons/lu";
import { StepActions } from "./StepActions";
import { isWebAddress, newRowId, pageKey, type UrlRow } from "./wizard";

export interface UrlsStepProps {
  rows: UrlRow[];
  onChange: (rows: UrlRow[]) => void;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * URLs: the pages found, each with a box (ticked pages are saved) and a remove button, and a field to add one.
 * An address already in the list (trimmed) is not added twice (spec 01 §5 "found URLs are added only if not
 * already present").
 */
export function UrlsStep({ rows, onChange, onBack, onContinue }: UrlsStepProps) {
  const { t } = useTranslation("onboarding");
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<"invalid" | "duplicate" | null>(null);
  const included = rows.filter((row) => row.included).length;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const url = typed.trim();
    if (!isWebAddress(url)) return setProblem("invalid");
    if (rows.some((row) => pageKey(row.url) === pageKey(url))) return setProblem("duplicate");
    onChange([...rows, { id: newRowId(), url, description: "", included: true }]);
    setTyped("");
    setProblem(null);
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t("urls.intro")}</Text>
      <Text role="status" fontSize="sm" data-testid="urls-count">
        {t("urls.count", { count: included, total: rows.length })}
      </Text>
      {rows.length > 0 && included === 0 && (
        <Text fontSize="sm" color="fg.warning" data-testid="urls-none-chosen">
          {t("urls.noneChosen")}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text>{t("urls.empty")}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" aria-label={t("urls.listLabel")}>
          {rows.map((row) => (
            <HStack as="li" key={row.id} gap="3" borderWidth="1px" borderRadius="md" px="3" py="2" data-testid="url-row">
              <Checkbox.Root
                flex="1"
                minW="0"
                checked={row.included}
                onCheckedChange={(details) => onChange(rows.map((each) => (each.id === row.id ? { ...each, included: details.checked === true } : each)))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label minW="0">
                  <Box as="span" display="block" truncate>
                    {row.url}
                  </Box>
                  {row.description && (
                    <Box as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                      {row.description}
                    </Box>
                  )}
                </Checkbox.Label>
              </Checkbox.Root>
              <IconButton variant="ghost" colorPalette="red" aria-label={t("urls.remove", { url: row.url })} onClick={() => onChange(rows.filter((each) => each.id !== row.id))}>
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
      {/* The app says what is wrong (in the interface language), not the browser in its own. */}
      <form onSubmit={add} aria-label={t("urls.addLabel")} noValidate>
        <HStack align="flex-end" gap="2">
          <Field.Root invalid={problem !== null} flex="1">
            <Field.Label>{t("urls.new")}</Field.Label>
            <Input
              type="url"
              value={typed}
              placeholder={t("urls.newPlaceholder")}
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(null);
              }}
            />
            <Field.ErrorText>{problem && t(`urls.problem.${problem}`)}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" variant="outline" mb={problem ? "6" : "0"}>
            <LuPlus /> {t("urls.add")}
          </Button>
        </HStack>
      </form>
      <StepActions onBack={onBack} onContinue={onContinue} />
    </Stack>
  );
}
