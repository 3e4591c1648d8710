/** One SSE frame as the browser's EventSource would see it. */
export type Frame = { id: string | null; event: string; data: unknown };

/** Reads Server-Sent Events from a response body, frame by frame. */
export function sseReader(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const frames: Frame[] = [];

  async function next(timeoutMs: number): Promise<Frame | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (raw.startsWith(":")) continue; // a heartbeat
        const fields = new Map(raw.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]));
        const frame = {
          id: fields.get("id") ?? null,
          event: fields.get("event") ?? "message",
          data: JSON.parse(fields.get("data") ?? "null"),
        };
        frames.push(frame);
        return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (chunk === null) return null;
      if (chunk.done) return null;
      buffer += chunk.value;
    }
  }

  return {
    frames,
    next,
    /** Frames until one matches, or fails after the timeout. */
    async until(match: (f: Frame) => boolean, timeoutMs = 10_000): Promise<Frame[]> {
      const seen: Frame[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const frame = await next(deadline - Date.now());
        if (!frame) throw new Error(`no matching frame within ${timeoutMs} ms; saw ${JSON.stringify(seen)}`);
        seen.push(frame);
        if (match(frame)) return seen;
      }
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
