import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of the app that passes every response through, except that in one whose body
 * contains `pauseAfter` it sends everything up to and including that text, then holds the rest for
 * `pauseMs`: the network splitting a streamed page at the worst place, on purpose. Asks the app for
 * uncompressed bodies so the text can be found.
 */
export async function startPausingProxy(target: string, pauseAfter: string, pauseMs: number) {
  let pauses = 0;
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, "accept-encoding": "identity" };
    const upstream = http.request(new URL(req.url ?? "/", target), { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      let pending = Promise.resolve();
      let seen = "";
      let held = false;
      const later = (write: () => void) => (pending = pending.then(() => write()));
      up.on("data", (chunk: Buffer) => {
        if (held) return void later(() => res.write(chunk));
        seen += chunk.toString("latin1");
        const end = seen.indexOf(pauseAfter);
        if (end < 0) return void res.write(chunk);
        const cut = chunk.length - (seen.length - (end + pauseAfter.length));
        res.write(chunk.subarray(0, cut));
        held = true;
        pauses++;
        later(() => new Promise<void>((resolve) => setTimeout(resolve, pauseMs)));
        later(() => res.write(chunk.subarray(cut)));
      });
      up.on("end", () => later(() => res.end()));
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many responses were paused (0 means the text never appeared: the test proves nothing). */
    pauses: () => pauses,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A live feed the page left open would otherwise keep the server open.
        server.closeAllConnections();
      }),
  };
}
