import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { configure, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/client";
import { namespaceLoader } from "../../i18n/namespaces";
import { i18n, setupI18n } from "../../i18n/setup";
import { createQueryClient } from "../../providers";
import { fullSystem } from "../../theme/fullSystem";
import { PaymentSuccessPage } from "../screens";
import { fakeTrainingServer } from "../training/fakeServer.test-support";

configure({ asyncUtilTimeout: 10_000 });

describe("the payment return page as the portals route it", { timeout: 30_000 }, () => {
  it("loads its own texts outside the shell, before any page route registered the features' namespaces", async () => {
    await setupI18n("en");
    expect(namespaceLoader("billing")).toBeUndefined();
    const server = fakeTrainingServer({});
    const router = createMemoryRouter([{ path: "/payment-success", element: <Suspense fallback={<p>Loading</p>}><PaymentSuccessPage /></Suspense> }], {
      initialEntries: ["/payment-success"],
    });
    render(
      <ChakraProvider value={fullSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={createQueryClient()}>
            <ApiProvider api={server.api}>
              <RouterProvider router={router} />
            </ApiProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>,
    );
    expect(await screen.findByText("No payment to check")).toBeTruthy();
    expect(namespaceLoader("billing")).toBeDefined();
  });
});
