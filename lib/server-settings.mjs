import { z } from "zod";

/*
 * The settings the server in front of Next (scripts/serve.mjs) reads as well as the app. Plain
 * JavaScript, because that server runs untranspiled; lib/config.ts validates them with every other
 * setting, so a malformed value stops the server at start with one line (instrumentation.ts runs
 * before the server listens). Documented in the README's settings tables.
 */

// A host name or an IP address (IPv6 with an optional zone, such as "fe80::1%eth0").
const HOST = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.?|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.-]+)?)$/;

export const SERVER_SETTINGS = {
  PORT: z.coerce.number().int().positive().default(3000),
  // Where the server listens; "localhost" keeps it on this machine (README: "Listen address"). Empty is unset.
  HOSTNAME: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .refine((v) => HOST.test(v), "must be a host name or an IP address")
      .default("localhost"),
  ),
  // A client must send its request line and headers within HTTP_HEADERS_TIMEOUT_MS and the whole
  // request, body included, within HTTP_REQUEST_TIMEOUT_MS; then it gets a 408 and is disconnected.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  MAX_MESSAGE_CHARS: z.coerce.number().int().positive().default(100_000),
  MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  // The largest file POST /api/import takes (an export, lib/export): the route refuses a larger one
  // with 413, and the server in front of Next lets only that route's body grow this big. The upload
  // streams to a temporary file, so this bounds disk, not memory.
  MAX_IMPORT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(512 * 1024 * 1024),
  // The most a zip's conversations.json (a ChatGPT export) may unpack to: a zip bomb is refused
  // with 413 once this many bytes have been inflated. Inflated as a stream and parsed one
  // conversation at a time, so memory grows with the imported rows, not with this.
  MAX_IMPORT_UNZIPPED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  // The largest export of this app an import reads: its threads and workspaces refer to each
  // other, so it is parsed whole, which takes a few times its size in memory.
  MAX_IMPORT_WHOLE_JSON_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  // The largest file POST /api/threads/:id/attachments takes (413 past it); one upload request
  // carries at most this many bytes of files, so the server in front of Next lets only that route's
  // body grow this big.
  MAX_ATTACHMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  // The app's own origin, e.g. "https://chat.example.com"; unset: the request's own Host.
  APP_URL: z.string().url().optional(),
  // Believe X-Forwarded-Proto/-Host from a reverse proxy in front of the app.
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
};

/** The settings above, from `env`; throws on an invalid value (config.ts says which, in one line). */
export const serverSettings = (env) => z.object(SERVER_SETTINGS).parse(env);
