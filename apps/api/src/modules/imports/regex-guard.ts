import vm from 'node:vm';

// Which patterns may be saved at all is decided in @paisable/contracts (regexProblem), so a form, the API
// and the matcher agree; this file is the runtime half: matching under a time budget.

const RUN_ALL = new vm.Script(
  `(() => { const re = new RegExp(pattern, 'iu'); const found = new Uint8Array(texts.length);
     for (let i = 0; i < texts.length; i += 1) found[i] = re.test(texts[i]) ? 1 : 0; return found; })()`,
);

/**
 * Tests one pattern against many texts in a separate V8 context with a time budget: V8 interrupts a
 * runaway match at the budget, so a pathological pattern costs at most `budgetMs` of the event loop
 * and never blocks the server. Null when the budget ran out.
 */
export function testAll(pattern: string, texts: readonly string[], budgetMs: number): Uint8Array | null {
  const context = vm.createContext({ pattern, texts });
  try {
    return RUN_ALL.runInContext(context, { timeout: Math.max(1, Math.round(budgetMs)) }) as Uint8Array;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return null;
    throw error;
  }
}
