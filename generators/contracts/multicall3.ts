import type { Abi } from 'abitype';
import * as Abis from 'ox/Abi';
import type { CustomCode, Hex } from '../../src/chain/types.js';

/** Multicall3's canonical address: every chain has it there (viem's and wagmi's batched reads call it). */
export const MULTICALL3_ADDRESS: Hex = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Multicall3's interface (mds1/multicall3), in human-readable form. */
export const MULTICALL3_SIGNATURES = [
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate(Call[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function aggregate3Value(Call3Value[] calls) payable returns (Result[] returnData)',
  'function blockAndAggregate(Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function tryAggregate(bool requireSuccess, Call[] calls) payable returns (Result[] returnData)',
  'function tryBlockAndAggregate(bool requireSuccess, Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function getBasefee() view returns (uint256 basefee)',
  'function getBlockHash(uint256 blockNumber) view returns (bytes32 blockHash)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getChainId() view returns (uint256 chainid)',
  'function getCurrentBlockCoinbase() view returns (address coinbase)',
  'function getCurrentBlockDifficulty() view returns (uint256 difficulty)',
  'function getCurrentBlockGasLimit() view returns (uint256 gaslimit)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getLastBlockHash() view returns (bytes32 blockHash)',
] as const;

export const MULTICALL3_ABI: Abi = Abis.from(MULTICALL3_SIGNATURES);

/** The verified source the explorer shows for it: this project's own implementation of the interface. */
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.12;

/// @title Multicall3
/// @notice Aggregates calls, with or without requiring each to succeed, and reads block values.
contract Multicall3 {
    struct Call { address target; bytes callData; }
    struct Call3 { address target; bool allowFailure; bytes callData; }
    struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }
    struct Result { bool success; bytes returnData; }

    function aggregate(Call[] calldata calls) public payable returns (uint256 blockNumber, bytes[] memory returnData) {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success, "Multicall3: call failed");
            returnData[i] = data;
        }
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    function tryBlockAndAggregate(bool requireSuccess, Call[] calldata calls)
        public payable returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        blockNumber = block.number;
        blockHash = blockhash(block.number);
        returnData = tryAggregate(requireSuccess, calls);
    }

    function blockAndAggregate(Call[] calldata calls)
        public payable returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        (blockNumber, blockHash, returnData) = tryBlockAndAggregate(true, calls);
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    function aggregate3Value(Call3Value[] calldata calls) public payable returns (Result[] memory returnData) {
        uint256 total;
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            total += calls[i].value;
            (bool success, bytes memory data) = calls[i].target.call{value: calls[i].value}(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
        require(msg.value == total, "Multicall3: value mismatch");
    }

    function getBlockHash(uint256 blockNumber) public view returns (bytes32 blockHash) { blockHash = blockhash(blockNumber); }
    function getBlockNumber() public view returns (uint256 blockNumber) { blockNumber = block.number; }
    function getCurrentBlockCoinbase() public view returns (address coinbase) { coinbase = block.coinbase; }
    function getCurrentBlockDifficulty() public view returns (uint256 difficulty) { difficulty = block.difficulty; }
    function getCurrentBlockGasLimit() public view returns (uint256 gaslimit) { gaslimit = block.gaslimit; }
    function getCurrentBlockTimestamp() public view returns (uint256 timestamp) { timestamp = block.timestamp; }
    function getEthBalance(address addr) public view returns (uint256 balance) { balance = addr.balance; }
    function getLastBlockHash() public view returns (bytes32 blockHash) { blockHash = blockhash(block.number - 1); }
    function getBasefee() public view returns (uint256 basefee) { basefee = block.basefee; }
    function getChainId() public view returns (uint256 chainid) { chainid = block.chainid; }
}
`;

/** Multicall3 as a chain predeploys it: its interface, its verified source, its compiler. */
export const multicall3Code = (): CustomCode => ({
  abi: MULTICALL3_ABI,
  contractName: 'Multicall3',
  bytecode: null,
  deployedBytecode: null,
  sources: [{ filePath: 'src/Multicall3.sol', content: SOURCE }],
  compiler: { version: '0.8.12+commit.f00d7308', optimizer: { enabled: true, runs: 10_000_000 } },
});
