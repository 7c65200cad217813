import type { ReactNode } from "react";
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { I18nextProvider } from "react-i18next";
import { ApiProvider, type ParleyApi } from "./api/client";
import { ApiError } from "./api/errors";
import { i18n } from "./i18n/setup";
import { preferencesStore, PreferencesSync } from "./preferences/context";
import { firstRouteSystem } from "./theme/system";
import { useLoadedToaster } from "./toasterSlot";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A client mistake will not go away by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/** Toasts only follow an action on a screen that imports the toaster, so their machinery loads with it. */
function ToastRegion() {
  const Toaster = useLoadedToaster();
  return Toaster ? <Toaster /> : null;
}

export interface AppProvidersProps {
  api: ParleyApi;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a portal needs around its router: Chakra (the first route's system; lazily loaded screens
 * bring the full one), colour mode, i18n, the API and React Query.
 */
export function AppProviders({ api, queryClient, children }: AppProvidersProps) {
  return (
    <ChakraProvider value={firstRouteSystem}>
      <ThemeProvider
        attribute="class"
        disableTransitionOnChange
        enableSystem
        storageKey="parley.theme"
        defaultTheme={preferencesStore.get().theme}
      >
        <I18nextProvider i18n={i18n}>
          <ApiProvider api={api}>
            <QueryClientProvider client={queryClient}>
              <PreferencesSync />
              {children}
              <ToastRegion />
            </QueryClientProvider>
          </ApiProvider>
        </I18nextProvider>
      </ThemeProvider>
    </ChakraProvider>
  );
}
