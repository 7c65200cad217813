import { Badge, Button, EmptyState, Flex, IconButton, Spinner, Stack, Table, Text, VStack } from "@chakra-ui/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LuTrash2 } from "react-icons/lu";
import { ErrorAlert } from "./ErrorAlert";

/** Shown while a screen's data loads. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Flex minH="30vh" align="center" justify="center" role="status" aria-live="polite" gap="3">
      <Spinner /> <Text>{label}</Text>
    </Flex>
  );
}

/** A screen's data could not be loaded: what went wrong, what to do, and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("messages");
  return (
    <Stack gap="3" align="flex-start">
      <ErrorAlert error={error} />
      <Button onClick={onRetry}>{t("actions.retry")}</Button>
    </Stack>
  );
}

/** Nothing to show yet, and how to start (with the step's button, where there is one). */
export function EmptyNotice({ icon, title, text, action, bordered = false }: { icon: ReactNode; title: string; text: string; action?: ReactNode; bordered?: boolean }) {
  return (
    <EmptyState.Root borderWidth={bordered ? "1px" : undefined} borderRadius="md">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{text}</EmptyState.Description>
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The narrow last column of an editable table, which holds each row's buttons. */
export function ActionsColumnHeader() {
  const { t } = useTranslation("messages");
  return (
    <Table.ColumnHeader width="3.5rem">
      <Text srOnly>{t("actions.actions")}</Text>
    </Table.ColumnHeader>
  );
}

/** The delete button of a row in an editable table. */
export function RemoveRowButton({ label, onClick, ...rest }: { label: string; onClick: () => void } & Record<`data-${string}`, string>) {
  return (
    <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={label} onClick={onClick} {...rest}>
      <LuTrash2 />
    </IconButton>
  );
}

export interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  canSave: boolean;
  onDiscard: () => void;
  onSave: () => void;
  /** Shown beside the buttons, e.g. what to do after a failed save. */
  note?: ReactNode;
}

/** The bar at the bottom of an editor: whether there are unsaved changes, discard and save. */
export function SaveBar({ dirty, saving, canSave, onDiscard, onSave, note }: SaveBarProps) {
  const { t } = useTranslation("messages");
  const bar = useRef<HTMLDivElement>(null);
  const focusWasInBar = useRef(false);
  // Discard and a finished save disable the button just pressed, which drops a keyboard user's focus to the top
  // of the page; the bar takes it instead, so Tab goes on from where they were.
  useEffect(() => {
    if (dirty || saving || !focusWasInBar.current) return;
    const active = document.activeElement;
    if (active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled && bar.current?.contains(active))) {
      bar.current?.focus();
    }
  }, [dirty, saving]);
  return (
    <Flex
      ref={bar}
      tabIndex={-1}
      onFocusCapture={() => {
        focusWasInBar.current = true;
      }}
      onBlurCapture={(event) => {
        // A blur without a new target is the pressed button being disabled: the focus is still "here".
        if (event.relatedTarget && !bar.current?.contains(event.relatedTarget as Node)) focusWasInBar.current = false;
      }}
      position="sticky"
      bottom="0"
      zIndex="docked"
      gap="3"
      py="3"
      px={{ base: "4", md: "6" }}
      mx={{ base: "-4", md: "-6" }}
      bg="bg.subtle"
      borderTopWidth="1px"
      align="center"
      justify="flex-end"
      wrap="wrap"
    >
      {dirty && (
        <Badge colorPalette="orange" me="auto" data-testid="unsaved">
          {t("unsaved.badge")}
        </Badge>
      )}
      {note}
      <Button variant="outline" disabled={!dirty || saving} onClick={onDiscard}>
        {t("unsaved.discard")}
      </Button>
      <Button onClick={onSave} loading={saving} disabled={!dirty || !canSave}>
        {t("actions.save")}
      </Button>
    </Flex>
  );
}
