// For the tests of the socket event lists: the contract's socket document (openapi/asyncapi.yaml), read.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parse } from "yaml";

interface Ref {
  $ref: string;
}
interface Channel {
  address: string;
  messages: Record<string, Ref>;
  bindings?: { ws?: { query?: { properties?: Record<string, unknown>; required?: string[] } } };
}
interface Payload {
  properties?: Record<string, unknown>;
  required?: string[];
}
interface AsyncApi {
  channels: Record<string, Channel>;
  operations: Record<string, { action: "send" | "receive"; channel: Ref; messages: Ref[]; reply?: unknown }>;
  components: { messages: Record<string, { name: string; payload?: Payload }> };
}

export const socketDocumentPath = createRequire(import.meta.url).resolve("@parley/openapi/asyncapi.yaml");
const document = parse(readFileSync(socketDocumentPath, "utf8")) as AsyncApi;

function follow<T>(ref: Ref): T {
  return ref.$ref
    .slice(2)
    .split("/")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], document) as T;
}

/** The channel of a socket.io namespace (`/live`, `/chat`), or undefined when the document has none. */
export function socketChannel(namespace: string): Channel | undefined {
  return Object.values(document.channels).find((channel) => channel.address === namespace);
}

/** The names of the events the server sends (`send`) or receives (`receive`) on a namespace, sorted. */
export function eventsOf(namespace: string, action: "send" | "receive", acknowledgedOnly = false): string[] {
  const key = Object.entries(document.channels).find(([, channel]) => channel.address === namespace)?.[0];
  return Object.values(document.operations)
    .filter((operation) => operation.action === action && operation.channel.$ref === `#/channels/${key}`)
    .filter((operation) => !acknowledgedOnly || operation.reply !== undefined)
    .flatMap((operation) => operation.messages.map((ref) => follow<{ name: string }>(follow<Ref>(ref)).name))
    .sort();
}

/** The payload schema of the message a namespace's channel names `name`, or undefined when there is none. */
export function messagePayloadOf(namespace: string, name: string): Payload | undefined {
  const channel = socketChannel(namespace);
  return Object.values(channel?.messages ?? {})
    .map((ref) => follow<{ name: string; payload?: Payload }>(ref))
    .find((message) => message.name === name)?.payload;
}
