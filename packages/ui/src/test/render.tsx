import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { ApiProvider, type ParleyApi } from "../api/client";
import { i18n, loadNamespaces, setupI18n } from "../i18n/setup";
import { allNamespaceLoaders } from "../i18n/locale-keys";
import { registerNamespaces, type Namespace } from "../i18n/namespaces";
import { createQueryClient } from "../providers";
import { fullSystem } from "../theme/fullSystem";

/** Renders with the full Chakra system and the English texts of every namespace. */
export async function renderWithUi(element: ReactElement): Promise<RenderResult> {
  await setupI18n("en");
  if (i18n.language !== "en") await i18n.changeLanguage("en");
  // The features' namespaces join as the page routes do when the app runs.
  registerNamespaces(allNamespaceLoaders);
  await loadNamespaces(Object.keys(allNamespaceLoaders) as Namespace[]);
  return render(
    <ChakraProvider value={fullSystem}>
      <I18nextProvider i18n={i18n}>{element}</I18nextProvider>
    </ChakraProvider>,
  );
}

/** Renders as `renderWithUi` does, with the portals' query client and the SDK client `api` (a fake server's). */
export function renderWithApi(element: ReactElement, api: ParleyApi): Promise<RenderResult> {
  return renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider api={api}>{element}</ApiProvider>
    </QueryClientProvider>,
  );
}
