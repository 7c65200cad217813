import {
  Box,
  Button,
  Code,
  Field,
  HStack,
  IconButton,
  Input,
  Link,
  List,
  Spinner,
  Stack,
  Tabs,
  Text,
} from "@chakra-ui/react";
import { maxDemoPageBytes } from "@parley/domain/chatbotDesign";
import {
  allowedOriginsSchema,
  isWebsiteOrigin,
  maxAllowedOrigins,
  originOfInput,
} from "@parley/domain/validation/design";
import { validationIssue, type ValidationIssue } from "@parley/domain/validation/messages";
import { Form, Formik, getIn, type FormikErrors } from "formik";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuCheck, LuCopy, LuExternalLink, LuPlus, LuRotateCcw, LuSave, LuTrash2 } from "react-icons/lu";
import { ConfigurationPage } from "../../configuration/RequireConfiguration";
import { LoadFailed, LoadingState } from "../../forms/EditorStates";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FieldErrorText } from "../../forms/FieldErrorText";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { UnsavedChangesGuard } from "../../forms/UnsavedChangesGuard";
import { useConfiguration } from "../../shell/hooks";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useSaveConfiguration } from "../settings/hooks";
import { useChatbotScript, useUploadChatbotDemo } from "./hooks";
import { FilePickButton, Notice, SectionCard } from "./parts";

/** How long the copy button says "Copied". */
const copiedFor = 2000;

function SnippetCard({ configurationId }: { configurationId: string }) {
  const { t } = useTranslation("design");
  const script = useChatbotScript(configurationId);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  useEffect(() => {
    if (copied !== "yes") return;
    const timer = window.setTimeout(() => setCopied(null), copiedFor);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const handleCopy = async (snippet: string) => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };

  return (
    <SectionCard id="snippet" title={t("embed.snippetTitle")} help={t("embed.snippetHelp")}>
      {script.isPending ? (
        <LoadingState label={t("embed.loadingSnippet")} />
      ) : script.isError ? (
        <LoadFailed error={script.error} onRetry={() => void script.refetch()} />
      ) : (
        <Stack gap="3">
          <Box
            as="pre"
            data-testid="snippet"
            p="3"
            borderRadius="md"
            bg="bg.muted"
            borderWidth="1px"
            fontSize="sm"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
            fontFamily="mono"
          >
            {script.data}
          </Box>
          <HStack gap="3" wrap="wrap">
            <Button
              onClick={() => void handleCopy(script.data)}
              colorPalette={copied === "yes" ? "green" : undefined}
            >
              {copied === "yes" ? <LuCheck /> : <LuCopy />}{" "}
              {copied === "yes" ? t("embed.copied") : t("embed.copy")}
            </Button>
            <Text role="status" fontSize="sm" color={copied === "failed" ? "fg.error" : "fg.muted"}>
              {copied === "yes" ? t("embed.copiedStatus") : copied === "failed" ? t("embed.copyFailed") : ""}
            </Text>
          </HStack>
        </Stack>
      )}
    </SectionCard>
  );
}

const guides = ["html", "wordpress", "shopify"] as const;
const guideSteps = { html: 3, wordpress: 4, shopify: 4 } as const;

function GuidesCard() {
  const { t } = useTranslation("design");
  return (
    <SectionCard id="guides" title={t("embed.guidesTitle")}>
      <Tabs.Root defaultValue="html" variant="enclosed" lazyMount={false}>
        <Tabs.List>
          {guides.map((guide) => (
            <Tabs.Trigger key={guide} value={guide}>
              {t(`embed.guides.${guide}.title`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {guides.map((guide) => (
          <Tabs.Content key={guide} value={guide}>
            <List.Root as="ol" gap="2" ps="5">
              {Array.from({ length: guideSteps[guide] }, (_, index) => (
                <List.Item key={index}>{t(`embed.guides.${guide}.step${index + 1}`)}</List.Item>
              ))}
            </List.Root>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </SectionCard>
  );
}

interface OriginValues {
  allowed_origins: string[];
}

function OriginsCard({ configurationId }: { configurationId: string }) {
  const { t } = useTranslation("design");
  const query = useConfiguration(configurationId);
  const save = useSaveConfiguration();
  const stored = query.data?.data.allowed_origins;

  return (
    <SectionCard id="origins" title={t("embed.originsTitle")} help={t("embed.originsHelp")}>
      {query.isPending ? (
        <LoadingState label={t("embed.loadingOrigins")} />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Formik<OriginValues>
          initialValues={{ allowed_origins: stored ?? [] }}
          enableReinitialize
          validationSchema={allowedOriginsSchema}
          onSubmit={async (values, helpers) => {
            try {
              const answer = await save.mutateAsync({
                _id: configurationId,
                allowed_origins: values.allowed_origins,
              });
              helpers.resetForm({
                values: { allowed_origins: answer.data.allowed_origins ?? values.allowed_origins },
              });
              await showToast((text) => ({ type: "success", title: text("messages:success.data_saved") }));
            } catch (error) {
              applyFieldErrors(error, helpers);
              await showFailureToast(error);
            }
          }}
        >
          {({ values, errors, isSubmitting, dirty, resetForm, setFieldValue }) => {
            const list = values.allowed_origins;
            const listErrors = (errors as FormikErrors<OriginValues>).allowed_origins;
            return (
              <Form noValidate aria-label={t("embed.originsTitle")}>
                <UnsavedChangesGuard when={dirty && !isSubmitting} />
                {/* The list is edited whole (not formik's FieldArray, which would bring its HOC helpers into the sign-in page's chunk). */}
                <Stack gap="3">
                  {list.length === 0 ? (
                    <Notice status="info" title={t("embed.anyOrigin")} />
                  ) : (
                    <Stack as="ul" gap="2" listStyleType="none" aria-label={t("embed.originsList")}>
                      {list.map((origin, index) => (
                        <Box as="li" key={`${origin}-${index}`}>
                          <HStack gap="2">
                            <Code flex="1" py="1.5" px="2" fontSize="sm" data-testid="allowed-origin">
                              {origin}
                            </Code>
                            <IconButton
                              size="sm"
                              variant="outline"
                              colorPalette="red"
                              aria-label={t("embed.removeOrigin", { origin })}
                              onClick={() =>
                                void setFieldValue(
                                  "allowed_origins",
                                  list.filter((_, at) => at !== index),
                                )
                              }
                            >
                              <LuTrash2 />
                            </IconButton>
                          </HStack>
                          <Field.Root invalid={Boolean(getIn(listErrors, `${index}`))}>
                            <FieldErrorText
                              error={
                                typeof listErrors === "object" ? (listErrors as unknown[])[index] : undefined
                              }
                            />
                          </Field.Root>
                        </Box>
                      ))}
                    </Stack>
                  )}
                  <AddOrigin
                    existing={list}
                    full={list.length >= maxAllowedOrigins}
                    onAdd={(origin) => void setFieldValue("allowed_origins", [...list, origin])}
                  />
                  <ErrorAlert error={save.error} />
                  <HStack justify="flex-end">
                    <Button variant="outline" disabled={!dirty || isSubmitting} onClick={() => resetForm()}>
                      <LuRotateCcw /> {t("form.reset")}
                    </Button>
                    <Button type="submit" loading={isSubmitting} disabled={!dirty}>
                      <LuSave /> {t("embed.saveOrigins")}
                    </Button>
                  </HStack>
                </Stack>
              </Form>
            );
          }}
        </Formik>
      )}
    </SectionCard>
  );
}

function AddOrigin({
  existing,
  onAdd,
  full,
}: {
  existing: readonly string[];
  onAdd: (origin: string) => void;
  full: boolean;
}) {
  const { t } = useTranslation("design");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<ValidationIssue | null>(null);
  const handleAdd = () => {
    const origin = originOfInput(value);
    const issue = !isWebsiteOrigin(origin)
      ? validationIssue("invalid_origin")
      : existing.includes(origin)
        ? validationIssue("duplicate_origin")
        : null;
    setProblem(issue);
    if (issue) return;
    onAdd(origin);
    setValue("");
  };
  return (
    <Field.Root invalid={problem !== null}>
      <Field.Label>{t("embed.addOrigin")}</Field.Label>
      <HStack w="full">
        <Input
          value={value}
          type="url"
          inputMode="url"
          placeholder="https://www.example.com"
          disabled={full}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              handleAdd();
            }
          }}
        />
        <Button variant="outline" onClick={handleAdd} disabled={full || value.trim() === ""}>
          <LuPlus /> {t("embed.add")}
        </Button>
      </HStack>
      {problem ? (
        <FieldErrorText error={problem} />
      ) : (
        <Field.HelperText>
          {full ? t("embed.originsFull", { max: maxAllowedOrigins }) : t("embed.addOriginHelp")}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

/** Why an HTML file cannot be the demo page, checked before sending. */
export function demoFileProblem(file: File): "type" | "size" | null {
  if (!/\.html?$/i.test(file.name) && file.type !== "text/html") return "type";
  if (file.size > maxDemoPageBytes) return "size";
  return null;
}

function DemoCard({ configurationId }: { configurationId: string }) {
  const { t } = useTranslation("design");
  const upload = useUploadChatbotDemo(configurationId);
  const [refused, setRefused] = useState<"type" | "size" | null>(null);

  const handleFile = (file: File) => {
    upload.reset();
    const problem = demoFileProblem(file);
    setRefused(problem);
    if (!problem) upload.mutate(file);
  };

  return (
    <SectionCard id="demo" title={t("embed.demoTitle")} help={t("embed.demoHelp")}>
      <Stack gap="3">
        <FilePickButton
          label={t("embed.uploadDemo")}
          hint={t("embed.demoAllowed", { megabytes: maxDemoPageBytes / (1024 * 1024) })}
          accept=".html,.htm,text/html"
          loading={upload.isPending}
          testId="demo-input"
          onFile={handleFile}
        />
        {refused && (
          <Notice
            status="error"
            alert
            title={t(refused === "type" ? "embed.demoWrongType" : "embed.demoTooLarge", {
              megabytes: maxDemoPageBytes / (1024 * 1024),
            })}
          />
        )}
        <ErrorAlert error={upload.error} />
        {upload.isPending && (
          <HStack role="status">
            <Spinner size="sm" /> <Text fontSize="sm">{t("embed.uploadingDemo")}</Text>
          </HStack>
        )}
        {upload.isSuccess && (
          <Notice status="success" title={t("embed.demoReady")}>
            <Link href={upload.data} target="_blank" rel="noopener noreferrer" fontWeight="medium">
              {t("embed.openDemo")} <LuExternalLink aria-hidden />
            </Link>
          </Notice>
        )}
      </Stack>
    </SectionCard>
  );
}

/** Add to website: the snippet to paste, how to paste it, which websites may use it, and a demo page. */
export function AddToWebsitePage({ titleKey = "pages:titles.addToWebsite" }: { titleKey?: string }) {
  const { t } = useTranslation(["design", "pages"]);
  return (
    <ConfigurationPage title={t(titleKey)} intro={t("design:embed.intro")}>
      {(configuration) => (
        <Stack gap="5" maxW="4xl">
          <SnippetCard configurationId={configuration._id} />
          <GuidesCard />
          <OriginsCard configurationId={configuration._id} />
          <DemoCard configurationId={configuration._id} />
        </Stack>
      )}
    </ConfigurationPage>
  );
}
