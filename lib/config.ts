import { z } from "zod";

// Every knob in one place. Read once per process; tests set env before importing.
const schema = z.object({
  DATABASE_URL: z.string().default("file:./data/app.db"),
  PORT: z.coerce.number().int().positive().default(3000),
  AUTH_SECRET: z.string().min(16).optional(),
  DATA_DIR: z.string().default("./data"),
  CHAT_MODEL: z.string().default("offline"),
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
  MAX_MESSAGE_CHARS: z.coerce.number().int().positive().default(100_000),
  MAX_FILE_BYTES: z.coerce.number().int().positive().default(256 * 1024),
  MAX_FILES_PER_WORKSPACE: z.coerce.number().int().positive().default(500),
  // A span larger than this is summarized in several calls, each fed the running summary.
  SUMMARY_CHUNK_TOKENS: z.coerce.number().int().positive().default(60_000),
  // A hung summarizer must not hold the lease (the heartbeat would keep it alive) forever.
  SUMMARY_TIMEOUT_MS: z.coerce.number().int().positive().default(180_000),
  // The summary's budget; unset: 8% of COMPACT_AT_INPUT_TOKENS (at least 500). Names that do not
  // fit go to the workspace file context/names.md.
  SUMMARY_MAX_TOKENS: z.coerce.number().int().positive().optional(),
  // The window of a model the app cannot know (OpenAI-compatible servers); overrides the built-in table.
  CONTEXT_WINDOW: z.coerce.number().int().positive().optional(),
  // Pinned messages ride verbatim after the summary, up to this many tokens in total.
  PIN_MAX_TOKENS: z.coerce.number().int().positive().default(4_000),
  // A tool result larger than this is shortened in the model input (head and tail kept, the full
  // output saved to the workspace). Unset: a quarter of the model's window (at most 20,000).
  TOOL_RESULT_MAX_TOKENS: z.coerce.number().int().positive().optional(),
  COMPACTION_LEASE_MS: z.coerce.number().int().positive().default(120_000),
  SMTP_URL: z.string().optional(),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change env between cases; production never calls this. */
export function resetConfigForTests(): void {
  cached = undefined;
}
