import type { createClient } from "redis";
import type { ThreadEvent } from "./types";

/*
 * Redis pub/sub between instances: every published event goes to one channel, and every instance
 * listening hands what it hears to its own hub. Pub/sub keeps nothing: the change log in the
 * database stays the record a reconnecting tab replays from.
 */

const CHANNEL = "longrun:thread-events";

type RedisClient = ReturnType<typeof createClient>;

export type RedisBus = {
  publish(events: readonly ThreadEvent[]): Promise<void>;
  close(): Promise<void>;
};

export async function connectRedisBus(url: string, onEvent: (event: ThreadEvent) => void): Promise<RedisBus> {
  // Loaded only when REDIS_URL is set: a single instance never holds the client's code.
  const { createClient } = await import("redis");
  const publisher: RedisClient = createClient({ url });
  publisher.on("error", (e) => console.error("[events] redis publisher", e));
  const subscriber = publisher.duplicate();
  subscriber.on("error", (e) => console.error("[events] redis subscriber", e));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL, (message) => {
    try {
      onEvent(JSON.parse(message) as ThreadEvent);
    } catch (e) {
      console.error("[events] unreadable message", e);
    }
  });
  return {
    async publish(events) {
      for (const event of events) await publisher.publish(CHANNEL, JSON.stringify(event));
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
