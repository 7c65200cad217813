import { Button, Card, Code, Field, Fieldset, Flex, HStack, Heading, IconButton, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import { conversationValueNames, placeholderOf } from "@parley/domain/aiFunctions";
import { orderPlatforms, workflowActionTypes, workflowSchema, type WorkflowActionType } from "@parley/domain/validation/workflow";
import { Form, Formik, getIn, useFormikContext, validateYupSchema, yupToFormErrors, type FormikErrors } from "formik";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LuMessageSquare, LuPackageSearch, LuTrash2 } from "react-icons/lu";
import { CheckboxField } from "../../forms/CheckboxField";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { FieldErrorText } from "../../forms/FieldErrorText";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";
import { TextareaField } from "../../forms/TextareaField";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { showFailureToast, showToast } from "../../shell/toasts";
import { blankWorkflow, newAction, toFormValues, toWorkflowBody, type WorkflowFormValues } from "./form";
import { useCreateWorkflow, useUpdateWorkflow, type Workflow } from "./hooks";

export interface AiFunctionChoice {
  name: string;
  label: string;
  description: string;
  parameters: string[];
}

export interface WorkflowFormProps {
  configurationId: string;
  /** The workflow being edited; null for a new one. */
  workflow: Workflow | null;
  functions: AiFunctionChoice[];
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The domain's workflow rules on what would be sent, as formik's errors (paths as the form's fields). */
async function validateWorkflow(values: WorkflowFormValues): Promise<FormikErrors<WorkflowFormValues>> {
  try {
    await validateYupSchema(toWorkflowBody(values, ""), workflowSchema);
    return {};
  } catch (error) {
    if (error instanceof Error && error.name === "ValidationError") return yupToFormErrors(error);
    throw error;
  }
}

/** Tells the page whether the form holds unsaved changes (its leave guard asks then). */
function DirtyReporter({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { dirty, isSubmitting } = useFormikContext<WorkflowFormValues>();
  const unsaved = dirty && !isSubmitting;
  useEffect(() => onDirtyChange(unsaved), [unsaved, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  return null;
}

/** The failure of the action list as a whole ("Add at least one valid action"), once the form was submitted. */
function ActionsError() {
  const { errors, submitCount } = useFormikContext<WorkflowFormValues>();
  const error = getIn(errors, "actions");
  const wholeListError = submitCount > 0 && error && !Array.isArray(error) ? error : undefined;
  return (
    <Field.Root invalid={Boolean(wholeListError)}>
      <FieldErrorText error={wholeListError} />
    </Field.Root>
  );
}

function ActionFields({ index, type, onRemove }: { index: number; type: WorkflowActionType; onRemove: () => void }) {
  const { t } = useTranslation("functions");
  const number = index + 1;
  const typeOptions = workflowActionTypes.map((value) => ({ value, label: t(`form.types.${value}`) }));
  const platformOptions = orderPlatforms.map((value) => ({ value, label: value }));
  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <HStack justify="space-between">
        <Fieldset.Legend fontWeight="semibold">{t("form.action", { number })}</Fieldset.Legend>
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t("form.removeAction", { number })} onClick={onRemove}>
          <LuTrash2 />
        </IconButton>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField name={`actions.${index}.type`} label={t("form.type")} options={typeOptions} required />
        {type === "send_sms" ? (
          <FormField
            name={`actions.${index}.target`}
            label={t("form.target")}
            helperText={t("form.targetHelp", { example: placeholderOf("phone") })}
            autoComplete="off"
            required
          />
        ) : (
          <SelectField name={`actions.${index}.platform`} label={t("form.platform")} placeholder={t("form.choosePlatform")} options={platformOptions} required />
        )}
      </SimpleGrid>
      {type === "send_sms" && <TextareaField name={`actions.${index}.message`} label={t("form.message")} required />}
    </Fieldset.Root>
  );
}

/** The values the chosen function brings and those of the conversation, as the placeholders to type. */
function AvailableValues({ parameters }: { parameters: string[] | undefined }) {
  const { t } = useTranslation("functions");
  if (!parameters) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t("form.valuesNone")}
      </Text>
    );
  }
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {t("form.values")}
      </Text>
      <Wrap gap="2" data-testid="available-values">
        {[...parameters, ...conversationValueNames].map((name) => (
          <Code key={name}>{placeholderOf(name)}</Code>
        ))}
      </Wrap>
    </Stack>
  );
}

/** Creates or edits a workflow: name, trigger function, actions, test data (the domain's workflow rules). */
export function WorkflowForm({ configurationId, workflow, functions, onDone, onDirtyChange }: WorkflowFormProps) {
  const { t } = useTranslation(["functions", "messages"]);
  const create = useCreateWorkflow(configurationId);
  const update = useUpdateWorkflow(configurationId);
  const functionOptions = functions.map((entry) => ({ value: entry.name, label: entry.label }));
  // Opened below the list, the form is often out of sight: it comes into view (the focus stays on the
  // button, whose next stop is the form's first field; a focused field would fail its rule on the first
  // click elsewhere, and the message it adds would move "Save workflow" away from under the pointer).
  const sectionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ block: "start" });
  }, []);

  return (
    <Card.Root as="section" ref={sectionRef} aria-labelledby="workflow-form-title" variant="outline">
      <Card.Body>
        <Formik<WorkflowFormValues>
          initialValues={workflow ? toFormValues(workflow) : blankWorkflow}
          validate={validateWorkflow}
          onSubmit={async (values, helpers) => {
            const body = toWorkflowBody(values, configurationId);
            try {
              if (workflow) await update.mutateAsync({ id: workflow._id, body });
              else await create.mutateAsync(body);
              onDirtyChange(false);
              void showToast((text) => ({ type: "success", title: text("messages:success.data_saved") }));
              onDone();
            } catch (error) {
              applyFieldErrors(error, helpers);
              await showFailureToast(error);
            }
          }}
        >
          {({ values, isSubmitting, setFieldValue }) => (
            <Form noValidate aria-labelledby="workflow-form-title">
              <DirtyReporter onDirtyChange={onDirtyChange} />
              <Stack gap="4">
                <Heading as="h3" size="md" id="workflow-form-title">
                  {workflow ? t("form.editTitle", { name: workflow.name }) : t("form.newTitle")}
                </Heading>
                <ErrorAlert error={create.error ?? update.error} />
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField name="name" label={t("form.name")} autoComplete="off" required />
                  <SelectField name="trigger_function" label={t("form.trigger")} placeholder={t("form.choose")} options={functionOptions} required />
                </SimpleGrid>
                <AvailableValues parameters={functions.find((entry) => entry.name === values.trigger_function)?.parameters} />
                <Heading as="h4" size="sm">
                  {t("form.actions")}
                </Heading>
                {/* Not formik's FieldArray: it brings hoist-non-react-statics into the sign-in page's formik chunk. */}
                <Stack gap="3">
                  {values.actions.map((action, index) => (
                    <ActionFields
                      key={index}
                      index={index}
                      type={action.type}
                      onRemove={() => void setFieldValue("actions", values.actions.filter((_action, other) => other !== index))}
                    />
                  ))}
                  <ActionsError />
                  <HStack gap="2" wrap="wrap">
                    {workflowActionTypes.map((type) => (
                      <Button
                        key={type}
                        size="sm"
                        variant="outline"
                        // A long label ("Ajouter une recherche de commande") wraps on a phone instead of leaving the card.
                        maxW="full"
                        h="auto"
                        minH="8"
                        py="1.5"
                        whiteSpace="normal"
                        onClick={() => void setFieldValue("actions", [...values.actions, newAction(type)])}>
                        {type === "send_sms" ? <LuMessageSquare aria-hidden /> : <LuPackageSearch aria-hidden />}
                        {t(type === "send_sms" ? "form.addSms" : "form.addOrder")}
                      </Button>
                    ))}
                  </HStack>
                </Stack>
                <CheckboxField name="use_test_data" label={t("form.useTestData")} helperText={t("form.useTestDataHelp")} />
                <Flex gap="2" wrap="wrap">
                  <Button type="submit" loading={isSubmitting}>
                    {t("form.save")}
                  </Button>
                  <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
                    {t("form.cancel")}
                  </Button>
                </Flex>
              </Stack>
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Card.Root>
  );
}
