/**
 * The errors the ledger's rules throw, in this eagerly loaded module so `instanceof` works in
 * every layer, also where the module that throws them is loaded lazily (the chain builder).
 */

/** A sent transaction a node refuses, with the text common nodes give (geth's, where it has one). */
export class SendRefused extends Error {
  override readonly name = 'SendRefused';
}

/** Options `buildChain` cannot use; `field` names the scenario knob at fault, when one is. */
export class BuildChainError extends Error {
  override readonly name = 'BuildChainError';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * A call or transaction the executor cannot run, and why (a value the ledger's models do not hold,
 * creation code without an EVM): the node answers it as its -32000 error with this text.
 */
export class ExecutionRefused extends Error {
  override readonly name = 'ExecutionRefused';
}
