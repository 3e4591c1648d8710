import { z } from "zod";
import { SERVER_SETTINGS } from "./server-settings.mjs";

// "offline" or "<provider>:<model>"; the model part may contain colons (Ollama: "llama3.1:8b").
const MODEL_ID = /^(offline|(openai|anthropic|compatible):[^\s,:][^\s,]{0,199})$/;

// An MCP server's name is the prefix of its tools' names (`<server>__<tool>`, lib/mcp/names.ts):
// no underscore, so the first "__" always ends it; short, so the tool's own name keeps most of the
// 64 characters providers allow.
const MCP_SERVER_NAME = /^[A-Za-z0-9-]{1,24}$/;
const stringMap = z.record(z.string(), z.string());
const mcpHttpServer = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  headers: stringMap.optional(),
  trusted: z.boolean().default(false),
});
const mcpStdioServer = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: stringMap.optional(),
  trusted: z.boolean().default(false),
});
export type McpServerSpec = z.infer<typeof mcpHttpServer> | z.infer<typeof mcpStdioServer>;

/**
 * MCP_SERVERS, JSON keyed by server name. Its problems are worded here (which server, which field,
 * never a value: headers and env hold secrets), since configProblem only sees the setting's name.
 */
function parseMcpServers(raw: string | undefined, ctx: z.RefinementCtx): Record<string, McpServerSpec> {
  if (raw === undefined || raw.trim() === "") return {};
  const fail = (problem: string) => {
    ctx.addIssue({ code: "custom", message: `must be a JSON object keyed by server name (see README, "MCP tools"): ${problem}` });
    return z.NEVER;
  };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fail("the value is not JSON");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return fail("the value is not an object");
  const servers: Record<string, McpServerSpec> = {};
  for (const [name, spec] of Object.entries(json)) {
    if (!MCP_SERVER_NAME.test(name)) return fail(`server name "${name.slice(0, 40)}" must be 1-24 letters, digits or dashes`);
    const isHttp = typeof spec === "object" && spec !== null && "url" in spec;
    const isStdio = typeof spec === "object" && spec !== null && "command" in spec;
    if (isHttp === isStdio) return fail(`server "${name}" needs either a "url" or a "command"`);
    const parsed = (isHttp ? mcpHttpServer : mcpStdioServer).safeParse(spec);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length ? `"${issue.path.join(".")}"` : "its entry";
      return fail(`server "${name}": ${field} ${mcpIssueRule(issue)}`);
    }
    servers[name] = parsed.data;
  }
  return servers;
}

function mcpIssueRule(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `has unknown keys ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  if (issue.code === "invalid_format") return "must be an http(s) URL";
  if (issue.code === "invalid_type") return `must be ${issue.expected === "record" ? "an object of strings" : `a ${issue.expected}`}`;
  if (issue.code === "too_small") return "must not be empty";
  return "is invalid";
}

const optionalText = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

// Every knob in one place; lib/config.ts reads them once per process.
const settings = z.object({
  // PORT, HOSTNAME, the HTTP timeouts, the body caps, APP_URL and TRUST_PROXY: the server in front of
  // Next reads them too (lib/http/server-settings.mjs).
  ...SERVER_SETTINGS,
  DATABASE_URL: z.string().default("file:./data/app.db"),
  // Connections per app instance to PostgreSQL (pg's own default is 10).
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
  // Connections opened when the server starts and kept open while idle, so a burst of turns after
  // a quiet spell does not first wait for PostgreSQL to start backends. At most DATABASE_POOL_SIZE.
  DATABASE_POOL_MIN: z.coerce.number().int().min(0).default(10),
  // Turns opening at once per instance; more wait in arrival order (lib/chat/turn-opening.ts).
  TURN_OPENINGS_AT_ONCE: z.coerce.number().int().positive().default(4),
  AUTH_SECRET: z.string().min(16).optional(),
  DATA_DIR: z.string().default("./data"),
  CHAT_MODEL: z.string().default("offline"),
  // More models a person may pick per thread, comma-separated, each "offline" or
  // "<provider>:<model>"; a provider's models are offered only when its key or base URL is set.
  CHAT_MODELS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(MODEL_ID, 'each entry must be "offline" or "<provider>:<model>" (openai, anthropic, compatible)')).max(50),
    ),
  SUMMARY_MODEL: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  OPENAI_COMPATIBLE_BASE_URL: z.string().url().optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_NAME: z.string().default("local"),
  CONTEXT_RECENT_TOKENS: z.coerce.number().int().positive().default(24_000),
  COMPACT_AT_INPUT_TOKENS: z.coerce.number().int().positive().default(100_000),
  OFFLINE_CONTEXT_WINDOW: z.coerce.number().int().positive().default(200_000),
  OFFLINE_DELAY_MS: z.coerce.number().int().min(0).default(15),
  // Makes the offline summarizer as slow as a remote one, so "summarizing…" can be seen and tested.
  OFFLINE_SUMMARY_DELAY_MS: z.coerce.number().int().min(0).default(0),
  MAX_FILES_PER_WORKSPACE: z.coerce.number().int().positive().default(500),
  // The most attachment bytes one thread holds (lib/attachments); an upload past it is a 413.
  MAX_THREAD_ATTACHMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  // Where attachment bytes are stored: unset keeps them in the database (zero setup); a directory
  // path stores them there as files (every app instance must see the same directory).
  ATTACHMENTS_DIR: optionalText,
  // Or an S3-compatible bucket (lib/attachments/s3-store.ts): the bucket and a key pair together,
  // never with ATTACHMENTS_DIR. Unset endpoint: AWS's own for the region. Path style
  // (<endpoint>/<bucket>/<key>) for servers without bucket host names (MinIO, Garage, s3rver).
  ATTACHMENTS_S3_BUCKET: optionalText,
  ATTACHMENTS_S3_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  ATTACHMENTS_S3_REGION: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("us-east-1")),
  ATTACHMENTS_S3_ACCESS_KEY_ID: optionalText,
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: optionalText,
  ATTACHMENTS_S3_FORCE_PATH_STYLE: z.enum(["on", "off"]).default("off"),
  // A span larger than this is summarized in several calls, each fed the running summary.
  SUMMARY_CHUNK_TOKENS: z.coerce.number().int().positive().default(60_000),
  // A hung summarizer must not hold the lease (the heartbeat would keep it alive) forever.
  SUMMARY_TIMEOUT_MS: z.coerce.number().int().positive().default(180_000),
  // The summary's budget; unset: 8% of COMPACT_AT_INPUT_TOKENS (at least 500). Names that do not
  // fit go to the workspace file context/names.md.
  SUMMARY_MAX_TOKENS: z.coerce.number().int().positive().optional(),
  // The context window of a model the app cannot know (OpenAI-compatible servers); overrides the built-in table.
  CONTEXT_WINDOW: z.coerce.number().int().positive().optional(),
  // Pinned messages ride verbatim after the summary, up to this many tokens in total.
  PIN_MAX_TOKENS: z.coerce.number().int().positive().default(4_000),
  // A tool result larger than this is shortened in the model input (head and tail kept, the full
  // output saved to the workspace). Unset: a quarter of the model's window (at most 20,000).
  TOOL_RESULT_MAX_TOKENS: z.coerce.number().int().positive().optional(),
  SMTP_URL: z.string().optional(),
  // Leases (lib/jobs/lease.ts) of turns, compactions, routine runs and actions: every holder renews on one
  // timer per process every LEASE_HEARTBEAT_MS; a holder silent for LEASE_DEAD_AFTER_MS (unset:
  // three heartbeats) is dead, and its work is settled by the sweeper or taken over.
  LEASE_HEARTBEAT_MS: z.coerce.number().int().min(50).default(5_000),
  LEASE_DEAD_AFTER_MS: z.coerce.number().int().min(100).optional(),
  // Replies streaming at once for people on this instance, in total and per client address
  // (lib/limits/turn-slots.ts): past them a send is a 503 or 429 with Retry-After.
  TURNS_AT_ONCE: z.coerce.number().int().positive().default(16),
  TURNS_AT_ONCE_PER_ADDRESS: z.coerce.number().int().positive().default(8),
  // Tool calls a turn may run: per model step and in the whole turn (lib/chat/tool-budget.ts).
  MAX_TOOL_CALLS_PER_STEP: z.coerce.number().int().positive().default(20),
  MAX_TOOL_CALLS_PER_TURN: z.coerce.number().int().positive().default(100),
  // A turn ends (its model call aborted, the reply closed with a note of why) once the model asks
  // for more calls than either bound above, streams more than MAX_REPLY_CHARS characters of text
  // and tool-call input, or the turn runs MAX_TURN_SECONDS (lib/chat/turn-guard.ts).
  MAX_REPLY_CHARS: z.coerce.number().int().positive().default(2_000_000),
  MAX_TURN_SECONDS: z.coerce.number().int().positive().max(86_400).default(600),
  // A running turn saves its partial reply every REPLY_SAVE_EVERY_MS (and at each step end).
  REPLY_SAVE_EVERY_MS: z.coerce.number().int().positive().default(1_000),
  // A partial save rewrites the reply: the next one waits (size / this) seconds, so a huge reply
  // costs the database no more per second than a small one.
  REPLY_SAVE_BYTES_PER_S: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  // How often the sweeper settles what a dead process held (turns, compactions, routine runs, actions).
  SWEEP_EVERY_MS: z.coerce.number().int().positive().default(10_000),
  // "off" stops the in-process sweeper (serverless hosting, where GET /api/cron/sweep runs it).
  SWEEPER: z.enum(["on", "off"]).default("on"),
  // With Redis, a reloaded page resumes the live stream itself (resumable-stream), and the live
  // feeds of every instance hear each other's changes through pub/sub (lib/events).
  REDIS_URL: z.string().optional(),
  // Live feeds (GET /api/threads/:id/events, lib/events): without Redis each instance reads the
  // change log this often while a feed is open; rows are kept this long (a tab away longer reads
  // the whole thread again); a comment line every EVENTS_HEARTBEAT_MS keeps idle feeds open; one
  // user may hold this many feeds open per instance.
  EVENTS_POLL_MS: z.coerce.number().int().min(50).default(250),
  EVENTS_KEEP_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(15 * 60_000),
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(1000).default(15_000),
  EVENTS_FEEDS_PER_USER: z.coerce.number().int().positive().default(20),
  EMAIL_FROM: z.string().default("Longrun Chat <agent@longrun.local>"),
  // The outbox page (/outbox): every stored mail, reset links included, readable by anyone who
  // reaches the server. "auto": only under `npm run dev` (lib/email/outbox-page.ts).
  OUTBOX_PAGE: z.enum(["auto", "on", "off"]).default("auto"),
  // The person's own address: the default recipient of digests and the default allow-list.
  EMAIL_TO: z.string().optional(),
  // Comma-separated addresses the agent may mail; enforced with SMTP (default: EMAIL_TO only)
  // and, when set, for the local outbox too.
  EMAIL_ALLOWED_TO: z.string().optional(),
  // --- Security (issue 14) ---
  // "auto": Secure cookie whenever the request came over HTTPS; "always"/"never" force it.
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  // Per-user abuse limits: at most N requests per window (fixed windows, counted in the database).
  RATE_TURNS_PER_WINDOW: z.coerce.number().int().positive().default(30),
  RATE_WRITES_PER_WINDOW: z.coerce.number().int().positive().default(300),
  RATE_WINDOW_S: z.coerce.number().int().positive().max(86_400).default(60),
  // Routines (lib/routines): the in-process scheduler started by `npm start`, how often it looks
  // for due runs, and the bearer secret of GET /api/cron/routines (the route refuses every request without it).
  ROUTINES_SCHEDULER: z.enum(["on", "off"]).default("on"),
  ROUTINES_TICK_MS: z.coerce.number().int().min(1000).default(30_000),
  CRON_SECRET: z.string().min(16).optional(),
  // Where a compaction runs (lib/background/compaction-job.ts): "own" hands it to
  // POST /api/jobs/compaction, an invocation with its own time budget, signed with CRON_SECRET;
  // "reply" runs it in the process that served the reply; "auto" is "own" when CRON_SECRET is set.
  COMPACTION_INVOCATION: z.enum(["auto", "own", "reply"]).default("auto"),
  // Sign-in limits (lib/limits/sign-in.ts), per client address and per account, over AUTH_WINDOW_S.
  AUTH_WINDOW_S: z.coerce.number().int().positive().max(86_400).default(900),
  AUTH_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  AUTH_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  // Guests one client address may create per hour (lib/auth/session.ts).
  GUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(60),
  // MCP servers whose tools the agent is offered (lib/mcp, README "MCP tools"): JSON keyed by server
  // name, each {"url", "headers"?, "trusted"?} (streamable HTTP) or {"command", "args"?, "env"?,
  // "trusted"?} (stdio). Unset: no MCP tools.
  MCP_SERVERS: z.string().optional().transform(parseMcpServers),
  // One MCP tool call (and one tool listing) may take this long; past it the call is an error.
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // A server's tool list is read again after this long, or at the next turn after the server
  // sends a notification (lib/mcp/connection.ts says why any notification counts).
  MCP_TOOLS_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  // An MCP result longer than this (characters of text) is cut, with a note saying so.
  MCP_RESULT_MAX_CHARS: z.coerce.number().int().positive().default(100_000),
  // "on": a signed-in person may add MCP servers (URL and secret) for their own chats, on the
  // account page (lib/mcp/user-servers.ts). Their tools are never trusted: every call asks.
  MCP_USER_SERVERS: z.enum(["on", "off"]).default("off"),
  // "on": servers a person adds may be on loopback, private, link-local or unique-local addresses
  // (a self-hosted install reaching its own network). Off, only public addresses are reached.
  MCP_ALLOW_PRIVATE_ADDRESSES: z.enum(["on", "off"]).default("off"),
  // How many MCP servers one person may add.
  MCP_USER_SERVERS_MAX: z.coerce.number().int().positive().max(100).default(10),
  // Not a setting: Vercel sets VERCEL=1 on its machines. There the client address comes from its
  // proxy's x-real-ip and the PostgreSQL pool is sized for functions (lib/db/pool-options.ts).
  VERCEL: z
    .string()
    .optional()
    .transform((v) => v === "1"),
  // Not a setting: made by scripts/serve.mjs at start, proves its client-address header genuine.
  LONGRUN_PEER_TOKEN: z.string().optional(),
});

const configSchema = settings.superRefine((c, ctx) => {
  if (c.COMPACTION_INVOCATION === "own" && !c.CRON_SECRET) {
    ctx.addIssue({ code: "custom", path: ["COMPACTION_INVOCATION"], message: "needs CRON_SECRET to sign the jobs it hands off" });
  }
  attachmentStoreProblems(c, ctx);
  // Node refuses a header timeout longer than the request's (the headers are part of the request).
  if (c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: "custom", path: ["HTTP_HEADERS_TIMEOUT_MS"], message: "must be at most HTTP_REQUEST_TIMEOUT_MS" });
  }
});

type Settings = z.infer<typeof settings>;

const S3_NEEDS = ["ATTACHMENTS_S3_BUCKET", "ATTACHMENTS_S3_ACCESS_KEY_ID", "ATTACHMENTS_S3_SECRET_ACCESS_KEY"] as const;

/** A bucket needs its name and a key pair; a half-set group would fail at the first upload instead of at start. */
function attachmentStoreProblems(c: Settings, ctx: z.RefinementCtx) {
  const s3Set = S3_NEEDS.filter((name) => c[name] !== undefined);
  const s3Other = c.ATTACHMENTS_S3_ENDPOINT !== undefined;
  if (s3Set.length === 0 && !s3Other) return;
  const missing = S3_NEEDS.find((name) => c[name] === undefined);
  if (missing) {
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: `must be set with the other S3 settings (${S3_NEEDS.filter((n) => n !== missing).join(", ")})`,
      params: { valueProblem: "it is not set" },
    });
  } else if (c.ATTACHMENTS_DIR !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["ATTACHMENTS_DIR"],
      message: "must not be set with ATTACHMENTS_S3_BUCKET (attachments go to one store)",
      params: { valueProblem: "both are set" },
    });
  }
}

export type Config = z.infer<typeof configSchema>;

/** The settings in `env`; an invalid one throws, worded as configProblem words it. */
export function readConfig(env: Record<string, string | undefined>): Config {
  const problem = configProblem(env);
  if (problem) throw new Error(problem);
  return configSchema.parse(env);
}

/**
 * The first invalid setting as one line: the variable, the rule and what is wrong with the value,
 * never the value itself (it may be a secret). null when the configuration is valid. The server
 * refuses to start on it (instrumentation.ts).
 */
export function configProblem(env: Record<string, string | undefined>): string | null {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.join(".");
  const value = env[name] ?? "";
  return `Invalid configuration: ${name} ${ruleOf(issue)}; ${valueProblem(issue, value)}.`;
}

type Issue = z.core.$ZodIssue;

function ruleOf(issue: Issue): string {
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string" ? `must be at least ${issue.minimum} characters` : `must be at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "string" ? `must be at most ${issue.maximum} characters` : `must be at most ${issue.maximum}`;
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return issue.format === "url" ? "must be a URL" : `must be a valid ${issue.format}`;
    case "invalid_type":
      return issue.expected === "int" ? "must be a whole number" : `must be a ${issue.expected}`;
    case "custom":
      return issue.message;
    default:
      return "is invalid";
  }
}

function valueProblem(issue: Issue, value: string): string {
  if (issue.code === "custom" && typeof issue.params?.valueProblem === "string") return issue.params.valueProblem;
  if (issue.code === "too_small" || issue.code === "too_big") {
    return issue.origin === "string" ? `the value has ${Array.from(value).length} characters` : "the value is out of range";
  }
  if (issue.code === "invalid_type" && (issue.expected === "number" || issue.expected === "int")) {
    return value.trim() === "" || Number.isNaN(Number(value)) ? "the value is not a number" : "the value is not a whole number";
  }
  return "the value does not match";
}
