/*
 * Twilio's Messages API, the way its own SDK calls it: `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`
 * with HTTP Basic auth (account SID and auth token) and a form body (`To`, `From`, `Body`); 201 with the message
 * (`sid`, `status: "queued"`), or an error body `{"code": 21211, "message": "…", "more_info": "…", "status": 400}`.
 * The address is Twilio's (TWILIO_API_BASE_URL only for tests and regional edges), not a customer's, so it is
 * called directly rather than through the guarded outbound client.
 */

export const defaultTwilioBaseUrl = "https://api.twilio.com";
/** A message is handed to Twilio within this, or the action fails (the visitor's answer does not wait longer). */
export const twilioTimeoutMs = 10_000;

export interface TwilioAccount {
  sid: string;
  authToken: string;
}

export interface SmsToSend {
  from: string;
  to: string;
  body: string;
}

export class TwilioError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = "TwilioError";
  }
}

/** Sends one SMS; answers Twilio's message sid. */
export async function sendTwilioSms(baseUrl: string, account: TwilioAccount, sms: SmsToSend, timeoutMs = twilioTimeoutMs): Promise<string> {
  const url = `${baseUrl.replace(/\/+$/u, "")}/2010-04-01/Accounts/${encodeURIComponent(account.sid)}/Messages.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${account.sid}:${account.authToken}`, "utf8").toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({ To: sms.to, From: sms.from, Body: sms.body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new TwilioError(`Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
  if (response.status !== 201 && response.status !== 200) {
    const code = typeof body.code === "number" ? body.code : undefined;
    const reason = typeof body.message === "string" ? body.message : `status ${response.status}`;
    throw new TwilioError(`Twilio refused the message: ${reason}${code ? ` (error ${code})` : ""}`, response.status, code);
  }
  return typeof body.sid === "string" ? body.sid : "";
}
