import { Badge, Button, Card, HStack, Heading, IconButton, Stack, Table, Text, Wrap } from "@chakra-ui/react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuPencil, LuPlus, LuTrash2, LuWorkflow } from "react-icons/lu";
import { ActionsColumnHeader, EmptyNotice, LoadFailed, LoadingState } from "../../forms/EditorStates";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { showFailureToast, showToast } from "../../shell/toasts";
import { SettingsScreen } from "../settings/SettingsScreen";
import type { SettingsSection } from "../settings/settingsValues";
import type { Configuration } from "../settings/hooks";
import { useAiFunctions, useDeleteWorkflow, useWorkflows, type Workflow } from "./hooks";
import { WorkflowForm, type AiFunctionChoice } from "./WorkflowForm";

/**
 * AI functions (`/settings/functions`): which functions the selected configuration's assistant may call
 * (saved with the configuration), and the workflows they trigger.
 */
export function FunctionsPage({ titleKey = "pages:titles.settingsAiFunctions" }: { titleKey?: string }) {
  const { t } = useTranslation("functions");
  const catalogue = useAiFunctions();
  const [editorDirty, setEditorDirty] = useState(false);
  const functions = useMemo<AiFunctionChoice[]>(
    () =>
      (catalogue.data ?? []).map((entry) => ({
        name: entry.name,
        label: t(`catalogue.${entry.name}.label`, { defaultValue: entry.name }),
        description: t(`catalogue.${entry.name}.description`, { defaultValue: entry.description }),
        parameters: entry.parameters.map((parameter) => parameter.name),
      })),
    [catalogue.data, t],
  );
  const sections = useMemo<SettingsSection[]>(
    () => [
      {
        id: "functions",
        fields: [
          { name: "functions_enabled", kind: "switch" },
          {
            name: "functions",
            kind: "choices",
            showWhen: "functions_enabled",
            options: functions.map((entry) => ({ value: entry.name, label: entry.label, description: entry.description })),
          },
        ],
      },
    ],
    [functions],
  );
  return (
    <SettingsScreen
      titleKey={titleKey}
      sections={sections}
      unsavedElsewhere={editorDirty}
      after={(configuration) => <WorkflowsSection configuration={configuration} functions={functions} onDirtyChange={setEditorDirty} />}
    />
  );
}

interface WorkflowsSectionProps {
  configuration: Configuration;
  functions: AiFunctionChoice[];
  onDirtyChange: (dirty: boolean) => void;
}

function WorkflowsSection({ configuration, functions, onDirtyChange }: WorkflowsSectionProps) {
  const { t } = useTranslation(["functions", "messages"]);
  const workflows = useWorkflows(configuration._id);
  const remove = useDeleteWorkflow(configuration._id);
  // The workflow in the editor (null: a new one); the editor is closed while undefined.
  const [editing, setEditing] = useState<{ workflow: Workflow | null; revision: number } | undefined>();
  const [deleting, setDeleting] = useState<Workflow | undefined>();
  const open = (workflow: Workflow | null) => setEditing((current) => ({ workflow, revision: (current?.revision ?? 0) + 1 }));
  const close = useCallback(() => setEditing(undefined), []);
  const labelOf = (name: string) => functions.find((entry) => entry.name === name)?.label ?? name;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      if (editing?.workflow?._id === deleting._id) close();
      void showToast((text) => ({ type: "success", title: text("messages:success.data_deleted") }));
    } catch (error) {
      void showFailureToast(error);
    } finally {
      setDeleting(undefined);
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="workflows-title">
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md" id="workflows-title">
              {t("workflows.title")}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t("workflows.intro")}
            </Text>
          </Stack>
          <Button onClick={() => open(null)}>
            <LuPlus aria-hidden /> {t("workflows.new")}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {workflows.isPending ? (
            <LoadingState label={t("workflows.loading")} />
          ) : workflows.isError ? (
            <LoadFailed error={workflows.error} onRetry={() => void workflows.refetch()} />
          ) : workflows.data.length === 0 ? (
            // While the first workflow is being written, its form below replaces the "none yet" notice.
            !editing && <EmptyNotice icon={<LuWorkflow />} title={t("workflows.empty.title")} text={t("workflows.empty.text")} bordered />
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" aria-labelledby="workflows-title">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t("workflows.columns.name")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("workflows.columns.function")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("workflows.columns.actions")}</Table.ColumnHeader>
                    <ActionsColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {workflows.data.map((workflow) => (
                    <Table.Row key={workflow._id} data-selected={editing?.workflow?._id === workflow._id || undefined}>
                      <Table.Cell fontWeight="medium">{workflow.name}</Table.Cell>
                      <Table.Cell>
                        {labelOf(workflow.trigger_function)}
                        {!configuration.functions.includes(workflow.trigger_function) && (
                          <Badge ms="2" size="sm" colorPalette="gray">
                            {t("workflows.functionOff")}
                          </Badge>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        <Wrap gap="1">
                          {workflow.actions.map((action, index) => (
                            <Badge key={index} colorPalette={action.type === "send_sms" ? "blue" : "purple"} variant="subtle">
                              {t(`form.types.${action.type}`)}
                              {action.platform ? ` (${action.platform})` : ""}
                            </Badge>
                          ))}
                          {workflow.use_test_data && (
                            <Badge colorPalette="orange" variant="outline">
                              {t("workflows.testData")}
                            </Badge>
                          )}
                        </Wrap>
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="1" justify="end">
                          <IconButton size="xs" variant="ghost" aria-label={t("workflows.edit", { name: workflow.name })} onClick={() => open(workflow)}>
                            <LuPencil />
                          </IconButton>
                          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t("workflows.delete", { name: workflow.name })} onClick={() => setDeleting(workflow)}>
                            <LuTrash2 />
                          </IconButton>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          {editing && (
            <WorkflowForm
              key={editing.revision}
              configurationId={configuration._id}
              workflow={editing.workflow}
              functions={functions}
              onDone={close}
              onDirtyChange={onDirtyChange}
            />
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t("delete.title", { name: deleting?.name ?? "" })}
        text={t("delete.text")}
        confirmLabel={t("delete.confirm")}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(undefined)}
      />
    </Card.Root>
  );
}
