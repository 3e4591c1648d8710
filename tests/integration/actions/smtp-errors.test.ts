import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";
import type { ProviderCall } from "@/lib/actions/types";
import { createSmtpTransport } from "@/lib/email/smtp-transport";

// What each SMTP failure proves, as the transport reports it from a real exchange on 127.0.0.1:
// only a server's 4xx/5xx answer or a connection that never opened says nothing was sent.
const request = { from: "app@example.com", to: "me@example.com", subject: "Status", body: "All green." };
const call: ProviderCall = { providerKey: "pk", providerRef: null, scope: "thread:t1", key: "k", userId: "u", threadId: "t1" };

/** An SMTP server that takes the message's data and then resets or closes the connection instead of answering. */
async function hangsUpAfterData(how: "reset" | "close"): Promise<{ url: string; close(): Promise<void> }> {
  const server = net.createServer((socket) => {
    socket.write("220 reset.test ESMTP\r\n");
    let inData = false;
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      if (inData) {
        if (buffered.includes("\r\n.\r\n")) {
          if (how === "reset") socket.resetAndDestroy();
          else socket.end();
        }
        return;
      }
      for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, end).toUpperCase();
        buffered = buffered.slice(end + 2);
        if (line.startsWith("EHLO")) socket.write("250 reset.test\r\n");
        else if (line === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe("SMTP errors, from the transport", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink(3662);
  });
  afterAll(async () => sink?.close());

  const failure = (url: string, socketTimeoutMs = 10_000) =>
    createSmtpTransport(url, { socketTimeoutMs })
      .execute(request, call)
      .then(
        () => ({ kind: "sent" }),
        (err: { kind: string; code: string }) => ({ kind: err.kind, code: err.code }),
      );

  it("treats only proven non-delivery as retryable or permanent", async () => {
    sink.respond = () => ({ kind: "reject", code: 451 });
    expect(await failure(sink.url)).toEqual({ kind: "retryable", code: "smtp_451" });
    sink.respond = () => ({ kind: "reject", code: 550 });
    expect(await failure(sink.url)).toEqual({ kind: "permanent", code: "smtp_550" });
    // The server hangs up before its greeting: no session, nothing transmitted.
    const hangsUp = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => hangsUp.listen(0, "127.0.0.1", resolve));
    const { port } = hangsUp.address() as net.AddressInfo;
    expect(await failure(`smtp://127.0.0.1:${port}`)).toEqual({ kind: "retryable", code: "smtp_econnection" });
    await new Promise((r) => hangsUp.close(r));
    // The server took the data but the client gave up waiting for its answer.
    sink.respond = () => ({ kind: "stall", ms: 1_500 });
    expect((await failure(sink.url, 400)).kind).toBe("unknown");
    // The connection dropped after the data went out, by a reset or by a clean close: nodemailer
    // reports the close as ECONNECTION, the same code as a hang-up before the greeting.
    for (const how of ["reset", "close"] as const) {
      const server = await hangsUpAfterData(how);
      expect(await failure(server.url), how).toMatchObject({ kind: "unknown" });
      await server.close();
    }
    // Nothing listens: the connection never opened.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const free = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect((await failure(`smtp://127.0.0.1:${free}`)).kind).toBe("retryable");
  });
});
