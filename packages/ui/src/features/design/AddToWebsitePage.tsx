import {
  Alert,
  Box,
  Button,
  Card,
  Code,
  Field,
  HStack,
  Heading,
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
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  LuCheck,
  LuCopy,
  LuExternalLink,
  LuPlus,
  LuRotateCcw,
  LuSave,
  LuTrash2,
  LuUpload,
} from "react-icons/lu";
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
    <Card.Root as="section" aria-labelledby="snippet-heading" size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id="snippet-heading">
          {t("embed.snippetTitle")}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t("embed.snippetHelp")}
        </Text>
      </Card.Header>
      <Card.Body>
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
                {copied === "yes"
                  ? t("embed.copiedStatus")
                  : copied === "failed"
                    ? t("embed.copyFailed")
                    : ""}
              </Text>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

const guides = ["html", "wordpress", "shopify"] as const;
const guideSteps = { html: 3, wordpress: 4, shopify: 4 } as const;

function GuidesCard() {
  const { t } = useTranslation("design");
  return (
    <Card.Root as="section" aria-labelledby="guides-heading" size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id="guides-heading">
          {t("embed.guidesTitle")}
        </Heading>
      </Card.Header>
      <Card.Body>
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
      </Card.Body>
    </Card.Root>
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
    <Card.Root as="section" aria-labelledby="origins-heading" size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id="origins-heading">
          {t("embed.originsTitle")}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t("embed.originsHelp")}
        </Text>
      </Card.Header>
      <Card.Body>
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
                      <Alert.Root status="info" size="sm">
                        <Alert.Indicator />
                        <Alert.Title>{t("embed.anyOrigin")}</Alert.Title>
                      </Alert.Root>
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
                                  typeof listErrors === "object"
                                    ? (listErrors as unknown[])[index]
                                    : undefined
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
      </Card.Body>
    </Card.Root>
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
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<"type" | "size" | null>(null);

  const handleFile = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    const problem = demoFileProblem(file);
    setRefused(problem);
    if (!problem) upload.mutate(file);
  };

  return (
    <Card.Root as="section" aria-labelledby="demo-heading" size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id="demo-heading">
          {t("embed.demoTitle")}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t("embed.demoHelp")}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <HStack gap="3" wrap="wrap">
            <Button variant="outline" loading={upload.isPending} onClick={() => input.current?.click()}>
              <LuUpload /> {t("embed.uploadDemo")}
            </Button>
            <Text fontSize="sm" color="fg.muted">
              {t("embed.demoAllowed", { megabytes: maxDemoPageBytes / (1024 * 1024) })}
            </Text>
            <input
              ref={input}
              type="file"
              hidden
              accept=".html,.htm,text/html"
              data-testid="demo-input"
              onChange={(event) => {
                handleFile(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </HStack>
          {refused && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>
                {t(refused === "type" ? "embed.demoWrongType" : "embed.demoTooLarge", {
                  megabytes: maxDemoPageBytes / (1024 * 1024),
                })}
              </Alert.Title>
            </Alert.Root>
          )}
          <ErrorAlert error={upload.error} />
          {upload.isPending && (
            <HStack role="status">
              <Spinner size="sm" /> <Text fontSize="sm">{t("embed.uploadingDemo")}</Text>
            </HStack>
          )}
          {upload.isSuccess && (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t("embed.demoReady")}</Alert.Title>
                <Alert.Description>
                  <Link href={upload.data} target="_blank" rel="noopener noreferrer" fontWeight="medium">
                    {t("embed.openDemo")} <LuExternalLink aria-hidden />
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
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
