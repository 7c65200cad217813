import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenService } from "./jwt";

const secret = "jwt-test-secret-0123456789-0123456789-0123";
const userId = "8d3c2a5e-1f4b-4c6d-9e7f-0a1b2c3d4e5f";
const claims = { userId, role: "customer" as const, customerId: "c1", version: 3 };
const key = new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the right key, issuer and audience, with the given claims and registered claims. */
function forged(payload: Record<string, unknown>, registered: { sub?: string; exp?: number; iat?: number }) {
  let jwt = new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).setIssuer("parley").setAudience("parley-portal");
  if (registered.sub !== undefined) jwt = jwt.setSubject(registered.sub);
  if (registered.iat !== undefined) jwt = jwt.setIssuedAt(registered.iat);
  if (registered.exp !== undefined) jwt = jwt.setExpirationTime(registered.exp);
  return jwt.sign(key);
}

describe("tokens", () => {
  it("signs HS256 tokens for issuer parley and audience parley-portal that verify to their claims", async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign(claims);
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString());
    expect(header.alg).toBe("HS256");
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(payload).toMatchObject({ iss: "parley", aud: "parley-portal", sub: userId });
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    expect(await tokens.verify(token)).toMatchObject(claims);
    // Again, from the verified-token cache.
    expect(await tokens.verify(token)).toMatchObject(claims);
  });

  it("refuses another secret, another audience, alg none and an expired token", async () => {
    const tokens = createTokenService(secret);
    expect(await createTokenService("another-secret-0123456789-0123456789-01").verify(await tokens.sign(claims))).toBeNull();
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

  it("refuses a well-signed token without an expiry or issue time, or whose subject or version is not ours", async () => {
    const tokens = createTokenService(secret);
    const good = { role: "admin", ver: 0 };
    expect(await tokens.verify(await forged(good, { sub: userId, iat: now(), exp: now() + 3600 }))).toMatchObject({ userId });
    expect(await tokens.verify(await forged(good, { sub: userId, iat: now() }))).toBeNull();
    expect(await tokens.verify(await forged(good, { sub: userId, exp: now() + 3600 }))).toBeNull();
    expect(await tokens.verify(await forged(good, { iat: now(), exp: now() + 3600 }))).toBeNull();
    for (const sub of ["u1", "1 OR 1=1", "", `${userId}\u0000`]) {
      expect(await tokens.verify(await forged(good, { sub, iat: now(), exp: now() + 3600 }))).toBeNull();
    }
    expect(await tokens.verify(await forged({ role: "admin" }, { sub: userId, iat: now(), exp: now() + 3600 }))).toBeNull();
  });
});
