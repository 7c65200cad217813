import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * Secrets the server must use later (a customer's webshop API key) are stored sealed: AES-256-GCM under a key
 * derived from the server's secret, so a copy of the database alone does not give them away. A value sealed
 * under another server secret (it was changed) does not open; the customer saves it again.
 */

const version = "v1";

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or undefined when the value was not sealed by this box (another secret, or tampered with). */
  open(sealed: string): string | undefined;
}

export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "parley sealed secrets", purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed) {
      if (!sealed.startsWith(`${version}:`)) return undefined;
      const bytes = Buffer.from(sealed.slice(version.length + 1), "base64url");
      if (bytes.length < 28) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return undefined;
      }
    },
  };
}
