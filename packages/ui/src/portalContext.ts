import type { PortalKind } from "@parley/domain/pages";
import { createContext, useContext } from "react";

export interface PortalIdentity {
  kind: PortalKind;
  /** The product name on the pages outside the shell (sign-in, error and information pages). */
  brand: string;
}

/** Which portal the screens run in; `bootPortal` provides it ("Parley Admin" in the admin portal). */
export const PortalContext = createContext<PortalIdentity>({ kind: "customer", brand: "Parley" });

export function usePortal(): PortalIdentity {
  return useContext(PortalContext);
}
