/** Whether one more message fits the pin budget. Pure so the rule is stated (and tested) once. */
export function pinFits(pinnedTokens: number, messageTokens: number, budgetTokens: number): boolean {
  return pinnedTokens + messageTokens <= budgetTokens;
}

export function pinBudgetMessage(pinnedTokens: number, messageTokens: number, budgetTokens: number): string {
  return `This message is ${messageTokens} tokens; with ${pinnedTokens} of ${budgetTokens} pinned tokens already used it does not fit the pin budget. Unpin another message first.`;
}
