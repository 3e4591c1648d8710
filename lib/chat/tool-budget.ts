import type { StopCondition, ToolSet } from "ai";

/**
 * Bounds the tool work of one turn: at most `perStep` tool calls run in one model step and at most
 * `perTurn` in the whole turn. Calls past a bound are not executed; the model gets a short refusal
 * as their result (so it can say what it skipped), and the loop stops once the turn's budget is
 * spent. Without this, one 100,000-character message of ~6,250 `read` lines held a turn for 19
 * minutes. Tools run once a model step has ended, so a model streaming calls past a bound is
 * stopped by turn-guard.ts, which aborts the model call; the refusals here hold for calls a step
 * delivered before that abort landed.
 */
export type ToolBudget = {
  tools: ToolSet;
  /** Called before each model step (prepareStep): the per-step count starts again. */
  startStep: () => void;
  /** Stops the tool loop once the turn's calls reach its budget. */
  stopWhen: StopCondition<ToolSet>;
  /** The calls let run (not refused), by tool call id: a call cut short by an abort may have had effects. */
  started: ReadonlySet<string>;
};

export function toolBudget(tools: ToolSet, limits: { perStep: number; perTurn: number }): ToolBudget {
  let inStep = 0;
  let inTurn = 0;
  const started = new Set<string>();
  const refusal = (scope: "step" | "turn", limit: number) => ({
    ok: false as const,
    error: "tool_call_limit",
    message:
      scope === "step"
        ? `Not run: at most ${limit} tool calls run in one step. Call fewer tools at once (batch the work), then continue.`
        : `Not run: this turn reached its limit of ${limit} tool calls. Stop and tell the person what is left to do.`,
  });
  const bounded: ToolSet = {};
  for (const [name, t] of Object.entries(tools)) {
    const execute = t.execute;
    bounded[name] = !execute
      ? t
      : {
          ...t,
          execute: (input: unknown, options: Parameters<typeof execute>[1]) => {
            if (inTurn >= limits.perTurn) return refusal("turn", limits.perTurn);
            if (inStep >= limits.perStep) return refusal("step", limits.perStep);
            inStep++;
            inTurn++;
            started.add(options.toolCallId);
            return execute(input, options);
          },
        };
  }
  return {
    tools: bounded,
    startStep: () => {
      inStep = 0;
    },
    stopWhen: ({ steps }) => steps.reduce((n, s) => n + s.toolCalls.length, 0) >= limits.perTurn,
    started,
  };
}
