/**
 * The latest run's opening message is a floor: nothing before it belongs to
 * the current run, so neither a cut nor a summary may reach below it.
 */
export function latestRunIndex(messages: ReadonlyArray<{ runStart?: boolean }>): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.runStart === true) return i;
  }
  return -1;
}
