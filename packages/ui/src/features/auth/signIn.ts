import { isRole } from "@parley/domain/roles";
import { selectConfiguration } from "../../configuration/selection";
import { changeLanguage } from "../../i18n/setup";
import { isLanguageCode } from "@parley/domain/locale";
import { homePathIn, type PortalKind } from "../../guard/decide";
import { setSession, type SessionUser } from "../../session/session";

export interface SignInAnswer {
  token: string;
  user: SessionUser;
  forceRefreshPassword?: boolean;
  showWizard?: boolean;
  showInstructions?: boolean;
}

/** Only in-app paths may be followed after sign-in (no `//host` or absolute URLs). */
export function safeRedirect(target: string | null): string | null {
  return target && target.startsWith("/") && !target.startsWith("//") ? target : null;
}

/** Stores a fresh session and says where to go next inside `portal`, the portal signed in to. */
export async function completeSignIn(answer: SignInAnswer, redirect: string | null, portal: PortalKind): Promise<string> {
  const user: SessionUser = {
    ...answer.user,
    forceRefreshPassword: answer.forceRefreshPassword ?? answer.user.forceRefreshPassword ?? false,
    showWizard: answer.showWizard ?? answer.user.showWizard ?? false,
    showInstructions: answer.showInstructions ?? answer.user.showInstructions ?? false,
  };
  setSession(answer.token, user);
  // A choice of the previous account must not carry over to this one.
  selectConfiguration(null);
  if (isLanguageCode(user.languageCode) && !localStorage.getItem("parley.language")) await changeLanguage(user.languageCode);
  if (user.forceRefreshPassword) return "/reset-password";
  return safeRedirect(redirect) ?? (isRole(user.role) ? homePathIn(portal, user.role) : "/");
}
