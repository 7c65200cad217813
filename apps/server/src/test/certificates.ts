import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A self-signed certificate for 127.0.0.1 and fixture.test, made for this run (nothing secret is committed). */
export function selfSignedCertificate(): { key: string; cert: string } {
  const folder = mkdtempSync(join(tmpdir(), "parley-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=fixture.test"],
        ...["-addext", "subjectAltName=IP:127.0.0.1,DNS:fixture.test"],
        ...["-keyout", join(folder, "key.pem"), "-out", join(folder, "cert.pem")],
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(folder, "key.pem"), "utf8"), cert: readFileSync(join(folder, "cert.pem"), "utf8") };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
