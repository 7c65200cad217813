import { Alert, Box, Button, Field, Flex, HStack, Input, Link, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { mergeFoundUrls, trainingUrlFrom, urlsFromPastedText, type FoundUrl } from "@parley/domain";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuClipboardPaste, LuExternalLink, LuLink, LuPlus } from "react-icons/lu";
import { ConfigurationPage } from "../../configuration/RequireConfiguration";
import type { SelectedConfiguration } from "../../configuration/selection";
import { ActionsColumnHeader, EmptyNotice, LoadFailed, LoadingState, RemoveRowButton, SaveBar } from "../../forms/EditorStates";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FormDialog } from "../../forms/FormDialog";
import { UnsavedChangesGuard } from "../../forms/UnsavedChangesGuard";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useSaveUrls, useUrls } from "./hooks";

export interface UrlManagerPageProps {
  titleKey?: string;
}

/** The URL list of the selected configuration (`/assistant/links`). */
export function UrlManagerPage({ titleKey = "pages:titles.manageUrls" }: UrlManagerPageProps) {
  const { t } = useTranslation(["trainingUrls", "pages"]);
  return (
    <ConfigurationPage title={t(titleKey)} intro={t("intro")}>
      {(configuration) => <UrlManager configuration={configuration} />}
    </ConfigurationPage>
  );
}

export function UrlManager({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation("trainingUrls");
  const query = useUrls(configuration._id);
  if (query.isPending) return <LoadingState label={t("loading")} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <LoadedUrls configuration={configuration} saved={query.data.urls} />;
}

type AddProblem = "required" | "invalid" | "duplicate";

/** Why a typed URL cannot be added, if it cannot. */
function addProblem(text: string, urls: readonly FoundUrl[]): AddProblem | undefined {
  if (text.trim() === "") return "required";
  const url = trainingUrlFrom(text);
  if (!url) return "invalid";
  return urls.some((entry) => entry.url === url) ? "duplicate" : undefined;
}

function LoadedUrls({ configuration, saved }: { configuration: SelectedConfiguration; saved: FoundUrl[] }) {
  const { t } = useTranslation(["trainingUrls", "messages"]);
  const [urls, setUrls] = useState<FoundUrl[]>(saved);
  const [dirty, setDirty] = useState(false);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<AddProblem | undefined>();
  const [pasting, setPasting] = useState(false);
  const save = useSaveUrls();
  const addInput = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableElement>(null);
  // The row a removal took away: once it is gone, focus moves to the row now in its place (or the last one),
  // or to the add field when no row is left, instead of falling back to the page.
  const [removedAt, setRemovedAt] = useState<number | null>(null);

  useEffect(() => {
    if (removedAt === null) return;
    const buttons = table.current?.querySelectorAll<HTMLButtonElement>("[data-remove-row]") ?? [];
    const next = buttons[Math.min(removedAt, buttons.length - 1)];
    (next ?? addInput.current)?.focus();
    setRemovedAt(null);
  }, [removedAt]);

  const change = (next: FoundUrl[]) => {
    setUrls(next);
    setDirty(true);
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const found = addProblem(typed, urls);
    setProblem(found);
    if (found) return;
    change(mergeFoundUrls(urls, [{ url: trainingUrlFrom(typed)!, subject: "" }]));
    setTyped("");
  };

  const onSave = () =>
    save.mutate(
      { configurationId: configuration._id, urls },
      {
        onSuccess: () => {
          setDirty(false);
          void showToast((translate) => ({ type: "success", title: translate("messages:success.data_saved") }));
        },
        onError: (error) => void showFailureToast(error),
      },
    );

  return (
    <Stack gap="4">
      <UnsavedChangesGuard when={dirty} />
      <form onSubmit={onAdd} noValidate>
        <Flex gap="3" align="flex-start" wrap="wrap">
          <Field.Root invalid={problem !== undefined} flex="1" minW="16rem">
            <Field.Label>{t("add.label")}</Field.Label>
            <Input
              ref={addInput}
              type="url"
              inputMode="url"
              placeholder="https://www.example.com/page"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(undefined);
              }}
            />
            {problem ? <Field.ErrorText>{t(`add.problems.${problem}`)}</Field.ErrorText> : <Field.HelperText>{t("add.help")}</Field.HelperText>}
          </Field.Root>
          <HStack mt={{ base: 0, md: "6" }}>
            <Button type="submit">
              <LuPlus /> {t("add.submit")}
            </Button>
            <Button variant="outline" onClick={() => setPasting(true)}>
              <LuClipboardPaste /> {t("paste.open")}
            </Button>
          </HStack>
        </Flex>
      </form>

      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="url-count">
        {t("count", { count: urls.length })}
      </Text>
      {save.isError && <ErrorAlert error={save.error} />}
      {urls.length === 0 ? (
        <EmptyNotice bordered icon={<LuLink />} title={t("empty.title")} text={t("empty.text")} />
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive ref={table}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("table.url")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("table.subject")}</Table.ColumnHeader>
                <ActionsColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {urls.map((entry, index) => (
                <Table.Row key={entry.url}>
                  <Table.Cell wordBreak="break-all">
                    <Link href={entry.url} target="_blank" rel="noopener noreferrer" colorPalette="blue">
                      {entry.url} <LuExternalLink aria-label={t("table.opensInNewTab")} />
                    </Link>
                  </Table.Cell>
                  <Table.Cell>
                    <Input
                      size="sm"
                      variant="flushed"
                      value={entry.subject}
                      placeholder={t("table.subjectPlaceholder")}
                      aria-label={t("table.subjectOf", { url: entry.url })}
                      onChange={(event) => change(urls.map((other, at) => (at === index ? { ...other, subject: event.target.value } : other)))}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <RemoveRowButton
                      label={t("table.remove", { url: entry.url })}
                      data-remove-row=""
                      onClick={() => {
                        change(urls.filter((_other, at) => at !== index));
                        setRemovedAt(index);
                      }}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}

      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        canSave
        onSave={onSave}
        onDiscard={() => {
          setUrls(saved);
          setDirty(false);
        }}
      />

      {pasting && (
        <BulkPasteDialog
          urls={urls}
          onClose={() => setPasting(false)}
          onAdd={(added) => {
            change(mergeFoundUrls(urls, added.map((url) => ({ url, subject: "" }))));
            setPasting(false);
          }}
        />
      )}
    </Stack>
  );
}

/** The pasted text sorted into URLs to add, ones already listed and entries that are no http(s) URL. */
export function sortPastedUrls(text: string, urls: readonly FoundUrl[]) {
  const present = new Set(urls.map((entry) => entry.url));
  const added: string[] = [];
  const duplicates: string[] = [];
  const invalid: string[] = [];
  for (const candidate of urlsFromPastedText(text)) {
    const url = trainingUrlFrom(candidate);
    if (!url) invalid.push(candidate);
    else if (present.has(url)) duplicates.push(url);
    else {
      present.add(url);
      added.push(url);
    }
  }
  return { added, duplicates, invalid };
}

function BulkPasteDialog({ urls, onAdd, onClose }: { urls: FoundUrl[]; onAdd: (urls: string[]) => void; onClose: () => void }) {
  const { t } = useTranslation("trainingUrls");
  const [text, setText] = useState("");
  const sorted = sortPastedUrls(text, urls);
  return (
    <FormDialog
      title={t("paste.title")}
      size="lg"
      submitLabel={t("paste.submit", { count: sorted.added.length })}
      submitDisabled={sorted.added.length === 0}
      onClose={onClose}
      onSubmit={() => onAdd(sorted.added)}
    >
      <Stack gap="3">
        <Field.Root>
          <Field.Label>{t("paste.label")}</Field.Label>
          <Textarea rows={8} value={text} onChange={(event) => setText(event.target.value)} placeholder={"https://www.example.com/\nhttps://www.example.com/contact"} />
          <Field.HelperText>{t("paste.help")}</Field.HelperText>
        </Field.Root>
        {text.trim() !== "" && (
          <Text fontSize="sm" aria-live="polite" data-testid="paste-summary">
            {t("paste.summary", { added: sorted.added.length, duplicates: sorted.duplicates.length })}
          </Text>
        )}
        {sorted.invalid.length > 0 && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t("paste.invalid")}</Alert.Title>
              <Alert.Description wordBreak="break-all">{sorted.invalid.slice(0, 10).join(", ")}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
