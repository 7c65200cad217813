import { useQueryClient } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";
import { Outlet, useLoaderData, useNavigate } from "react-router-dom";
import { selectConfiguration } from "../configuration/selection";
import { NotAuthorizedPage, ServerErrorPage } from "../features/screens";
import { PageLoader } from "../routing";
import { clearSession } from "../session/session";
import type { GuardResult } from "./loader";


export interface GuardedOutletProps {
  /** The other portal, for people whose role belongs there. */
  otherPortalUrl: string;
  /** i18n key of the other portal's name, e.g. `portals.admin`. */
  otherPortalNameKey: string;
  children?: ReactNode;
}

/** Renders what the guard loader decided: the routed page, not-authorized or server unavailable. */
export function GuardedOutlet({ otherPortalUrl, otherPortalNameKey, children }: GuardedOutletProps) {
  const result = useLoaderData() as GuardResult | undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (result?.kind === "not_authorized") {
    return (
      <Suspense fallback={<PageLoader />}>
        <NotAuthorizedPage
          otherPortalUrl={otherPortalUrl}
          otherPortalNameKey={otherPortalNameKey}
          onLogout={() => {
            clearSession();
            selectConfiguration(null);
            queryClient.clear();
            navigate("/login");
          }}
        />
      </Suspense>
    );
  }
  if (result?.kind === "unavailable") {
    return (
      <Suspense fallback={<PageLoader />}>
        <ServerErrorPage />
      </Suspense>
    );
  }
  return <>{children ?? <Outlet />}</>;
}
