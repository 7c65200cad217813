import { DomainError } from "@parley/domain";
import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../../platform/http/operations";
import {
  byAddress,
  byBodyField,
  byBodyFieldAtAddress,
  byCaller,
  createLimit,
  createFailureLimit,
  createSlowdown,
  type LimitRule,
  type RateLimitSettings,
} from "../../platform/http/rate-limits";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { AccountsService } from "./service";

export function accountOperations(
  app: FastifyInstance,
  accounts: AccountsService,
  limits: RateLimitSettings | false,
): OperationTable {
  type PerAccount = { address: LimitRule; account: LimitRule };
  const guard = (name: string, rules: (l: RateLimitSettings) => PerAccount, accountField: string) =>
    limits === false
      ? []
      : [
          createLimit(app, `${name}:address`, rules(limits).address, byAddress),
          createLimit(app, `${name}:account`, rules(limits).account, byBodyField(accountField)),
        ];
  const slowdown = limits === false ? undefined : createSlowdown(limits.login.accountSlowdown);
  // Wrong passwords for one account from one address; right ones are never counted.
  const wrongPasswords = limits === false ? undefined : createFailureLimit(limits.login.accountAtAddress, byBodyFieldAtAddress("username"));
  // Checking a reset link and using it share one budget, so checking cannot be used to guess tokens faster.
  const resetTokenLimit = guard("reset-token", (l) => l.passwordReset, "token");

  return {
    login: {
      preHandler:
        limits === false || !wrongPasswords
          ? []
          : [createLimit(app, "login:address", limits.login.address, byAddress), wrongPasswords.check],
      handler: async (request) => {
        const { username, password } = request.body;
        const account = username.trim().toLowerCase();
        await slowdown?.wait(account);
        try {
          const answer = await accounts.login(username, password);
          slowdown?.succeeded(account);
          wrongPasswords?.succeeded(request);
          return answer;
        } catch (error) {
          if (error instanceof DomainError && error.code === "invalid_credentials") {
            slowdown?.failed(account);
            wrongPasswords?.failed(request);
          }
          throw error;
        }
      },
    },
    validateToken: async (request) => accounts.validateToken(request.body.token),
    validateTokenLogin: async (request) => accounts.validateTokenLogin(request.body.token),
    refreshPassword: {
      preHandler: limits === false ? [] : [createLimit(app, "password-change", limits.passwordChange, byCaller)],
      handler: async (request) => {
        return accounts.refreshPassword(callerOf(request), request.body);
      },
    },
    updateShowInstructions: async (request) => {
      const body = request.body;
      return accounts.updateShowInstructions(callerOf(request), requiredTenantOf(request, "user"), body.showInstructions, body.showWizard);
    },
    setUserAvailability: async (request) =>
      accounts.setAvailability(callerOf(request), request.body.is_available),
    validateEmail: {
      preHandler: guard("registration", (l) => l.registration, "email"),
      handler: async (request) => accounts.validateEmail(request.body.email),
    },
    register: {
      preHandler: guard("registration", (l) => l.registration, "email"),
      handler: async (request) => accounts.register(request.body),
    },
    validateOtp: {
      preHandler: guard("otp", (l) => l.oneTimeCode, "email"),
      handler: async (request) => {
        const { email, otp } = request.body;
        return accounts.validateOtp(email, otp);
      },
    },
    requestPasswordReset: {
      preHandler: guard("reset", (l) => l.passwordReset, "email"),
      handler: async (request) => accounts.requestPasswordReset(request.body.email),
    },
    checkPasswordResetToken: {
      preHandler: resetTokenLimit,
      handler: async (request) => accounts.checkPasswordResetToken(request.body.token),
    },
    resetPassword: {
      preHandler: resetTokenLimit,
      handler: async (request) => {
        const body = request.body;
        return accounts.resetPassword(body.token, body.password, body.confirmPassword);
      },
    },
    getAuthMethods: async () => accounts.authMethods(),
  };
}
