import { APICallError } from "@ai-sdk/provider";
import { RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { isContextOverflowError } from "@/lib/ai/overflow";

function apiError(statusCode: number, body: unknown, message?: string): APICallError {
  const responseBody = typeof body === "string" ? body : JSON.stringify(body);
  const data = typeof body === "string" ? undefined : body;
  const nested = (body as { error?: { message?: string } })?.error?.message;
  return new APICallError({
    message: message ?? nested ?? (body as { message?: string })?.message ?? "Bad Request",
    url: "https://api.example.com/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    responseBody,
    data,
  });
}

const openai = apiError(400, {
  error: {
    message:
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.",
    type: "invalid_request_error",
    param: "messages",
    code: "context_length_exceeded",
  },
});
const openaiCodeOnly = apiError(400, {
  error: { message: "Input too long.", type: "invalid_request_error", code: "context_length_exceeded" },
});
const anthropic = apiError(400, {
  type: "error",
  error: { type: "invalid_request_error", message: "prompt is too long: 208310 tokens > 200000 maximum" },
});
const anthropicLimit = apiError(400, {
  type: "error",
  error: {
    type: "invalid_request_error",
    message:
      "input length and `max_tokens` exceed context limit: 188240 + 21333 > 200000, decrease input length or `max_tokens` and try again",
  },
});
// Old vLLM: top-level error object the OpenAI-compatible handler cannot parse; message is the status text.
const vllm = apiError(
  400,
  '{"object":"error","message":"This model\'s maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion).","type":"BadRequestError","param":null,"code":400}',
  "Bad Request",
);
const llamacpp = apiError(400, {
  error: {
    code: 400,
    message: "the request exceeds the available context size, try increasing it",
    type: "exceed_context_size_error",
    n_prompt_tokens: 9000,
    n_ctx: 8192,
  },
});
const llamacppTypeOnly = apiError(400, { error: { code: 400, message: "request rejected", type: "exceed_context_size_error" } });
const ollama = apiError(400, { error: { message: "context length exceeded", type: "invalid_request_error" } });
const ollamaInput = apiError(500, { error: { message: "input length exceeds the context length", type: "api_error" } });

const rateLimit = apiError(429, {
  error: {
    message: "Request too large for gpt-4o on tokens per min (TPM): Limit 30000, Requested 130512.",
    type: "tokens",
    code: "rate_limit_exceeded",
  },
});
const auth = apiError(401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" } });
const server = apiError(500, { error: { message: "The server had an error while processing your request.", type: "server_error" } });
const badRequest = apiError(400, {
  error: { message: "Invalid 'messages[2].content': string too short.", type: "invalid_request_error", code: null },
});

describe("isContextOverflowError", () => {
  it.each([
    ["OpenAI", openai],
    ["OpenAI (code only)", openaiCodeOnly],
    ["Anthropic prompt too long", anthropic],
    ["Anthropic context limit", anthropicLimit],
    ["vLLM unparsed body", vllm],
    ["llama.cpp", llamacpp],
    ["llama.cpp (type only)", llamacppTypeOnly],
    ["Ollama", ollama],
    ["Ollama input length", ollamaInput],
  ])("recognises %s", (_, err) => {
    expect(isContextOverflowError(err)).toBe(true);
  });

  it.each([
    ["a 429 rate limit mentioning tokens", rateLimit],
    ["a 401 auth error", auth],
    ["a generic 500", server],
    ["another 400", badRequest],
    ["a plain Error", new Error("Something went wrong")],
    ["a TypeError", new TypeError("fetch failed")],
    ["null", null],
    ["a string", "nope"],
  ])("rejects %s", (_, err) => {
    expect(isContextOverflowError(err)).toBe(false);
  });

  it("looks through cause and RetryError", () => {
    expect(isContextOverflowError(new Error("stream failed", { cause: anthropic }))).toBe(true);
    const retry = new RetryError({ message: "Failed after 2 attempts", reason: "maxRetriesExceeded", errors: [server, openai] });
    expect(isContextOverflowError(retry)).toBe(true);
    const retryNoOverflow = new RetryError({
      message: "Failed after 2 attempts",
      reason: "maxRetriesExceeded",
      errors: [server, rateLimit],
    });
    expect(isContextOverflowError(retryNoOverflow)).toBe(false);
  });

  it("accepts duck-typed errors and survives cycles", () => {
    expect(isContextOverflowError({ statusCode: 400, message: "prompt is too long: 5 tokens > 4 maximum" })).toBe(true);
    const a: Record<string, unknown> = { message: "x" };
    a.cause = a;
    expect(isContextOverflowError(a)).toBe(false);
  });
});
