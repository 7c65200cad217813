import { Alert, Box, Button, Field, HStack, NativeSelect, RadioGroup, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMemo, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuUpload } from "react-icons/lu";
import { ChoiceField } from "../../forms/ChoiceField";
import { FormDialog } from "../../forms/FormDialog";
import type { DatasetHeader } from "@parley/domain";
import { csvDelimiters, decodeCsvBytes, defaultMapping, parseCsv, type ColumnTarget, type CsvDelimiter, type CsvEncoding, type CsvProblem } from "./csv";
import type { CsvImport } from "./editor";

const previewRows = 5;
const delimiterNames: Record<CsvDelimiter, string> = { ",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe" };
const encodings: readonly CsvEncoding[] = ["utf-8", "windows-1252", "utf-16le", "utf-16be"];

function targetKey(target: ColumnTarget): string {
  return target.kind === "existing" ? `existing:${target.value}` : target.kind;
}
function targetFrom(key: string): ColumnTarget {
  return key.startsWith("existing:") ? { kind: "existing", value: key.slice("existing:".length) } : key === "skip" ? { kind: "skip" } : { kind: "new" };
}

function ProblemText({ problem }: { problem: CsvProblem }) {
  const { t } = useTranslation("dataset");
  const values = {
    lines: problem.lines?.join(", ") ?? "",
    delimiter: problem.suggestedDelimiter ? t(`import.delimiters.${delimiterNames[problem.suggestedDelimiter]}`) : "",
  };
  return (
    <Stack gap="0">
      <Text fontWeight="semibold">{t(`import.problems.${problem.key}.title`, values)}</Text>
      <Text>{t(`import.problems.${problem.key}.help`, values)}</Text>
      {problem.suggestedDelimiter && problem.key !== "singleColumn" && <Text>{t("import.problems.tryDelimiter", values)}</Text>}
    </Stack>
  );
}

export interface CsvImportDialogProps {
  headers: DatasetHeader[];
  hasRows: boolean;
  onImport: (imported: CsvImport) => void;
  onClose: () => void;
}

/** Choose a CSV file, check how it was read, map its columns, then add or replace the rows. Mounted while open. */
export function CsvImportDialog({ headers, hasRows, onImport, onClose }: CsvImportDialogProps) {
  const { t } = useTranslation("dataset");
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array } | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [delimiter, setDelimiter] = useState<CsvDelimiter | "auto">("auto");
  const [encoding, setEncoding] = useState<CsvEncoding | "auto">("auto");
  const [mode, setMode] = useState<"append" | "replace">(hasRows ? "append" : "replace");
  const [mapping, setMapping] = useState<{ forHeaders: string; targets: ColumnTarget[] } | null>(null);

  const decoded = useMemo(() => (file ? decodeCsvBytes(file.bytes, encoding === "auto" ? undefined : encoding) : null), [file, encoding]);
  const parsed = useMemo(() => (decoded ? parseCsv(decoded.text, delimiter === "auto" ? undefined : delimiter) : null), [decoded, delimiter]);
  const headerSignature = parsed ? JSON.stringify(parsed.headers) : "";
  // A mapping is kept while the file's columns stay the same; otherwise each column is matched anew.
  const targets = mapping?.forHeaders === headerSignature ? mapping.targets : parsed ? defaultMapping(parsed.headers, headers) : [];
  const nothingMapped = parsed !== null && parsed.errors.length === 0 && targets.every((target) => target.kind === "skip");
  const canImport = parsed !== null && parsed.errors.length === 0 && parsed.rows.length > 0 && !nothingMapped;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    try {
      setFile({ name: chosen.name, bytes: new Uint8Array(await chosen.arrayBuffer()) });
      setReadFailed(false);
      setMapping(null);
    } catch {
      setReadFailed(true);
    }
  };

  return (
    <FormDialog
      title={t("import.title")}
      size="xl"
      submitLabel={t("import.confirm")}
      submitDisabled={!canImport}
      onClose={onClose}
      onSubmit={() => parsed && onImport({ headers: parsed.headers, rows: parsed.rows, mapping: targets, mode })}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t("import.intro")}
        </Text>
        <Field.Root>
          <Field.Label>{t("import.file")}</Field.Label>
          <HStack>
            {/* A real button (not a label around an invisible input), so keyboard focus on it shows. */}
            <Button variant="outline" onClick={() => fileInput.current?.click()}>
              <LuUpload /> {t("import.chooseFile")}
            </Button>
            <input ref={fileInput} type="file" hidden accept=".csv,.tsv,.txt,text/csv" onChange={(event) => void chooseFile(event)} data-testid="csv-file" />
            <Text fontSize="sm">{file?.name ?? t("import.noFile")}</Text>
          </HStack>
        </Field.Root>
        {readFailed && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t("import.readFailed")}</Alert.Title>
          </Alert.Root>
        )}
        {parsed && decoded && (
          <>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <ChoiceField
                label={t("import.delimiter")}
                value={delimiter}
                onChange={setDelimiter}
                options={[
                  { value: "auto", label: t("import.auto", { value: t(`import.delimiters.${delimiterNames[parsed.delimiter]}`) }) },
                  ...csvDelimiters.map((option) => ({ value: option, label: t(`import.delimiters.${delimiterNames[option]}`) })),
                ]}
              />
              <ChoiceField
                label={t("import.encoding")}
                value={encoding}
                onChange={setEncoding}
                helperText={t("import.encodingHelp")}
                options={[
                  { value: "auto", label: t("import.auto", { value: t(`import.encodings.${decoded.encoding}`) }) },
                  ...encodings.map((option) => ({ value: option, label: t(`import.encodings.${option}`) })),
                ]}
              />
              <Field.Root>
                <Field.Label id="csv-mode-label">{t("import.mode")}</Field.Label>
                <RadioGroup.Root size="sm" value={mode} onValueChange={(details) => setMode(details.value === "replace" ? "replace" : "append")} aria-labelledby="csv-mode-label">
                  <Stack gap="1">
                    {(["append", "replace"] as const).map((option) => (
                      <RadioGroup.Item key={option} value={option}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{t(`import.modes.${option}`)}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
              </Field.Root>
            </SimpleGrid>

            {parsed.errors.length > 0 ? (
              <Alert.Root status="error" role="alert" data-testid="csv-errors">
                <Alert.Indicator />
                <Alert.Content>
                  <Stack gap="2">
                    {parsed.errors.map((problem) => (
                      <ProblemText key={problem.key} problem={problem} />
                    ))}
                  </Stack>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <Text fontSize="sm" aria-live="polite" data-testid="csv-summary">
                {t("import.summary", { count: parsed.rows.length, columns: parsed.headers.length })}
                {parsed.shortLines.length > 0 && ` ${t("import.shortLines", { lines: parsed.shortLines.slice(0, 5).join(", "), count: parsed.shortLines.length })}`}
              </Text>
            )}
            {nothingMapped && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>{t("import.nothingMapped")}</Alert.Title>
              </Alert.Root>
            )}

            {parsed.headers.length > 0 && (
              <Box overflowX="auto" borderWidth="1px" borderRadius="md">
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      {parsed.headers.map((header, index) => (
                        <Table.ColumnHeader key={index} minW="11rem" verticalAlign="top">
                          <Stack gap="1">
                            <Text>{header || t("import.unnamed", { number: index + 1 })}</Text>
                            <NativeSelect.Root size="xs">
                              <NativeSelect.Field
                                aria-label={t("import.mapTo", { name: header || index + 1 })}
                                value={targetKey(targets[index] ?? { kind: "skip" })}
                                onChange={(event) => {
                                  const next = [...targets];
                                  next[index] = targetFrom(event.target.value);
                                  setMapping({ forHeaders: headerSignature, targets: next });
                                }}
                              >
                                {headers.map((existing) => (
                                  <option key={existing.value} value={`existing:${existing.value}`}>
                                    {t("import.intoColumn", { name: existing.text })}
                                  </option>
                                ))}
                                <option value="new">{t("import.newColumn")}</option>
                                <option value="skip">{t("import.skip")}</option>
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </Stack>
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {parsed.rows.slice(0, previewRows).map((row, rowIndex) => (
                      <Table.Row key={rowIndex}>
                        {parsed.headers.map((_header, index) => (
                          <Table.Cell key={index} maxW="16rem" truncate title={row[index] ?? ""}>
                            {row[index] ?? ""}
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
                {parsed.rows.length > previewRows && (
                  <Text fontSize="xs" color="fg.muted" p="2">
                    {t("import.more", { count: parsed.rows.length - previewRows })}
                  </Text>
                )}
              </Box>
            )}
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
