import { describe, expect, it } from "vitest";
import { configProblem } from "@/lib/config";

const S3 = { ATTACHMENTS_S3_BUCKET: "chat-files", ATTACHMENTS_S3_ACCESS_KEY_ID: "AKIAEXAMPLE", ATTACHMENTS_S3_SECRET_ACCESS_KEY: "s3cr3t" };

describe("configProblem", () => {
  it("names the variable, the rule and the value's problem on one line, never the value", () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ CRON_SECRET: "short-secret" }, "CRON_SECRET must be at least 16 characters; the value has 12 characters."],
      [{ PORT: "eighty" }, "PORT must be a number; the value is not a number."],
      [{ ROUTINES_SCHEDULER: "sometimes" }, "ROUTINES_SCHEDULER must be one of on, off; the value does not match."],
      [{ APP_URL: "chat.example" }, "APP_URL must be a URL; the value does not match."],
      [{ RATE_WINDOW_S: "100000" }, "RATE_WINDOW_S must be at most 86400; the value is out of range."],
      [
        { COMPACTION_INVOCATION: "own" },
        "COMPACTION_INVOCATION needs CRON_SECRET to sign the jobs it hands off; the value does not match.",
      ],
      [{ HOSTNAME: "http://example.com" }, "HOSTNAME must be a host name or an IP address; the value does not match."],
      [{ HTTP_REQUEST_TIMEOUT_MS: "50" }, "HTTP_REQUEST_TIMEOUT_MS must be at least 100; the value is out of range."],
      [
        { HTTP_HEADERS_TIMEOUT_MS: "30000", HTTP_REQUEST_TIMEOUT_MS: "20000" },
        "HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS; the value does not match.",
      ],
      [
        { ATTACHMENTS_S3_BUCKET: "chat-files", ATTACHMENTS_S3_ACCESS_KEY_ID: "AKIAEXAMPLE" },
        "ATTACHMENTS_S3_SECRET_ACCESS_KEY must be set with the other S3 settings (ATTACHMENTS_S3_BUCKET, ATTACHMENTS_S3_ACCESS_KEY_ID); it is not set.",
      ],
      [
        { ATTACHMENTS_S3_ENDPOINT: "http://127.0.0.1:9000" },
        "ATTACHMENTS_S3_BUCKET must be set with the other S3 settings (ATTACHMENTS_S3_ACCESS_KEY_ID, ATTACHMENTS_S3_SECRET_ACCESS_KEY); it is not set.",
      ],
      [{ ATTACHMENTS_S3_ENDPOINT: "minio.local:9000" }, "ATTACHMENTS_S3_ENDPOINT must be a URL; the value does not match."],
      [
        { ATTACHMENTS_DIR: "/srv/attachments", ...S3 },
        "ATTACHMENTS_DIR must not be set with ATTACHMENTS_S3_BUCKET (attachments go to one store); both are set.",
      ],
    ];
    for (const [env, line] of cases) {
      const problem = configProblem(env)!;
      expect(problem).toBe(`Invalid configuration: ${line}`);
      expect(problem).not.toContain(Object.values(env)[0]);
      expect(problem).not.toContain("\n");
    }
  });

  it("is null for a valid configuration", () => {
    expect(configProblem({})).toBeNull();
    expect(configProblem({ CRON_SECRET: "a".repeat(16), PORT: "8080" })).toBeNull();
    expect(configProblem({ CRON_SECRET: "a".repeat(16), COMPACTION_INVOCATION: "own" })).toBeNull();
    expect(configProblem(S3)).toBeNull();
    expect(configProblem({ ...S3, ATTACHMENTS_S3_ENDPOINT: "http://127.0.0.1:9000", ATTACHMENTS_S3_FORCE_PATH_STYLE: "on" })).toBeNull();
    for (const HOSTNAME of ["", "localhost", "0.0.0.0", "::", "127.0.0.1", "chat.example.com"])
      expect(configProblem({ HOSTNAME })).toBeNull();
  });
});
