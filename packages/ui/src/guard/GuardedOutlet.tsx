import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Outlet, useLoaderData, useNavigate } from "react-router-dom";
import { selectConfiguration } from "../configuration/selection";
import { NotAuthorizedPage, ServerErrorPage } from "../screens/MessagePage";
import { clearSession } from "../session/session";
import type { GuardResult } from "./loader";

export interface GuardedOutletProps {
  /** The other portal, for people whose role belongs there. */
  otherPortalUrl: string;
  otherPortalName: string;
  children?: ReactNode;
}

/** Renders what the guard loader decided: the routed page, not-authorized or server unavailable. */
export function GuardedOutlet({ otherPortalUrl, otherPortalName, children }: GuardedOutletProps) {
  const result = useLoaderData() as GuardResult | undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (result?.kind === "not_authorized") {
    return (
      <NotAuthorizedPage
        otherPortalUrl={otherPortalUrl}
        otherPortalName={otherPortalName}
        onLogout={() => {
          clearSession();
          selectConfiguration(null);
          queryClient.clear();
          navigate("/login");
        }}
      />
    );
  }
  if (result?.kind === "unavailable") return <ServerErrorPage />;
  return <>{children ?? <Outlet />}</>;
}
