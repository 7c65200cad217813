import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";
import { withFullSystem } from "./theme/fullSystem";
import { announceToaster } from "./toasterSlot";

/** Toasts close after 5 s, top right (spec 02 §9 toast defaults). */
export const toaster = createToaster({ placement: "top-end", duration: 5000, pauseOnPageIdle: true });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            {toast.type === "loading" ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

// Loading this module (with a screen that toasts) mounts the toast region, in the system with the toast recipe.
announceToaster(withFullSystem(Toaster));
