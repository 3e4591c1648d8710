// A minimal OpenAI-compatible chat server over real HTTP, for tests that need a second model next
// to the offline one: it streams "Answer from <model>." and usage for every chat completion, and
// remembers which model each request named.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeOpenAI = { baseURL: string; requestedModels: string[]; close: () => Promise<void> };

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requestedModels: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end();
        return;
      }
      const model = String((JSON.parse(raw) as { model?: unknown }).model);
      requestedModels.push(model);
      const chunk = (delta: object, finish: string | null, usage?: object) =>
        `data: ${JSON.stringify({ id: "fake-1", object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(chunk({ role: "assistant", content: `Answer from ${model}.` }, null));
      res.write(chunk({}, "stop", { prompt_tokens: 42, completion_tokens: 4, total_tokens: 46 }));
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requestedModels,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
