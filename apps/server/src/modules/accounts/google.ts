import { randomBytes, timingSafeEqual } from "node:crypto";
import { DomainError, type ErrorCode } from "@parley/domain";
import { defaultLanguage, isLanguageCode } from "@parley/domain/locale";
import type { FastifyRequest } from "fastify";
import { SignJWT, jwtVerify } from "jose";
import type { Db } from "../../platform/db/db";
import type { TokenService } from "../../platform/auth/jwt";
import { hashPassword } from "../../platform/auth/passwords";
import type { OperationTable } from "../../platform/http/operations";
import { identityScope } from "../tenancy";
import { findUserByEmail, insertUser, isEmailTaken } from "../users/repository";
import { claimsOf } from "./service";

/** Google sign-in (OAuth 2.0 authorization code flow). Endpoints are settable so tests can use a loopback provider. */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** Where Google sends the browser back: this server's /api/auth/google/callback. */
  redirectUrl: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export const googleEndpoints = {
  authUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
};

const stateCookie = "parley_google_state";
const stateAudience = "parley-google-state";
// Long enough to pick an account on Google's screen.
const stateLifetime = "10m";

interface StateClaims {
  portal: "customer" | "admin";
  languageCode: string;
  binding: string;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

function sameText(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface GoogleDependencies {
  db: Db;
  tokens: TokenService;
  secret: string;
  publicUrl: string;
  google?: GoogleSettings;
  logError: (message: string, error: unknown) => void;
}

export function googleOperations(deps: GoogleDependencies): OperationTable {
  const stateKey = new TextEncoder().encode(`google-state:${deps.secret}`);
  const configured = () => {
    if (!deps.google) throw new DomainError("service_unavailable", "Google sign-in is not configured", 503);
    return deps.google;
  };
  const portalCallback = (portal: "customer" | "admin", query: Record<string, string>) =>
    `${deps.publicUrl}${portal === "admin" ? "/admin" : ""}/login/google/callback?${new URLSearchParams(query)}`;

  async function readState(request: FastifyRequest, state: string | undefined): Promise<StateClaims | null> {
    if (!state) return null;
    try {
      const { payload } = await jwtVerify(state, stateKey, { algorithms: ["HS256"], issuer: "parley", audience: stateAudience });
      const claims = payload as unknown as StateClaims;
      const cookie = readCookie(request, stateCookie);
      // The state must come back to the browser that started the sign-in (no login CSRF).
      if (!cookie || typeof claims.binding !== "string" || !sameText(cookie, claims.binding)) return null;
      return { portal: claims.portal === "admin" ? "admin" : "customer", languageCode: claims.languageCode, binding: claims.binding };
    } catch {
      return null;
    }
  }

  async function googleProfile(google: GoogleSettings, code: string) {
    const tokenResponse = await fetch(google.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        code,
        client_id: google.clientId,
        client_secret: google.clientSecret,
        redirect_uri: google.redirectUrl,
        grant_type: "authorization_code",
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!tokenResponse.ok) throw new Error(`Google token endpoint answered ${tokenResponse.status}`);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: string };
    if (!accessToken) throw new Error("Google answered no access token");
    const profileResponse = await fetch(google.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!profileResponse.ok) throw new Error(`Google userinfo endpoint answered ${profileResponse.status}`);
    return (await profileResponse.json()) as { email?: string; email_verified?: boolean; given_name?: string; family_name?: string };
  }

  return {
    startGoogleSignIn: async (request, reply) => {
      const google = configured();
      const query = request.query;
      const binding = randomBytes(24).toString("base64url");
      const state = await new SignJWT({ portal: query.portal ?? "customer", languageCode: query.languageCode ?? defaultLanguage, binding })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("parley")
        .setAudience(stateAudience)
        .setIssuedAt()
        .setExpirationTime(stateLifetime)
        .sign(stateKey);
      const url = new URL(google.authUrl);
      url.search = new URLSearchParams({
        client_id: google.clientId,
        redirect_uri: google.redirectUrl,
        response_type: "code",
        scope: "openid email profile",
        state,
        prompt: "select_account",
      }).toString();
      reply.header("set-cookie", `${stateCookie}=${binding}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=600`);
      return reply.redirect(url.toString(), 302);
    },

    googleSignInCallback: async (request, reply) => {
      const google = configured();
      const query = request.query;
      const state = await readState(request, query.state);
      const portal = state?.portal ?? "customer";
      const fail = (code: ErrorCode) => reply.redirect(portalCallback(portal, { error: code }), 302);
      reply.header("set-cookie", `${stateCookie}=; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=0`);
      if (query.error || !query.code || !state) return fail("login_failed");

      let profile;
      try {
        profile = await googleProfile(google, query.code);
      } catch (error) {
        deps.logError("Google sign-in failed", error);
        return fail("login_failed");
      }
      if (!profile.email || profile.email_verified !== true) return fail("login_failed");

      let user = await findUserByEmail(deps.db, identityScope, profile.email);
      if (user && user.status !== "active") return fail("account_inactive");
      if (!user) {
        // A first Google sign-in registers a self-onboarding account, like /register does.
        try {
          user = await insertUser(deps.db, {
            customerId: null,
            email: profile.email,
            username: profile.email,
            firstname: profile.given_name ?? "",
            lastname: profile.family_name ?? "",
            passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
            role: "customer_so",
            showWizard: true,
            language: isLanguageCode(state.languageCode) ? state.languageCode : defaultLanguage,
          });
        } catch (error) {
          // Another first sign-in with the address (a second tab) registered it meanwhile: sign in as that user.
          if (!isEmailTaken(error)) throw error;
          user = await findUserByEmail(deps.db, identityScope, profile.email);
          if (!user) return fail("login_failed");
        }
      }
      const token = await deps.tokens.sign(claimsOf(user));
      return reply.redirect(portalCallback(portal, { token }), 302);
    },
  };
}
