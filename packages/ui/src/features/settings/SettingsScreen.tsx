import { Alert, Button, Card, Flex, Heading, SimpleGrid, Spinner, Stack, Text, Wrap } from "@chakra-ui/react";
import { configurationSettingsSchema } from "@parley/domain/validation/configuration";
import { Form, Formik, useFormikContext, yupToFormErrors, type FormikErrors } from "formik";
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { ValidationError } from "yup";
import { ApiError } from "../../api/errors";
import { selectConfiguration, useSelectedConfiguration } from "../../configuration/selection";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { catalogueIssueOf } from "../../forms/serverReason";
import { useConfiguration } from "../../shell/hooks";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useSaveConfiguration, type Configuration } from "./hooks";
import { SaveBar } from "../../forms/SaveBar";
import { UnsavedChangesGuard } from "../../forms/UnsavedChangesGuard";
import { SettingFieldInput } from "./SettingFieldInput";
import { changedSettingFields, changesToSend, fieldsOf, snapshotOf, valueAt, type SettingsSection, type SettingsValues } from "./settingsValues";

export interface SettingsScreenProps {
  titleKey: string;
  sections: readonly SettingsSection[];
  /** More of the screen below the form's sections (the General screen's usage reset). */
  children?: (configuration: Configuration, refreshSnapshot: (configuration: Configuration) => void) => ReactNode;
  /** More of the screen below the form, with forms of its own (the AI functions' workflows). */
  after?: (configuration: Configuration) => ReactNode;
  /** Changes not yet saved in `after`: leaving asks first for them too (a router has one leave guard). */
  unsavedElsewhere?: boolean;
}

/**
 * Focuses the target, and focuses it again for a moment while nothing else has the focus: a part of the
 * screen loading its texts hides the screen for a frame (Suspense), which drops the focus to the body.
 * Stops once anything else takes the focus. Returns the cancel.
 */
function focusWhenSettled(target: () => HTMLElement | null, forMs = 2_000): () => void {
  const until = Date.now() + forMs;
  let frame = 0;
  let element: HTMLElement | null = null;
  const tick = () => {
    // Kept once found: the ref is let go while the screen is hidden, the element stays.
    element = target() ?? element;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active !== element) return;
    if (element && active !== element) element.focus();
    if (Date.now() < until) frame = requestAnimationFrame(tick);
  };
  tick();
  return () => cancelAnimationFrame(frame);
}

/** A settings screen of the selected configuration: loading, failure and not-found states, then its form. */
export function SettingsScreen(props: SettingsScreenProps) {
  const { t } = useTranslation(["settings", "pages"]);
  const selected = useSelectedConfiguration();
  const query = useConfiguration(selected?._id ?? null);
  const configuration = query.data?.data;

  return (
    <Stack gap="6" maxW="5xl">
      <Heading as="h1" size="2xl">
        {t(props.titleKey)}
      </Heading>
      {query.isPending ? (
        <Flex py="16" justify="center" role="status" aria-label={t("settings:form.loading")}>
          <Spinner size="lg" />
        </Flex>
      ) : query.isError || !configuration ? (
        <Stack gap="3" align="start">
          {query.error instanceof ApiError && query.error.status === 404 ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t("settings:form.notFound")}</Alert.Title>
            </Alert.Root>
          ) : (
            <ErrorAlert error={query.error} />
          )}
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t("settings:form.retry")}
          </Button>
        </Stack>
      ) : (
        <>
          <SettingsForm key={configuration._id} configuration={configuration} {...props} />
          {props.after?.(configuration)}
        </>
      )}
    </Stack>
  );
}

/**
 * A save refused by the form's own checks calls nothing: the first marked field takes the focus (and so comes
 * into view), where otherwise nothing would happen and the marks might be out of sight.
 */
function FocusFirstInvalid({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const answered = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === answered.current) return;
    answered.current = submitCount;
    if (!isValid) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, submitCount, isSubmitting, isValid]);
  return null;
}

/**
 * The domain's rules on the form's values as they are: Formik's `validationSchema` first turns every empty text
 * into undefined, which an optional-when-absent rule lets pass, so an emptied name was marked only after the
 * other faults were corrected.
 */
async function validateSettings(values: SettingsValues): Promise<FormikErrors<SettingsValues>> {
  try {
    await configurationSettingsSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors(error);
    throw error;
  }
}

function SettingsForm({ configuration, sections, children, unsavedElsewhere }: SettingsScreenProps & { configuration: Configuration }) {
  const { t } = useTranslation("settings");
  const fields = useMemo(() => fieldsOf(sections), [sections]);
  const [snapshot, setSnapshot] = useState<SettingsValues>(() => snapshotOf(configuration, fields));
  const save = useSaveConfiguration();
  const fieldsRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // Arrived from a form that is gone (New configuration): the first field takes the focus, once.
  const [focusOnArrival] = useState(() => (location.state as { focusFirstField?: boolean } | null)?.focusFirstField === true);
  useEffect(() => {
    if (!focusOnArrival) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    return focusWhenSettled(() => fieldsRef.current?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea") ?? null);
    // Once, on arrival: the state read above is dropped at once, so a later visit does not move the focus.
  }, []);
  const formRef = useRef<HTMLFormElement>(null);

  return (
    <Formik<SettingsValues>
      initialValues={snapshot}
      validate={validateSettings}
      onSubmit={async (values, helpers) => {
        const changes = changesToSend(snapshot, values, fields);
        if (Object.keys(changes).length === 0) {
          await showToast((text) => ({ type: "info", title: text("messages:errors.no_changes_detected") }));
          return;
        }
        try {
          const answer = await save.mutateAsync({ _id: configuration._id, ...changes });
          const saved = snapshotOf(answer.data, fields);
          setSnapshot(saved);
          helpers.resetForm({ values: saved });
          if (changes.name !== undefined) selectConfiguration({ _id: answer.data._id, name: answer.data.name });
          await showToast((text) => ({ type: "success", title: text("messages:success.data_saved") }));
        } catch (error) {
          applyFieldErrors(error, helpers, catalogueIssueOf);
          await showFailureToast(error);
        }
      }}
    >
      {({ values, isSubmitting, setValues, submitCount, isValid }) => {
        const changed = changedSettingFields(snapshot, values, fields);
        const changedNames = new Set(changed.map((field) => field.name));
        return (
          <Form noValidate aria-label={t("form.label")} ref={formRef}>
            <FocusFirstInvalid form={formRef} />
            <UnsavedChangesGuard when={(changed.length > 0 && !isSubmitting) || unsavedElsewhere === true} />
            <Stack gap="5" ref={fieldsRef}>
              <ErrorAlert error={save.error} />
              {sections.map((section) => (
                <Card.Root key={section.id} as="section" aria-labelledby={`section-${section.id}`}>
                  <Card.Header>
                    <Heading as="h2" size="md" id={`section-${section.id}`}>
                      {t(`sections.${section.id}`)}
                    </Heading>
                  </Card.Header>
                  <Card.Body>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {section.fields
                        .filter((field) => !field.showWhen || valueAt(values, field.showWhen) === true)
                        .map((field) => (
                          <SettingFieldInput key={field.name} field={field} changed={changedNames.has(field.name)} storedValue={valueAt(snapshot, field.name)} />
                        ))}
                    </SimpleGrid>
                  </Card.Body>
                </Card.Root>
              ))}
              {children?.(configuration, (updated) => {
                // A usage reset changes the usage fields on the server: the loaded copy and the form follow.
                const fresh = snapshotOf(updated, fields);
                const keep = Object.fromEntries(Object.keys(fresh).filter((key) => key === "remaining_messages" || key === "usage_reset_date").map((key) => [key, fresh[key]]));
                setSnapshot((current) => ({ ...current, ...keep }));
                void setValues({ ...values, ...keep });
              })}
              <SaveBar changed={changed.length > 0} submitting={isSubmitting} onReset={() => void setValues(structuredClone(snapshot))} resetLabel={t("form.reset")} saveLabel={t("form.save")}>
                <Text fontWeight="medium">{changed.length > 0 ? t("form.unsaved", { count: changed.length }) : t("form.noUnsaved")}</Text>
                {submitCount > 0 && !isValid && (
                  <Text fontSize="sm" color="fg.error">
                    {t("messages:errorHelp.validation_failed")}
                  </Text>
                )}
                {changed.length > 0 && (
                  <Wrap gap="1" fontSize="sm" color="fg.muted" data-testid="changed-fields">
                    {changed.map((field) => t(`fields.${field.name}`)).join(", ")}
                  </Wrap>
                )}
              </SaveBar>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
