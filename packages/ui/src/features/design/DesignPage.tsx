import { Alert, Box, Grid, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { designImageTypes, designTextLanguageOf, withDefaultTextsIn } from "@parley/domain/chatbotDesign";
import { chatbotDesignSchema } from "@parley/domain/validation/design";
import { Form, Formik, useFormikContext } from "formik";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfigurationPage } from "../../configuration/RequireConfiguration";
import { useConfiguration } from "../../shell/hooks";
import { LoadFailed, LoadingState } from "../../forms/EditorStates";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { UnsavedChangesGuard } from "../../forms/UnsavedChangesGuard";
import { showFailureToast, showToast } from "../../shell/toasts";
import {
  changedDesignFields,
  contrastIssues,
  designSections,
  designToSave,
  designValuesOf,
  fieldPath,
  type DesignField,
  type DesignValues,
} from "./design";
import { DesignFieldInput } from "./DesignFieldInput";
import { ImagePicker } from "./ImagePicker";
import { useChatbotDesign, useSaveChatbotDesign, type ChatbotDesign } from "./hooks";
import { WidgetPreview } from "./WidgetPreview";
import { SaveBar } from "../../forms/SaveBar";
import { Notice, SectionCard } from "./parts";

/** The colour pairs of the design that fall below WCAG AA, and what to do about them. */
export function ContrastWarning({ values }: { values: DesignValues }) {
  const { t } = useTranslation("design");
  const issues = contrastIssues(values);
  return (
    <Box aria-live="polite">
      {issues.length > 0 && (
        <Alert.Root status="warning" data-testid="contrast-warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("contrast.title")}</Alert.Title>
            <Alert.Description>
              <Stack gap="1" as="ul" ps="4" listStyleType="disc">
                {issues.map((issue) => (
                  <li key={issue.id}>
                    {t("contrast.issue", {
                      what: t(`contrast.pairs.${issue.id}`),
                      ratio: issue.ratio.toFixed(1),
                      required: issue.required,
                    })}
                  </li>
                ))}
              </Stack>
              <Text mt="2">{t("contrast.help")}</Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Box>
  );
}

function FieldWithImages({
  field,
  changed,
  configurationId,
}: {
  field: DesignField;
  changed: boolean;
  configurationId: string;
}) {
  const { t } = useTranslation("design");
  const { values, setFieldValue } = useFormikContext<DesignValues>();
  const selected = (values[field.half] as Record<string, unknown>)[field.name];
  if (field.imageType === undefined) return <DesignFieldInput field={field} changed={changed} />;
  return (
    <DesignFieldInput field={field} changed={changed}>
      <ImagePicker
        configurationId={configurationId}
        imageType={field.imageType}
        label={t(`images.kinds.${field.imageType}`)}
        selected={typeof selected === "string" ? selected : null}
        onSelect={(url) => {
          void setFieldValue(fieldPath(field), url);
          // An uploaded avatar shows once the avatar type says so.
          if (field.imageType === designImageTypes.avatar && url)
            void setFieldValue("chatbotSettings.avatarType", "uploaded");
        }}
      />
    </DesignFieldInput>
  );
}

/**
 * Texts still at the defaults of the widget language they were in follow a newly chosen widget language
 * (greeting, header, placeholder…), as the preview then shows; texts the customer wrote stay.
 */
function DefaultTextsFollowWidgetLanguage() {
  const { values, setValues } = useFormikContext<DesignValues>();
  const language = designTextLanguageOf(values.chatbotSettings.uiLanguage);
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    const from = previous.current;
    previous.current = language;
    const next = withDefaultTextsIn(language, values, from);
    if (next !== values) void setValues(next);
  }, [language, values, setValues]);
  return null;
}

function DesignForm({
  configurationId,
  loaded,
  language,
}: {
  configurationId: string;
  loaded: ChatbotDesign | null;
  /** The configuration's language (General settings): the language of the defaults when no design is saved. */
  language: string;
}) {
  const { t } = useTranslation("design");
  const [snapshot, setSnapshot] = useState<DesignValues>(() => designValuesOf(loaded, language));
  const save = useSaveChatbotDesign();

  return (
    <Formik<DesignValues>
      initialValues={snapshot}
      validationSchema={chatbotDesignSchema}
      onSubmit={async (values, helpers) => {
        try {
          const saved = designValuesOf(await save.mutateAsync(designToSave(configurationId, values)));
          setSnapshot(saved);
          helpers.resetForm({ values: saved });
          await showToast((text) => ({ type: "success", title: text("messages:success.design_saved") }));
        } catch (error) {
          applyFieldErrors(error, helpers);
          await showFailureToast(error, "messages:errors.design_save_failed");
        }
      }}
    >
      {({ values, isSubmitting, setValues, submitCount, isValid }) => {
        const changed = changedDesignFields(snapshot, values);
        const changedPaths = new Set(changed.map(fieldPath));
        return (
          <Form noValidate aria-label={t("form.label")}>
            <UnsavedChangesGuard when={changed.length > 0 && !isSubmitting} />
            <DefaultTextsFollowWidgetLanguage />
            <Grid
              templateColumns={{ base: "minmax(0, 1fr)", xl: "minmax(0, 1fr) minmax(380px, 0.8fr)" }}
              gap="6"
              alignItems="start"
            >
              <Stack gap="5" minW="0">
                {loaded === null && (
                  <Notice status="info" title={t("form.noDesign")}>
                    {t("form.noDesignHelp", {
                      language: t(`options.uiLanguage.${designTextLanguageOf(snapshot.chatbotSettings.uiLanguage)}`),
                    })}
                  </Notice>
                )}
                {designSections.map((section) => (
                  <SectionCard
                    key={section.id}
                    id={`design-${section.id}`}
                    title={t(`sections.${section.id}`)}
                  >
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {section.fields
                        .filter(
                          (field: DesignField) =>
                            !field.showWhen ||
                            (values[field.half] as Record<string, unknown>)[field.showWhen.name] ===
                              field.showWhen.value,
                        )
                        .map((field: DesignField) => (
                          <FieldWithImages
                            key={field.name}
                            field={field}
                            changed={changedPaths.has(fieldPath(field))}
                            configurationId={configurationId}
                          />
                        ))}
                    </SimpleGrid>
                  </SectionCard>
                ))}
              </Stack>
              <Stack gap="4" position={{ xl: "sticky" }} top="4" minW="0">
                <ContrastWarning values={values} />
                <WidgetPreview values={values} />
              </Stack>
            </Grid>
            <Box mt="5" />
            <SaveBar
              changed={changed.length > 0}
              submitting={isSubmitting}
              onReset={() => void setValues(structuredClone(snapshot))}
              resetLabel={t("form.reset")}
              saveLabel={t("form.save")}
            >
              <Text fontWeight="medium">
                {changed.length > 0 ? t("form.unsaved", { count: changed.length }) : t("form.noUnsaved")}
              </Text>
              {submitCount > 0 && !isValid && (
                <Text fontSize="sm" color="fg.error">
                  {t("form.invalid")}
                </Text>
              )}
            </SaveBar>
          </Form>
        );
      }}
    </Formik>
  );
}

/** The Design screen: every field of the widget's design beside a live preview, saved at once. */
export function DesignPage({ titleKey = "pages:titles.design" }: { titleKey?: string }) {
  const { t } = useTranslation(["design", "pages"]);
  return (
    <ConfigurationPage title={t(titleKey)} intro={t("design:intro")}>
      {(configuration) => <DesignLoader configurationId={configuration._id} />}
    </ConfigurationPage>
  );
}

function DesignLoader({ configurationId }: { configurationId: string }) {
  const { t } = useTranslation("design");
  const design = useChatbotDesign(configurationId);
  const configuration = useConfiguration(configurationId);
  // The configuration's language matters only without a saved design; if it cannot be read, the spec's Dutch defaults stand.
  const waitingForLanguage = design.data === null && configuration.isPending;
  if (design.isPending || waitingForLanguage) return <LoadingState label={t("form.loading")} />;
  if (design.isError) return <LoadFailed error={design.error} onRetry={() => void design.refetch()} />;
  return (
    <DesignForm
      configurationId={configurationId}
      loaded={design.data}
      language={configuration.data?.data.language ?? ""}
    />
  );
}
