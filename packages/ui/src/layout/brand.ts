import { createContext, useContext } from "react";

/**
 * The product name a portal shows on its pages outside the shell (sign-in, error and information pages):
 * "Parley Admin" in the admin portal, "Parley" in the customer portal. `bootPortal` provides it.
 */
export const BrandContext = createContext("Parley");

export function useBrand(): string {
  return useContext(BrandContext);
}
