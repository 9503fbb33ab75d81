/**
 * Where the contracts the ledger models (catalogue tokens and contracts, a scenario's declared
 * ones, Multicall3) reach the models from the EVM: their code is a stub that forwards its address,
 * caller, value and call data to this precompile, which answers as the models do.
 */
export const BRIDGE_ADDRESS = '0x00000000000000000000000000000000000e4417';

/**
 * The first word of a bridge answer that asks the stub to call a receiver before it answers (a
 * token's safe transfer to a contract: `onERC721Received`, `onERC1155Received`...): the answer is
 * `RECEIVER_CALL ‖ receiver ‖ ticket ‖ call data`. The stub makes the call, then asks the bridge
 * again with `ticket ‖ success ‖ what the receiver returned`, and answers as that second answer
 * says. A ticket's first bytes are not zero, so it is never an address word (a forwarded call).
 */
export const RECEIVER_CALL = `0x${'e4417ca11'.padEnd(64, 'f')}` as const;

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * CALL the bridge with memory[0 … argsSize] (`argsSize` the code that pushes it), all the gas, no
 * value; then copy what it returned to memory[0 …], leaving its success on the stack.
 */
const callBridge = (argsSize: string) => [
  '60006000', // PUSH1 0 (retSize) PUSH1 0 (retOffset)
  argsSize,
  '6000', // PUSH1 0 (argsOffset)
  '6000', // PUSH1 0 (value)
  `73${BRIDGE_ADDRESS.slice(2)}`, // PUSH20 the bridge
  '5af1', // GAS CALL
  '3d600060003e', // RETURNDATASIZE PUSH1 0 PUSH1 0 RETURNDATACOPY
];

/** The stub's code as labelled pieces; a jump's target is its label's offset. */
function assemble(pieces: readonly (string | { label: string } | { jumpTo: string })[]): `0x${string}` {
  const offsets = new Map<string, number>();
  let at = 0;
  for (const p of pieces) {
    if (typeof p === 'string') at += p.length / 2;
    else if ('label' in p) offsets.set(p.label, at);
    else at += 2; // PUSH1 target
  }
  return `0x${pieces
    .map((p) => (typeof p === 'string' ? p : 'label' in p ? '' : `60${hex(offsets.get(p.jumpTo)!)}`))
    .join('')}`;
}

/**
 * The stub every modelled contract runs: memory[0..96] = ADDRESS, CALLER, CALLVALUE, then the call
 * data; CALL the bridge with it; revert with what it returned when it failed; when it asks for a
 * receiver's call (`RECEIVER_CALL`), make it and CALL the bridge again with the ticket, the success
 * and the returned data; return (or revert with) what the bridge returned last.
 */
export const STUB_CODE: `0x${string}` = assemble([
  '30600052', // ADDRESS PUSH1 0 MSTORE
  '33602052', // CALLER PUSH1 32 MSTORE
  '34604052', // CALLVALUE PUSH1 64 MSTORE
  '3660006060' + '37', // CALLDATASIZE PUSH1 0 PUSH1 96 CALLDATACOPY
  ...callBridge('36606001'), // argsSize: CALLDATASIZE PUSH1 96 ADD
  { jumpTo: 'answered' },
  '57', // JUMPI
  '3d6000fd', // RETURNDATASIZE PUSH1 0 REVERT
  { label: 'answered' },
  '5b', // JUMPDEST
  `7f${RECEIVER_CALL.slice(2)}`, // PUSH32 RECEIVER_CALL
  '600051', // PUSH1 0 MLOAD
  '14', // EQ
  { jumpTo: 'receiver' },
  '57', // JUMPI
  '3d6000f3', // RETURNDATASIZE PUSH1 0 RETURN
  { label: 'receiver' },
  '5b', // JUMPDEST
  '60006000', // PUSH1 0 (retSize) PUSH1 0 (retOffset)
  '60603d03', // PUSH1 96 RETURNDATASIZE SUB (argsSize: the call data after the three words)
  '6060', // PUSH1 96 (argsOffset)
  '6000', // PUSH1 0 (value)
  '602051', // PUSH1 32 MLOAD (the receiver)
  '5af1', // GAS CALL
  '604051', // PUSH1 64 MLOAD (the ticket)
  '600052', // PUSH1 0 MSTORE
  '602052', // PUSH1 32 MSTORE (the success)
  '3d600060403e', // RETURNDATASIZE PUSH1 0 PUSH1 64 RETURNDATACOPY (what the receiver returned)
  ...callBridge('3d604001'), // argsSize: RETURNDATASIZE PUSH1 64 ADD
  { jumpTo: 'done' },
  '57', // JUMPI
  '3d6000fd', // RETURNDATASIZE PUSH1 0 REVERT
  { label: 'done' },
  '5b3d6000f3', // JUMPDEST RETURNDATASIZE PUSH1 0 RETURN
]);
