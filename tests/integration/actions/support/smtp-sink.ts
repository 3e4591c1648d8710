import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server on 127.0.0.1 for the tests: it counts delivered messages by Message-ID.
 * `respond` decides the answer to each DATA: accept, reject with a code, or accept and stall (the
 * client times out although the message was taken).
 */

export type DataAnswer = { kind: "accept" } | { kind: "reject"; code: number } | { kind: "stall"; ms: number };

export type SmtpSink = {
  url: string;
  delivered: Map<string, number>;
  total(): number;
  respond: (n: number) => DataAnswer;
  close(): Promise<void>;
};

export async function startSmtpSink(port: number): Promise<SmtpSink> {
  let n = 0;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    delivered: new Map(),
    total: () => [...sink.delivered.values()].reduce((a, b) => a + b, 0),
    respond: () => ({ kind: "accept" }),
    close: () => new Promise((r) => server.close(() => r())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const answer = sink.respond(++n);
        if (answer.kind === "reject") {
          const err = Object.assign(new Error(`rejected with ${answer.code}`), { responseCode: answer.code });
          return callback(err);
        }
        const id = /^message-id:\s*(\S+)/im.exec(Buffer.concat(chunks).toString("utf8"))?.[1] ?? "(none)";
        sink.delivered.set(id, (sink.delivered.get(id) ?? 0) + 1);
        if (answer.kind === "stall") setTimeout(() => callback(), answer.ms);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return sink;
}
