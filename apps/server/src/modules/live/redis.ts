/**
 * Several instances behind one load balancer: the socket.io Redis adapter carries every room broadcast
 * (`conversation_update` to the agents, `agent_message` to a visitor) to the sockets on the other
 * instances. Without `REDIS_URL` the default in-process adapter serves one instance.
 */
import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";

export interface RedisSettings {
  url: string;
  /** The prefix of the adapter's channels: instances that share it hear each other (default `socket.io`). */
  key?: string;
}

export function redisSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): RedisSettings | undefined {
  const url = env.REDIS_URL?.trim();
  if (!url) return undefined;
  const key = env.REDIS_SOCKET_KEY?.trim();
  return { url, key: key || undefined };
}

export async function connectRedisAdapter(settings: RedisSettings, logError: (message: string, error: unknown) => void) {
  const publisher = createClient({ url: settings.url });
  const subscriber = publisher.duplicate();
  publisher.on("error", (error: unknown) => logError("the Redis connection (publish) failed", error));
  subscriber.on("error", (error: unknown) => logError("the Redis connection (subscribe) failed", error));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  return {
    adapter: createAdapter(publisher, subscriber, { key: settings.key ?? "socket.io" }),
    async close() {
      await Promise.allSettled([publisher.close(), subscriber.close()]);
    },
  };
}
