import fs from "node:fs";

/** Children of a process, from /proc (Linux). */
export function childrenOf(pid: number): number[] {
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

/** Resident memory of a process and every process below it. */
export function processTreeRssMb(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, p) => sum + rssMb(p), 0);
}

/** Every process below a process (children, their children, ...). */
export function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((c) => [c, ...descendantsOf(c)]);
}
