import { ChakraProvider } from "@chakra-ui/react";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { registerFeatureNamespaces } from "../features/featureNamespaces";
import { i18n, loadNamespaces, setupI18n } from "../i18n/setup";
import { allNamespaceLoaders } from "../i18n/locale-keys";
import type { Namespace } from "../i18n/namespaces";
import { fullSystem } from "../theme/fullSystem";

/** Renders with the full Chakra system and the English texts of every namespace. */
export async function renderWithUi(element: ReactElement): Promise<RenderResult> {
  await setupI18n("en");
  if (i18n.language !== "en") await i18n.changeLanguage("en");
  // The features' loaders, registered as the page routes do.
  registerFeatureNamespaces();
  await loadNamespaces(Object.keys(allNamespaceLoaders) as Namespace[]);
  return render(
    <ChakraProvider value={fullSystem}>
      <I18nextProvider i18n={i18n}>{element}</I18nextProvider>
    </ChakraProvider>,
  );
}
