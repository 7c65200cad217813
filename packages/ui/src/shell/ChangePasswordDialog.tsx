import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { changePasswordSchema } from "@parley/domain/validation/auth";
import { passwordTooWeak } from "@parley/domain/validation/password";
import { Form, Formik } from "formik";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors";
import { useRefreshPassword } from "../features/auth/hooks";
import { ErrorAlert } from "../forms/ErrorAlert";
import { FormField } from "../forms/FormField";
import { applyFieldErrors } from "../forms/fieldIssues";
import { setToken } from "../session/session";
import { toaster } from "../toaster";

/** Mounted while open: closing unmounts it, so nothing typed (or refused) outlives the dialog. */
export interface ChangePasswordDialogProps {
  onClose: () => void;
  /** Where the focus returns: the menu that opened the dialog is closed by then. */
  returnFocusTo: () => HTMLElement | null;
}

const emptyForm = { currentPassword: "", password: "", confirmPassword: "" };

const currentPasswordInput = () => document.querySelector<HTMLInputElement>('input[name="currentPassword"]');

/**
 * A signed-in user's own password change, from the profile menu in every portal and role. The server
 * checks the current password and ends every other session; this one goes on with the token it answers.
 */
export function ChangePasswordDialog({ onClose, returnFocusTo }: ChangePasswordDialogProps) {
  const { t } = useTranslation("shell");
  const change = useRefreshPassword();
  // The current password the server refused: the field says so until it is changed, also when the
  // form validates again as the focus moves (formik would drop an error set only once).
  // A ref, not state: moving the focus to the field validates at once, before a re-render.
  const refusedCurrent = useRef<string | null>(null);
  // A wrong current password is the field's failure, said there; the alert is for everything else.
  const wrongCurrent = change.error instanceof ApiError && change.error.code === "invalid_credentials";

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      finalFocusEl={returnFocusTo}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Formik
              initialValues={emptyForm}
              validationSchema={changePasswordSchema}
              validate={(values) =>
                refusedCurrent.current !== null && values.currentPassword === refusedCurrent.current
                  ? { currentPassword: "current_password_wrong" }
                  : {}
              }
              onSubmit={async (values, helpers) => {
                try {
                  const { token } = await change.mutateAsync({
                    currentPassword: values.currentPassword,
                    password: values.password,
                  });
                  setToken(token);
                  toaster.create({ type: "success", title: t("messages:success.password_updated") });
                  helpers.resetForm();
                  onClose();
                } catch (error) {
                  if (error instanceof ApiError && error.code === "invalid_credentials") {
                    refusedCurrent.current = values.currentPassword;
                    await helpers.setFieldTouched("currentPassword", true, false);
                    helpers.setFieldError("currentPassword", "current_password_wrong");
                    currentPasswordInput()?.focus();
                    return;
                  }
                  applyFieldErrors(error, helpers);
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate>
                  <Dialog.Header>
                    <Dialog.Title>{t("profile.changePasswordTitle")}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="4">
                      <Text fontSize="sm" color="fg.muted">
                        {t("profile.changePasswordHelp")}
                      </Text>
                      {!wrongCurrent && <ErrorAlert error={change.error} />}
                      <FormField
                        data-autofocus=""
                        name="currentPassword"
                        label={t("profile.currentPassword")}
                        type="password"
                        autoComplete="current-password"
                        required
                      />
                      <FormField
                        name="password"
                        label={t("profile.newPassword")}
                        type="password"
                        autoComplete="new-password"
                        helperText={t("messages:validation.password_too_weak", passwordTooWeak.values)}
                        required
                      />
                      <FormField
                        name="confirmPassword"
                        label={t("profile.confirmPassword")}
                        type="password"
                        autoComplete="new-password"
                        required
                      />
                    </Stack>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={onClose}>
                      {t("messages:actions.cancel")}
                    </Button>
                    <Button type="submit" loading={isSubmitting}>
                      {t("profile.savePassword")}
                    </Button>
                  </Dialog.Footer>
                </Form>
              )}
            </Formik>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("messages:actions.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
