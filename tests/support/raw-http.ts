import http from "node:http";
import net from "node:net";

/*
 * HTTP over a bare socket, for tests of what a client sees at the transport level: the answer, if
 * any, and whether the connection then closed cleanly or was reset. fetch and Playwright's request
 * hide a reset behind a generic failure and cannot send a malformed or overlong request.
 */

export type RawAnswer = {
  /** null: no answer was read. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The socket error, such as "ECONNRESET"; null when the server closed the connection cleanly. */
  error: string | null;
  /** From connecting to the connection's end. */
  ms: number;
};

export type RawRequest = {
  port: number;
  host?: string;
  /** The request line and headers, without the blank line that ends them ("": nothing is sent). */
  head: string;
  /** false: the head is left unfinished (no blank line), as a client that is still sending it. */
  endHead?: boolean;
  body?: Buffer | string;
  /** Sends the body this long after the head (the server may have answered the head by then). */
  bodyDelayMs?: number;
  /** Sends one byte of `drip` every `everyMs` after the head, until the connection ends. */
  drip?: { everyMs: number };
  /** Gives up (and reports error "timeout") after this long. */
  timeoutMs?: number;
};

/**
 * Sends one request on a fresh connection and reads until the server ends the connection. Like a
 * client busy sending, it reads the answer only after it has sent everything: a server that closed
 * the connection with bytes unread resets it, and the reset throws the unread answer away.
 */
export function exchange(req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    let endedAt: number | undefined;
    const socket = net.connect({ port: req.port, host: req.host ?? "127.0.0.1", allowHalfOpen: true });
    const received: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      clearTimeout(deadline);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(received)), error, ms: (endedAt ?? Date.now()) - started });
    };
    const deadline = setTimeout(() => finish("timeout"), req.timeoutMs ?? 30_000);
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    socket.on("close", () => finish(null));
    if (req.head) socket.write(req.endHead === false ? req.head : `${req.head}\r\n\r\n`);
    const body = req.body;
    const sent = new Promise<void>((done) => {
      if (body === undefined) return done();
      setTimeout(() => socket.write(body, () => done()), req.bodyDelayMs ?? 0);
    });
    if (req.drip) timer = setInterval(() => socket.write(" "), req.drip.everyMs);
    // Reads only once everything is sent, as a client busy sending would: a reset that arrives
    // first throws the unread answer away.
    socket.pause();
    void sent.then(() => setTimeout(() => socket.resume(), req.body === undefined ? 0 : 100));
    socket.on("end", () => {
      endedAt = Date.now();
      clearInterval(timer);
      socket.end();
    });
  });
}

function parse(raw: Buffer): Omit<RawAnswer, "error" | "ms"> {
  const text = raw.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (!text.startsWith("HTTP/1.1 ") || end === -1) return { status: null, headers: {}, body: "" };
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
  if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
  return { status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * The same request from an ordinary client (node:http), which reads the answer while it is still
 * sending the body: `error` is what it reports after the answer (ECONNRESET, EPIPE), if anything.
 */
export function ordinaryRequest(req: {
  port: number;
  host?: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer: Omit<RawAnswer, "error"> = { status: null, headers: {}, body: "", ms: 0 };
    let error: string | null = null;
    const sent = http.request(
      { host: req.host ?? "127.0.0.1", port: req.port, method: req.method, path: req.path, headers: req.headers },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on(
          "end",
          () =>
            (answer = { status: res.statusCode!, headers: res.headers as Record<string, string>, body: text, ms: Date.now() - started }),
        );
      },
    );
    sent.on("error", (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    // An error, if any, comes with or just after the close.
    sent.on("close", () => setTimeout(() => resolve({ ...answer, error: error ?? (answer.status === null ? "no answer" : null) }), 20));
    sent.end(req.body);
  });
}
