// Message texts of realistic length for every benchmark (and for the peer, byte for byte): 60-200
// words, some markdown lists, inline code and fenced code, different for every index.
const WORDS = (
  "the migration moves each caller of the account service to the new client and keeps the old " +
  "path behind a flag until the reconcile job has run twice without a difference in balances " +
  "we checked the handler the retry budget the audit log and the fixtures that still point at " +
  "the legacy schema before touching the queue consumer or the nightly export"
).split(" ");

function sentence(i: number, words: number): string {
  const out: string[] = [];
  for (let w = 0; w < words; w++) out.push(WORDS[(i * 7 + w * 3) % WORDS.length]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return out.join(" ") + ".";
}

/** The user's side: a short request, 60-90 words. */
function userText(i: number): string {
  const words = 60 + (i % 31);
  return `Step ${i}: look at \`src/module${i % 97}/handler.ts\`. ${sentence(i, words - 8)}`;
}

/** The assistant's side: 110-200 words with a list, and a code block every third reply. */
function assistantText(i: number): string {
  const words = 110 + ((i * 13) % 91);
  const list = [
    `- updated \`src/module${i % 97}/handler.ts\``,
    `- ticked item ${i} in **migration.md**`,
    `- next: \`reconcileAccount${i}\``,
  ].join("\n");
  const code =
    i % 3 === 0
      ? `\n\n\`\`\`ts\nexport async function reconcileAccount${i}(id: string) {\n  const before = await ledger.balance(id);\n  await client.migrate(id);\n  return before === (await ledger.balance(id));\n}\n\`\`\``
      : "";
  return `Done with step ${i}. ${sentence(i, Math.floor(words / 2))}\n\n${list}${code}\n\n${sentence(i + 1, words - Math.floor(words / 2) - 20)}`;
}

/** Message i of a thread: even indexes are the person's, odd ones the assistant's. */
export function benchMessage(i: number): { role: "user" | "assistant"; text: string } {
  return i % 2 === 0 ? { role: "user", text: userText(i) } : { role: "assistant", text: assistantText(i) };
}
