import { Alert, Badge, Box, Button, HStack, List, Stack, Text } from "@chakra-ui/react";
import { splitArticle, typedArticleSchema } from "@parley/domain";
import { Form, Formik, useFormikContext } from "formik";
import { useDeferredValue, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LuSave } from "react-icons/lu";
import type { SelectedConfiguration } from "../../configuration/selection";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FormField } from "../../forms/FormField";
import { TextareaField } from "../../forms/TextareaField";
import { showToast } from "../../shell/toasts";
import { draftOf } from "./articles";
import { useCreateTypedArticle } from "./hooks";

interface TypedArticleValues {
  subject: string;
  text: string;
}

const blankArticle: TypedArticleValues = { subject: "", text: "" };

/** Words shown from the start and the end of each chunk in the preview. */
const previewWords = 12;

function excerpt(chunk: string): string {
  const words = chunk.split(" ");
  return words.length <= previewWords * 2 ? chunk : `${words.slice(0, previewWords).join(" ")} … ${words.slice(-previewWords).join(" ")}`;
}

/** The live word count and the chunks the domain's split rule makes of the text. */
export function SplitPreview({ text }: { text: string }) {
  const { t } = useTranslation("training");
  const deferred = useDeferredValue(text);
  const split = useMemo(() => splitArticle(deferred), [deferred]);
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" aria-label={t("articles.preview.label")} role="region">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="medium" aria-live="polite" data-testid="word-count">
          {t("articles.preview.words", { count: split.wordCount })}
        </Text>
        {split.wordCount > 0 && (
          <Badge colorPalette={split.chunks.length > 1 ? "blue" : "gray"} data-testid="split-rule">
            {split.splitOverlap === 0
              ? t("articles.preview.oneChunk")
              : t("articles.preview.chunks", { count: split.chunks.length, length: split.splitLength, overlap: split.splitOverlap })}
          </Badge>
        )}
      </HStack>
      {split.chunks.length > 1 && (
        <List.Root as="ol" ps="5" fontSize="sm" gap="1" aria-label={t("articles.preview.chunkList")}>
          {split.chunks.map((chunk, index) => (
            <List.Item key={index}>
              <Text as="span" fontWeight="medium">
                {t("articles.preview.chunk", { number: index + 1, count: chunk.split(" ").length })}
              </Text>{" "}
              <Text as="span" color="fg.muted">
                {excerpt(chunk)}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

function LivePreview() {
  const { values } = useFormikContext<TypedArticleValues>();
  return <SplitPreview text={values.text} />;
}

/** A typed article: subject and text, its split previewed, stored and indexed at once. */
export function ArticleEditor({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation(["training", "messages"]);
  const create = useCreateTypedArticle();
  return (
    <Formik<TypedArticleValues>
      initialValues={blankArticle}
      validationSchema={typedArticleSchema}
      onSubmit={async (values, helpers) => {
        try {
          const counts = await create.mutateAsync({ configurationId: configuration._id, draft: draftOf("manual", values.subject.trim() || null, values.text) });
          helpers.resetForm();
          void showToast((translate) =>
            counts.notIndexed > 0
              ? { type: "warning", title: translate("messages:errors.articles_not_indexed"), description: translate("training:run.notIndexedHelp") }
              : { type: "success", title: translate("training:articles.saved") },
          );
        } catch {
          // Shown by the alert above the form.
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t("articles.formLabel")}>
          <Stack gap="4">
            <ErrorAlert error={create.error} />
            <FormField name="subject" label={t("articles.subject")} helperText={t("articles.subjectHelp")} autoComplete="off" />
            <TextareaField name="text" label={t("articles.text")} helperText={t("articles.textHelp")} rows={10} required />
            <LivePreview />
            <Box>
              <Button type="submit" loading={isSubmitting}>
                <LuSave /> {t("articles.submit")}
              </Button>
            </Box>
            {create.isError && (
              <Alert.Root status="info" size="sm">
                <Alert.Indicator />
                <Alert.Description>{t("articles.keptHelp")}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
