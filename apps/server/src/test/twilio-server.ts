import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback server that answers Twilio's Messages API as Twilio does: `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * with HTTP Basic auth of the account SID and auth token and a form body; 201 with the message resource, 401 with
 * Twilio's error body (code 20003) for wrong credentials, 400 (code 21211) for a `To` that is not a phone number.
 * Every request is recorded.
 */

export interface RecordedTwilioRequest {
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface TwilioServer {
  baseUrl: string;
  accounts: Map<string, string>;
  requests: RecordedTwilioRequest[];
  close(): Promise<void>;
}

const error = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export async function startTwilioServer(accounts: Record<string, string>): Promise<TwilioServer> {
  const requests: RecordedTwilioRequest[] = [];
  const known = new Map(Object.entries(accounts));
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(parts).toString("utf8")));
      const path = new URL(request.url ?? "/", "http://loopback").pathname;
      requests.push({ path, headers: request.headers, form });
      const send = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json", "twilio-request-id": `RQ${randomBytes(16).toString("hex")}` }).end(JSON.stringify(body));
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (request.method !== "POST" || !match) return send(404, error(404, 20404, `The requested resource ${path} was not found`));
      const [user, password] = Buffer.from((request.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString("utf8").split(":");
      const sid = decodeURIComponent(match[1]!);
      if (user !== sid || known.get(sid) === undefined || known.get(sid) !== password) return send(401, error(401, 20003, "Authenticate"));
      if (!/^\+\d{6,15}$/.test(form.To ?? "")) return send(400, error(400, 21211, `The 'To' number ${form.To ?? ""} is not a valid phone number.`));
      const messageSid = `SM${randomBytes(16).toString("hex")}`;
      return send(201, {
        account_sid: sid,
        api_version: "2010-04-01",
        body: form.Body,
        date_created: new Date().toUTCString(),
        direction: "outbound-api",
        from: form.From,
        num_segments: "1",
        sid: messageSid,
        status: "queued",
        to: form.To,
        uri: `/2010-04-01/Accounts/${sid}/Messages/${messageSid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accounts: known,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
