import { createHash, randomUUID } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { Config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { ByteStore } from "./storage";

/*
 * Attachment bytes in an S3-compatible bucket, over SigV4-signed fetch (aws4fetch: one small
 * dependency-free module; the two calls needed here do not justify the AWS SDK's dozens of
 * packages). Like the directory store, an object is written before the attachment's rows commit:
 * a transaction that then fails leaves an object under a random key nobody names, never a row
 * without its bytes. Anything the bucket answers other than the object or "no such key" is a 503
 * `storage_unavailable`; the log line names the operation and the bucket's status and error code,
 * never a credential or a signed header.
 */

// A request's time limit: the upload runs inside the attachment's transaction (20 s at most).
const REQUEST_MS = 8_000;
const KEY = /^[0-9a-f-]{36}$/;

type S3Settings = Pick<
  Config,
  | "ATTACHMENTS_S3_BUCKET"
  | "ATTACHMENTS_S3_ENDPOINT"
  | "ATTACHMENTS_S3_REGION"
  | "ATTACHMENTS_S3_ACCESS_KEY_ID"
  | "ATTACHMENTS_S3_SECRET_ACCESS_KEY"
  | "ATTACHMENTS_S3_FORCE_PATH_STYLE"
>;

export function s3Store(settings: S3Settings): ByteStore {
  const bucket = settings.ATTACHMENTS_S3_BUCKET!;
  const region = settings.ATTACHMENTS_S3_REGION;
  const client = new AwsClient({
    accessKeyId: settings.ATTACHMENTS_S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.ATTACHMENTS_S3_SECRET_ACCESS_KEY!,
    service: "s3",
    region,
    // aws4fetch retries a 5xx or 429 (not a refused connection) with backoff; twice keeps a
    // failing upload well inside the transaction's time.
    retries: 2,
    initRetryMs: 100,
  });
  const endpoint = new URL(settings.ATTACHMENTS_S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`);
  const objectUrl = (key: string) => {
    const url = new URL(endpoint);
    const base = url.pathname.replace(/\/+$/, "");
    if (settings.ATTACHMENTS_S3_FORCE_PATH_STYLE === "on") url.pathname = `${base}/${encodeURIComponent(bucket)}/${key}`;
    else {
      url.hostname = `${bucket}.${url.hostname}`;
      url.pathname = `${base}/${key}`;
    }
    return url;
  };

  async function call(operation: "upload" | "read", key: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await client.fetch(objectUrl(key), { ...init, signal: AbortSignal.timeout(REQUEST_MS) });
    } catch (err) {
      const reason = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable";
      console.error(`[attachments] S3 ${operation} failed: bucket ${reason} (${describe(err)})`);
      throw unavailable(operation);
    }
    return res;
  }

  function failed(operation: "upload" | "read", status: number, body: string): never {
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? "no error code";
    console.error(`[attachments] S3 ${operation} failed: ${status} ${code}`);
    throw unavailable(operation);
  }

  return {
    kind: "s3",
    async put(_tx, bytes) {
      const key = randomUUID();
      const res = await call("upload", key, {
        method: "PUT",
        body: Uint8Array.from(bytes),
        headers: {
          "content-type": "application/octet-stream",
          // The payload is signed too, so a body changed on the way is refused by the bucket.
          "x-amz-content-sha256": createHash("sha256").update(bytes).digest("hex"),
        },
      });
      if (!res.ok) failed("upload", res.status, await res.text().catch(() => ""));
      await res.body?.cancel();
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      const res = await call("read", key, { method: "GET" });
      if (!res.ok) {
        const body = await res.text().catch(() => "");
        // A missing bucket is a 404 as well, but a setting to fix rather than a missing object.
        if (res.status === 404 && !body.includes("NoSuchBucket")) return null;
        failed("read", res.status, body);
      }
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}

function unavailable(operation: "upload" | "read"): AppError {
  return new AppError(
    "storage_unavailable",
    operation === "upload"
      ? "The attachment store (an S3 bucket) did not take the file, so nothing was attached. Try again in a moment."
      : "An attached file could not be read from the attachment store (an S3 bucket). Nothing was lost; try again in a moment.",
    { retryAfterSeconds: 5 },
  );
}

/** The error's kind and cause code (ECONNREFUSED, ...): enough to act on, and holds no secret. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return "unknown error";
  const cause = (err as Error & { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === "string" ? `${err.name}: ${cause.code}` : err.name;
}
