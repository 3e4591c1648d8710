import { benchActions } from "./actions";
import { benchAttachments } from "./attachments";
import { benchCache } from "./cache";
import { benchContextBuild } from "./context-build";
import { benchLoad } from "./load";
import { benchMcp } from "./mcp";
import { benchOverload } from "./overload";
import { benchFirstPaint } from "./first-paint";
import { benchLighthouse } from "./lighthouse";
import { benchPeer } from "./peer";
import { benchReplySaves } from "./reply-saves";
import { benchResume } from "./resume";
import { benchSummaryProbes } from "./summary-probes";
import { benchSearch } from "./search";
import { benchTimeToFirstToken } from "./ttft";

const which = process.argv[2];
if (!which || which === "context") {
  console.log("\n== Building the model input (median per request), thread with a summary");
  console.log(await benchContextBuild());
}
if (!which || which === "ttft") {
  console.log("\n== Time to first token of a turn, with and without a compaction running in the same thread");
  console.log(await benchTimeToFirstToken());
}
if (!which || which === "actions") {
  console.log("\n== One email through the action ledger against a bare send (claim + record overhead)");
  console.log(await benchActions());
}
if (!which || which === "cache") {
  console.log("\n== Prompt-cache reads over a 200-turn tool-heavy session (fake Anthropic), against an ideal cache");
  console.log(await benchCache());
}
if (!which || which === "mcp") {
  console.log("\n== An MCP tool call: what it adds to a turn against the same call made directly, and tool listing cold and warm");
  console.log(await benchMcp());
}
if (!which || which === "attachments") {
  console.log(
    "\n== Attachments: model-input tokens over 200 turns with ten attached files, ours against re-sending every attachment each turn",
  );
  console.log(await benchAttachments());
}
if (!which || which === "search") {
  console.log("\n== Search against a LIKE scan, and the first-message jump against loading every page (one thread)");
  console.log(await benchSearch());
}
if (which === "resume") {
  // Not in the default run: a whole task several times over (the short version is in the test suite).
  console.log("\n== Resume without the chat: the task continued in a fresh thread at 25/50/75% and inside the send window");
  console.log(await benchResume());
}
if (!which || which === "probes") {
  console.log("\n== Summary probes: recall, artifact, continuation and decision answers after a compaction");
  console.log(await benchSummaryProbes());
}
if (!which || which === "saves") {
  console.log("\n== Reply saves: bytes each partial save writes for a 1.9 MB tool-heavy reply, draft parts against the whole row");
  console.log(await benchReplySaves());
}
if (which === "load") {
  // Not in the default run: it builds the app and starts several servers.
  console.log("\n== Concurrent chats over HTTP against the production build");
  console.log(await benchLoad());
}
if (which === "overload") {
  // Not in the default run: it builds the app and holds 200 turns on a server.
  console.log("\n== Overload: another person's reads while one client opens 200 long turns");
  console.log(await benchOverload());
}
if (!which || which === "paint") {
  console.log("\n== First paint of a thread page (production build, Chromium): 20 against 2,000 messages");
  console.log(await benchFirstPaint());
}
if (which === "lighthouse") {
  // Not in the default run: it builds the app and runs Lighthouse four times.
  console.log("\n== Lighthouse on the production build (Chromium): home and a thread page, mobile and desktop");
  console.log(await benchLighthouse());
}
if (which === "peer") {
  // Not in the default run: it needs the peer built outside this repository (README, Benchmarks).
  console.log("\n== Side by side with vercel/chatbot (production builds, Chromium, interleaved): ours / peer");
  console.log(await benchPeer());
}
process.exit(0);
