import crypto from "node:crypto";

/*
 * Keys come from the runtime, never from the model. A chat key names the user message being
 * answered plus the intent, so regenerating or retrying the reply reuses it while a new request
 * from the person gets a new one. A routine run key names the run and the intent.
 */

const MAX_KEY_CHARS = 200;

function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

/** Long intents (a long subject) are hashed so keys stay bounded; the prefix stays readable. */
function bounded(prefix: string, intent: string): string {
  const key = `${prefix}:${intent}`;
  return key.length <= MAX_KEY_CHARS ? key : `${prefix}:h_${sha256(intent).slice(0, 32)}`;
}

export function runActionKey(runId: string, intent: string): string {
  return bounded(`run_${runId}`, intent);
}

export function chatActionKey(answeredMessageId: string, intent: string): string {
  return bounded(answeredMessageId, intent);
}

/** The user message a chat key names (message ids hold no ":"); null for a routine run's key. */
export function answeredMessageOf(key: string): string | null {
  const prefix = key.slice(0, key.indexOf(":"));
  return prefix && !prefix.startsWith("run_") ? prefix : null;
}

export function threadScope(threadId: string): string {
  return `thread:${threadId}`;
}

/**
 * A chat's actions are scoped by workspace: a thread continued in a new chat (same workspace)
 * sees and deduplicates against what the earlier thread did.
 */
export function workspaceScope(workspaceId: string): string {
  return `workspace:${workspaceId}`;
}

/** Identical on every attempt of one (scope, key): what a provider deduplicates on. */
export function providerKeyFor(scope: string, key: string): string {
  return sha256(`${scope}\n${key}`).slice(0, 32);
}

/** Key order must not change the hash: objects are serialized with sorted keys. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function requestHash(request: unknown): string {
  return sha256(canonicalJson(request));
}
