import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenService } from "./jwt";

const secret = "jwt-test-secret-0123456789-0123456789-0123";
const claims = { userId: "u1", role: "customer" as const, customerId: "c1", version: 3 };

describe("tokens", () => {
  it("signs HS256 tokens for issuer parley and audience parley-portal that verify to their claims", async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign(claims);
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString());
    expect(header.alg).toBe("HS256");
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(payload).toMatchObject({ iss: "parley", aud: "parley-portal", sub: "u1" });
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    expect(await tokens.verify(token)).toMatchObject(claims);
    // Again, from the verified-token cache.
    expect(await tokens.verify(token)).toMatchObject(claims);
  });

  it("refuses another secret, another audience, alg none and an expired token", async () => {
    const tokens = createTokenService(secret);
    expect(await createTokenService("another-secret-0123456789-0123456789-01").verify(await tokens.sign(claims))).toBeNull();
    const key = new TextEncoder().encode(secret);
    const wrongAudience = await new SignJWT({ role: "admin", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("u1")
      .setIssuer("parley")
      .setAudience("someone-else")
      .setExpirationTime("1h")
      .sign(key);
    expect(await tokens.verify(wrongAudience)).toBeNull();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: "u1", role: "admin", iss: "parley", aud: "parley-portal", exp: 9_999_999_999 }),
    ).toString("base64url")}.`;
    expect(await tokens.verify(unsigned)).toBeNull();
    const expired = await new SignJWT({ role: "admin", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("u1")
      .setIssuer("parley")
      .setAudience("parley-portal")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    expect(await tokens.verify(expired)).toBeNull();
  });
});
