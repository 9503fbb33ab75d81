/**
 * Where the contracts the ledger models (catalogue tokens and contracts, a scenario's declared
 * ones, Multicall3) reach the models from the EVM: their code is a stub that forwards its address,
 * caller, value and call data to this precompile, which answers as the models do.
 */
export const BRIDGE_ADDRESS = '0x00000000000000000000000000000000000e4417';

/**
 * The stub every modelled contract runs: memory[0..96] = ADDRESS, CALLER, CALLVALUE, then the call
 * data; CALL the bridge with it; return what it returned, or revert with it.
 */
export const STUB_CODE: `0x${string}` = `0x${[
  '30600052', // ADDRESS PUSH1 0 MSTORE
  '33602052', // CALLER PUSH1 32 MSTORE
  '34604052', // CALLVALUE PUSH1 64 MSTORE
  '3660006060' + '37', // CALLDATASIZE PUSH1 0 PUSH1 96 CALLDATACOPY
  '60006000', // PUSH1 0 (retSize) PUSH1 0 (retOffset)
  '36606001', // CALLDATASIZE PUSH1 96 ADD (argsSize)
  '6000', // PUSH1 0 (argsOffset)
  '6000', // PUSH1 0 (value)
  `73${BRIDGE_ADDRESS.slice(2)}`, // PUSH20 the bridge
  '5af1', // GAS CALL
  '3d600060003e', // RETURNDATASIZE PUSH1 0 PUSH1 0 RETURNDATACOPY
  '604257', // PUSH1 0x42 JUMPI
  '3d6000fd', // RETURNDATASIZE PUSH1 0 REVERT
  '5b3d6000f3', // JUMPDEST RETURNDATASIZE PUSH1 0 RETURN
].join('')}`;
