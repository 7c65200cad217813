import { createSecretKey, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import { isId } from "../ids";

export const TOKEN_ALGORITHM = "HS256";
export const TOKEN_ISSUER = "parley";
export const TOKEN_AUDIENCE = "parley-portal";
// A working day; the portal validates on every navigation and sends people to login after.
export const TOKEN_LIFETIME = "12h";

export interface TokenClaims {
  userId: string;
  role: "admin" | "customer" | "customer_so";
  customerId: string | null;
  /** The user's token_version when the token was issued. */
  version: number;
}

export interface VerifiedClaims extends TokenClaims {
  /** Seconds since the epoch. */
  issuedAt?: number;
  expiresAt?: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (bad signature, expired, wrong audience). */
  verify(token: string): Promise<VerifiedClaims | null>;
}

// Verified tokens, so a client sending the same token again costs no signature check. Entries are
// used only until the token's own expiry; the cache is emptied when it grows past its bound.
const maxVerifiedTokens = 10_000;

export function createTokenService(secret: string): TokenService {
  // A KeyObject made once: passing raw bytes would make jose import a key on every call.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  const verified = new Map<string, VerifiedClaims>();
  return {
    async sign(claims) {
      return new SignJWT({ role: claims.role, customerId: claims.customerId, ver: claims.version })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt !== undefined && known.expiresAt * 1000 > Date.now()) return known;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [TOKEN_ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          // A token that never expires, or says nothing of when it was issued, is not one we signed.
          requiredClaims: ["exp", "iat", "sub"],
        });
        const role = payload.role;
        if (!isId(payload.sub) || typeof payload.ver !== "number" || (role !== "admin" && role !== "customer" && role !== "customer_so")) {
          return null;
        }
        const claims: VerifiedClaims = {
          userId: payload.sub,
          role,
          customerId: typeof payload.customerId === "string" ? payload.customerId : null,
          version: payload.ver,
          issuedAt: payload.iat,
          expiresAt: payload.exp,
        };
        if (verified.size >= maxVerifiedTokens) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

/** JWT_SECRET when set; otherwise a secret generated once and kept in the data folder. */
export async function loadOrCreateSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, "jwt-secret");
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, secret + "\n", { mode: 0o600 });
  return secret;
}
