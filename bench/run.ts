import { benchContextBuild } from "./context-build";
import { benchFirstPaint } from "./first-paint";
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
if (!which || which === "paint") {
  console.log("\n== First paint of a thread page (production build, Chromium): 20 against 2,000 messages");
  console.log(await benchFirstPaint());
}
process.exit(0);
