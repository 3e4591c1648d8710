import { describe, expect, it } from "vitest";
import { JOB_VALIDITY_S, signJob, verifyJobSignature } from "@/lib/background/job-signature";

const SECRET = "job-signature-secret-0123456789";
const PATH = "/api/jobs/compaction";
const BODY = JSON.stringify({ threadId: "t1", trigger: "threshold" });
const NOW = Date.UTC(2026, 11, 5, 12, 0, 0);
const NONCE = "0123456789abcdef0123456789abcdef";
const target = { path: PATH, body: BODY };

describe("job signatures", () => {
  it("verify for exactly the signed path and body, and give back the nonce and time", () => {
    const header = signJob(SECRET, target, { now: NOW, nonce: NONCE });
    expect(verifyJobSignature(SECRET, header, target, NOW)).toEqual({ nonce: NONCE, timestamp: NOW / 1000 });
  });

  it("are bound to the path: the same signature is refused for another route, or the same route spelled otherwise", () => {
    const header = signJob(SECRET, target, { now: NOW });
    for (const path of ["/api/jobs/other", "/api/jobs/compaction/", "/API/jobs/compaction", "/api/cron/sweep"]) {
      expect(verifyJobSignature(SECRET, header, { path, body: BODY }, NOW), path).toBeNull();
    }
  });

  it("are bound to the body: one changed byte, a reordered key or whitespace is refused", () => {
    const header = signJob(SECRET, target, { now: NOW });
    for (const body of [
      JSON.stringify({ threadId: "t1", trigger: "overflow" }),
      JSON.stringify({ trigger: "threshold", threadId: "t1" }),
      `${BODY} `,
      "",
    ]) {
      expect(verifyJobSignature(SECRET, header, { path: PATH, body }, NOW), body).toBeNull();
    }
  });

  it("cannot move bytes between path and body", () => {
    const header = signJob(SECRET, { path: "/api/jobs/compaction\n{", body: "}" }, { now: NOW });
    expect(verifyJobSignature(SECRET, header, { path: "/api/jobs/compaction", body: "{\n}" }, NOW)).toBeNull();
  });

  it(`expire ${JOB_VALIDITY_S} s either side of the receiver's clock`, () => {
    const header = signJob(SECRET, target, { now: NOW });
    expect(verifyJobSignature(SECRET, header, target, NOW + JOB_VALIDITY_S * 1000)).not.toBeNull();
    expect(verifyJobSignature(SECRET, header, target, NOW - JOB_VALIDITY_S * 1000)).not.toBeNull();
    expect(verifyJobSignature(SECRET, header, target, NOW + (JOB_VALIDITY_S + 1) * 1000)).toBeNull();
    expect(verifyJobSignature(SECRET, header, target, NOW - (JOB_VALIDITY_S + 1) * 1000)).toBeNull();
  });

  it("are refused under another secret, with another nonce, or with a forged time", () => {
    const header = signJob(SECRET, target, { now: NOW, nonce: NONCE });
    expect(verifyJobSignature("another-secret-0123456789abcdef", header, target, NOW)).toBeNull();
    expect(verifyJobSignature(SECRET, header.replace(`n=${NONCE}`, `n=${"f".repeat(32)}`), target, NOW)).toBeNull();
    expect(verifyJobSignature(SECRET, header.replace(`t=${NOW / 1000}`, `t=${NOW / 1000 + 1}`), target, NOW)).toBeNull();
  });

  it("refuse malformed headers without throwing", () => {
    const good = signJob(SECRET, target, { now: NOW, nonce: NONCE });
    const mac = good.split("v2=")[1];
    for (const header of [
      null,
      "",
      "garbage",
      good.toUpperCase(),
      ` ${good}`,
      `${good},x=1`,
      `t=${NOW / 1000},v1=${mac}`, // the old format, without a nonce
      `t=${NOW / 1000},n=${NONCE},v2=${mac.slice(2)}`,
      `t=${NOW / 1000},n=${NONCE.slice(1)},v2=${mac}`,
      `t=1e9,n=${NONCE},v2=${mac}`,
      `t=${"9".repeat(13)},n=${NONCE},v2=${mac}`,
      `n=${NONCE},t=${NOW / 1000},v2=${mac}`,
    ]) {
      expect(verifyJobSignature(SECRET, header, target, NOW), String(header)).toBeNull();
    }
  });

  it("use a fresh nonce each time, and refuse to sign with a malformed one", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => /n=([0-9a-f]{32})/.exec(signJob(SECRET, target))![1]));
    expect(nonces.size).toBe(50);
    expect(() => signJob(SECRET, target, { nonce: "short" })).toThrow();
  });
});
