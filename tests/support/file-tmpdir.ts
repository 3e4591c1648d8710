// Integration setup file: each test file gets a temp folder of its own (TMPDIR, which os.tmpdir()
// reads on every call, and which child processes inherit), removed when the file ends. Files run
// two at a time, and some check what is left in the temp folder (tests/integration/import-large.test.ts
// counts import spools), so one file's work in progress must not show in another's folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// The machine's temp folder, remembered by the first file a worker runs: a worker that runs another
// file after it still has that file's (removed) folder in TMPDIR.
const base = (process.env.LRC_MACHINE_TMPDIR ??= os.tmpdir());
const dir = fs.mkdtempSync(path.join(base, "lrc-test-file-"));
process.env.TMPDIR = dir;

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
