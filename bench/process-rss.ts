import fs from "node:fs";

/** Children of a process, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces or parentheses: the fields after its closing ")" are fixed.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Resident memory of what serves the pages: every process below `pid` (for us the server that
 * scripts/start.mjs starts, not the launcher itself), or `pid` alone when it has no children.
 */
export function serverRssMb(pid: number): number {
  const below: number[] = [];
  const walk = (p: number) => {
    for (const c of childrenOf(p)) {
      below.push(c);
      walk(c);
    }
  };
  walk(pid);
  return (below.length ? below : [pid]).reduce((sum, p) => sum + rssMb(p), 0);
}
