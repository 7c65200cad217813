import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  DomainError,
  canTryOneTimeCode,
  errorMessages,
  isAdmin,
  newOneTimeCode,
  successMessages,
  oneTimeCodeLifetimeMs,
  passwordResetLinkLifetimeMs,
} from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { TokenClaims, TokenService } from "../../platform/auth/jwt";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../platform/auth/passwords";
import type { Mailer } from "../../platform/mail/mailer";
import { oneTimeCodeMail, passwordResetMail } from "../../platform/mail/templates";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { findUserByEmail, findUserById, insertUser, lockUserById, toUser, updateUser, type UserRecord } from "../users/repository";
import { identityScope, scopeOf } from "../tenancy";
import { createSessionUsers } from "../users/session-cache";
import * as repository from "./repository";
import { assertNamesGiven, assertPasswordsMatch, assertStrongPassword } from "./rules";

const minute = 60_000;
const oneTimeCodeValidMinutes = Math.round(oneTimeCodeLifetimeMs / minute);
const passwordResetValidMinutes = Math.round(passwordResetLinkLifetimeMs / minute);

export interface AccountsDependencies {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  /** Origin of the customer portal, for links in e-mails. */
  publicUrl: string;
  /** Keys the hashes of one-time codes, so a leaked table does not give the 6-digit codes away. */
  codeSecret: string;
  googleEnabled: boolean;
  logError: (message: string, error: unknown) => void;
}

export function claimsOf(user: UserRecord): TokenClaims {
  return { userId: user.id, role: user.role, customerId: user.customer_id, version: user.token_version };
}

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function createAccountsService(deps: AccountsDependencies) {
  const { db, tokens, mailer } = deps;
  const sessionUsers = createSessionUsers(db);

  const codeHash = (email: string, code: string) =>
    createHmac("sha256", deps.codeSecret).update(`${email.toLowerCase()}:${code}`).digest("hex");

  const sameHash = (left: string, right: string) =>
    left.length === right.length && timingSafeEqual(Buffer.from(left), Buffer.from(right));

  async function signIn(user: UserRecord) {
    return { user: toUser(user), token: await tokens.sign(claimsOf(user)) };
  }

  /** The caller behind a token: valid signature, a user that still exists, is active and not revoked. */
  async function authenticate(token: string): Promise<Caller | null> {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const user = await sessionUsers.userFor(claims);
    if (!user || user.status !== "active" || user.token_version !== claims.version) return null;
    return {
      userId: user.id,
      role: user.role,
      customerId: user.customer_id,
      email: user.email,
      language: user.language,
    };
  }

  return {
    authenticate,

    async login(username: string, password: string) {
      const user = await findUserByEmail(db, identityScope, username.trim());
      if (!user) {
        await burnPasswordCheck(password);
        throw new DomainError("invalid_credentials", undefined, 401);
      }
      if (!(await verifyPassword(user.password_hash, password))) {
        throw new DomainError("invalid_credentials", undefined, 401);
      }
      if (user.status !== "active") throw new DomainError("account_inactive", undefined, 403);
      const { user: publicUser, token } = await signIn(user);
      return {
        status: "success" as const,
        user: publicUser,
        token,
        forceRefreshPassword: user.force_refresh_password,
        showWizard: user.show_wizard,
        showInstructions: user.show_instructions,
      };
    },

    async validateToken(token: string) {
      const claims = await tokens.verify(token);
      const caller = claims ? await authenticate(token) : null;
      // Spec 02 §8: the route guard's check failing is 'Token validation failed' (a token login says 'Invalid token').
      if (!claims || !caller) throw new DomainError("token_validation_failed", undefined, 401);
      return {
        status: "success" as const,
        payload: {
          id: caller.userId,
          role: caller.role,
          customerId: caller.customerId,
          username: caller.email,
          ...(claims.issuedAt !== undefined ? { iat: claims.issuedAt } : {}),
          ...(claims.expiresAt !== undefined ? { exp: claims.expiresAt } : {}),
        },
      };
    },

    async validateTokenLogin(token: string) {
      const caller = await authenticate(token);
      const user = caller ? await findUserById(db, scopeOf(caller), caller.userId) : undefined;
      if (!user) throw new DomainError("invalid_token", undefined, 401);
      return { ...toUser(user), status: "success" as const, token };
    },

    /**
     * A signed-in user sets a new password. Unless the user is being made to (forceRefreshPassword), the
     * current password proves it is them and not someone holding their open session. Every other session
     * ends; the caller carries on with the new token in the answer.
     */
    async refreshPassword(caller: Caller, input: BodyOf<"refreshPassword">) {
      assertPasswordsMatch(input.password, input.confirmPassword);
      assertStrongPassword(input.password);
      const user = await findUserById(db, scopeOf(caller), caller.userId);
      if (!user) throw new DomainError("invalid_token", undefined, 401);
      if (!user.force_refresh_password) {
        const current = input.currentPassword;
        if (current === undefined || current === "") {
          throw new DomainError("validation_failed", errorMessages.field_required, 400, [
            { path: "currentPassword", message: errorMessages.field_required },
          ]);
        }
        if (!(await verifyPassword(user.password_hash, current))) {
          throw new DomainError("invalid_credentials", undefined, 400, [
            { path: "currentPassword", message: errorMessages.invalid_credentials },
          ]);
        }
      }
      const passwordHash = await hashPassword(input.password);
      const updated = await db.transaction(async (tx) => {
        // The password checked above must still be the user's: of two changes at once the later one is
        // refused, as it would be after the first, instead of undoing it with both told it worked.
        const locked = await lockUserById(tx, scopeOf(caller), caller.userId);
        if (locked && locked.password_hash !== user.password_hash) {
          throw new DomainError("invalid_credentials", undefined, 400, [{ path: "currentPassword", message: errorMessages.invalid_credentials }]);
        }
        return updateUser(tx, scopeOf(caller), caller.userId, { password_hash: passwordHash, force_refresh_password: false });
      });
      if (!updated) throw new DomainError("invalid_token", undefined, 401);
      return { status: "success" as const, message: "Password updated successfully", token: await tokens.sign(claimsOf(updated)) };
    },

    /** `user` was loaded within the caller's scope; users change their own flags, an admin anyone's. */
    async updateShowInstructions(caller: Caller, user: UserRecord, showInstructions: boolean, showWizard?: boolean) {
      if (caller.role !== "admin" && user.id !== caller.userId) throw new DomainError("not_found", undefined, 404);
      const updated = await updateUser(db, scopeOf(caller), user.id, { show_instructions: showInstructions, show_wizard: showWizard });
      if (!updated) throw new DomainError("not_found", undefined, 404);
      return { status: "success" as const, message: successMessages.data_saved };
    },

    async setAvailability(caller: Caller, isAvailable: boolean) {
      await updateUser(db, scopeOf(caller), caller.userId, { is_available: isAvailable });
      return { status: "success" as const, data: { user_id: caller.userId, is_available: isAvailable } };
    },

    async validateEmail(email: string) {
      if (await findUserByEmail(db, identityScope, email)) throw new DomainError("account_exists", undefined, 409);
      return { status: "success" as const, message: "This e-mail address can be used" };
    },

    async register(input: BodyOf<"register">) {
      assertNamesGiven({ firstname: input.firstname, lastname: input.lastname });
      assertPasswordsMatch(input.password, input.confirmPassword);
      assertStrongPassword(input.password);
      const email = input.email.trim();
      if (await findUserByEmail(db, identityScope, email)) throw new DomainError("account_exists", undefined, 409);
      const code = newOneTimeCode((max) => randomInt(0, max));
      await repository.savePendingRegistration(
        db,
        {
          email,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          password_hash: await hashPassword(input.password),
          language: input.languageCode,
          code_hash: codeHash(email, code),
        },
        oneTimeCodeValidMinutes,
      );
      await mailer.send({
        to: email,
        ...oneTimeCodeMail(input.languageCode, input.firstname.trim(), code, oneTimeCodeValidMinutes),
      });
      return { status: "success" as const, message: "A code was sent to your e-mail address.", user: null, token: null };
    },

    async validateOtp(email: string, otp: string) {
      const outcome = await db.transaction(async (tx) => {
        const pending = await repository.findPendingRegistration(tx, email.trim());
        if (!pending || pending.expired || !canTryOneTimeCode(pending.failed_attempts)) return "invalid" as const;
        if (!sameHash(pending.code_hash, codeHash(pending.email, otp))) {
          await repository.countFailedAttempt(tx, pending.email);
          return "invalid" as const;
        }
        await repository.deletePendingRegistration(tx, pending.email);
        if (await findUserByEmail(tx, identityScope, pending.email)) return "exists" as const;
        return insertUser(tx, {
          customerId: null,
          email: pending.email,
          username: pending.email,
          firstname: pending.firstname,
          lastname: pending.lastname,
          passwordHash: pending.password_hash,
          role: "customer_so",
          showWizard: true,
          showInstructions: false,
          language: pending.language,
        });
      });
      if (outcome === "invalid") throw new DomainError("invalid_otp", undefined, 400, [{ path: "otp", message: "Invalid code, please check your email for the correct code." }]);
      if (outcome === "exists") throw new DomainError("account_exists", undefined, 409);
      const { user, token } = await signIn(outcome);
      return { status: "success" as const, user, token, message: "Your account was created." };
    },

    async requestPasswordReset(email: string) {
      const user = await findUserByEmail(db, identityScope, email.trim());
      if (user && user.status === "active") {
        const token = randomBytes(32).toString("base64url");
        await repository.saveResetToken(db, user.id, sha256(token), passwordResetValidMinutes);
        // Each portal signs in only its own roles, so an admin's link opens the admin portal.
        const portal = isAdmin(user.role) ? "/admin" : "";
        const link = `${deps.publicUrl}${portal}/reset-password?token=${encodeURIComponent(token)}`;
        // Sent without waiting, so known and unknown addresses answer alike.
        void mailer
          .send({ to: user.email, ...passwordResetMail(user.language, user.firstname, link, passwordResetValidMinutes) })
          .catch((error: unknown) => deps.logError("password reset e-mail failed", error));
      }
      return {
        status: "success" as const,
        message: "If this address has an account, we sent a link to reset the password.",
      };
    },

    /** Unknown, used and expired tokens answer alike, so the answer tells nothing more than "usable or not". */
    async checkPasswordResetToken(token: string) {
      return { valid: await repository.isResetTokenUsable(db, sha256(token)) };
    },

    async resetPassword(token: string, password: string, confirmPassword: string) {
      assertPasswordsMatch(password, confirmPassword);
      assertStrongPassword(password);
      const passwordHash = await hashPassword(password);
      // Only the e-mailed link's token: a session token here would let whoever holds a session set the
      // password without knowing it (signed-in users change it with refreshPassword). The link is spent
      // and the password set together, and every session of the user ends.
      const changed = await db.transaction(async (tx) => {
        const userId = await repository.consumeResetToken(tx, sha256(token));
        if (!userId) return false;
        await updateUser(tx, identityScope, userId, { password_hash: passwordHash, force_refresh_password: false });
        return true;
      });
      if (!changed) throw new DomainError("password_reset_failed", undefined, 400);
      return { status: "success" as const, message: "Password updated successfully" };
    },

    authMethods() {
      return { google: deps.googleEnabled, password: true as const };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
