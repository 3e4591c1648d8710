/*
 * The one place that decides "the prompt did not fit the model's context window". Providers have
 * no common error type for it, so this matches the shapes they actually send:
 *   OpenAI      400 {"error":{"code":"context_length_exceeded","message":"This model's maximum context length is …"}}
 *   Anthropic   400 {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: N tokens > M maximum"}}
 *               (newer: "input length and `max_tokens` exceed context limit: …")
 *   vLLM        400 "This model's maximum context length is …" (top-level or nested message)
 *   llama.cpp   400 {"error":{"code":400,"type":"exceed_context_size_error","message":"the request exceeds the available context size …"}}
 *   Ollama      "context length exceeded" / "input length exceeds the context length"
 * Errors are searched through `cause`, and AI SDK RetryError's `lastError` / `errors`, because
 * callers usually see a wrapper, not the provider's APICallError.
 */

const OVERFLOW_CODES = new Set(["context_length_exceeded", "exceed_context_size_error", "context_window_exceeded"]);

const OVERFLOW_TEXT = [
  /maximum context length/i,
  /context[_ ]length[_ ]exceeded/i,
  /context window exceeded/i,
  /prompt is too long/i,
  /exceeds? (?:the )?(?:available |maximum )?context (?:size|length|window|limit)/i,
  /exceed_context_size_error/i,
  /input length exceeds/i,
  /input token count .* exceeds the maximum/i,
];

// Statuses that are never about prompt size, whatever their text says: a 429 "Request too large"
// is a rate limit (tokens per minute), and auth errors must surface as what they are.
const NEVER_OVERFLOW_STATUS = new Set([401, 403, 404, 408, 409, 429]);

const MAX_DEPTH = 6;

export function isContextOverflowError(err: unknown): boolean {
  return search(err, 0, new Set());
}

function search(err: unknown, depth: number, seen: Set<unknown>): boolean {
  if (depth > MAX_DEPTH || err === null || err === undefined || seen.has(err)) return false;
  if (typeof err === "string") return matchesText(err);
  if (typeof err !== "object") return false;
  seen.add(err);
  if (looksLikeOverflow(err as Record<string, unknown>)) return true;
  const e = err as Record<string, unknown>;
  const nested: unknown[] = [e.cause, e.lastError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((n) => search(n, depth + 1, seen));
}

function looksLikeOverflow(e: Record<string, unknown>): boolean {
  const status = typeof e.statusCode === "number" ? e.statusCode : typeof e.status === "number" ? e.status : undefined;
  if (status !== undefined && NEVER_OVERFLOW_STATUS.has(status)) return false;
  if (hasOverflowCode(e.data) || hasOverflowCode(parseJson(e.responseBody))) return true;
  const texts = [e.message, e.responseBody, ...errorMessages(e.data)];
  return texts.some((t) => typeof t === "string" && matchesText(t));
}

function hasOverflowCode(data: unknown): boolean {
  for (const obj of [data, field(data, "error")]) {
    for (const key of ["code", "type"]) {
      const value = field(obj, key);
      if (typeof value === "string" && OVERFLOW_CODES.has(value)) return true;
    }
  }
  return false;
}

/** data.message, data.error.message and data.error when it is a bare string (some servers). */
function errorMessages(data: unknown): unknown[] {
  const error = field(data, "error");
  return [field(data, "message"), typeof error === "string" ? error : field(error, "message")];
}

function matchesText(text: string): boolean {
  return OVERFLOW_TEXT.some((re) => re.test(text));
}

function field(obj: unknown, key: string): unknown {
  return typeof obj === "object" && obj !== null ? (obj as Record<string, unknown>)[key] : undefined;
}

function parseJson(body: unknown): unknown {
  if (typeof body !== "string" || body.length > 100_000) return undefined;
  try {
    return JSON.parse(body);
  } catch (err) {
    if (err instanceof SyntaxError) return undefined; // a provider's error body need not be JSON
    throw err;
  }
}
