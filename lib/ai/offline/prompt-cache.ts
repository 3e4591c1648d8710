import { createHash } from "node:crypto";
import { countTokens } from "../tokens";

export type Segment = { hash: string; tokens: number };

const MAX_MEMO = 20_000;

/**
 * Simulates a provider prompt cache: a call reads from cache the longest run of leading messages
 * it shares with the previous call in the same scope. Whole-message granularity matches how real
 * caches behave (they cache blocks, not single tokens) and equals the token-level common prefix
 * whenever a prompt extends the previous one.
 *
 * Only hashes are kept, so 500 scopes of long conversations stay cheap in memory.
 */
export class PromptCache {
  private readonly scopes = new Map<string, string[]>();
  // Conversations resend the same messages every turn; memoising per-message counts keeps a
  // 200k-token prompt from being re-tokenised on every call.
  private readonly tokenMemo = new Map<string, number>();

  constructor(private readonly maxScopes = 500) {}

  segment(text: string): Segment {
    const hash = createHash("sha1").update(text).digest("base64");
    let tokens = this.tokenMemo.get(hash);
    if (tokens === undefined) {
      tokens = countTokens(text);
      if (this.tokenMemo.size >= MAX_MEMO) this.tokenMemo.delete(this.tokenMemo.keys().next().value as string);
      this.tokenMemo.set(hash, tokens);
    }
    return { hash, tokens };
  }

  /** Tokens this prompt reads from cache; then remembers it as the scope's latest prompt. */
  readAndStore(scope: string, segments: readonly Segment[]): number {
    const previous = this.scopes.get(scope) ?? [];
    let cached = 0;
    for (let i = 0; i < segments.length && i < previous.length; i++) {
      if (segments[i].hash !== previous[i]) break;
      cached += segments[i].tokens;
    }
    // Delete-then-set moves the scope to the end, so the first key is the least recently used.
    this.scopes.delete(scope);
    this.scopes.set(
      scope,
      segments.map((s) => s.hash),
    );
    while (this.scopes.size > this.maxScopes) this.scopes.delete(this.scopes.keys().next().value as string);
    return cached;
  }

  get scopeCount(): number {
    return this.scopes.size;
  }
}
