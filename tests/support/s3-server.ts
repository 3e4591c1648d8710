import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/*
 * A real S3-compatible server for the attachment store's tests: s3rver (koa, objects on disk,
 * SigV4 signatures checked against its one account S3RVER/S3RVER), on a random loopback port with
 * one bucket, its files in a temporary directory removed at stop.
 */

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
};
type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverInstance;

export const S3_TEST_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type TestS3 = { endpoint: string; bucket: string; stop: () => Promise<void> };

export async function startS3(bucket = "lrc-attachments"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lrc-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The settings that send attachments to `s3`. */
export function s3Settings(s3: TestS3, keys: { accessKeyId: string; secretAccessKey: string } = S3_TEST_KEYS) {
  return {
    ATTACHMENTS_S3_BUCKET: s3.bucket,
    ATTACHMENTS_S3_ENDPOINT: s3.endpoint,
    ATTACHMENTS_S3_REGION: "us-east-1",
    ATTACHMENTS_S3_ACCESS_KEY_ID: keys.accessKeyId,
    ATTACHMENTS_S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    ATTACHMENTS_S3_FORCE_PATH_STYLE: "on",
  };
}
