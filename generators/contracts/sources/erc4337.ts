import { header, type Source, type SourceContext } from './context.js';

/**
 * ERC-4337 sources: condensed EntryPoints (the handleOps loop, deposits, the events the
 * user-operations indexer reads), a SimpleAccount-style smart account, its CREATE2 factory and a
 * verifying paymaster. Written for this catalogue after the reference implementation's design;
 * the ABIs the chain encodes with are the EntryPoints' own.
 */
const single = (ctx: SourceContext, body: string): Source => ({
  main: { filePath: `contracts/${ctx.name}.sol`, sourceCode: `${header(ctx, ctx.name)}${body}` },
  imports: [],
});

const entryPointBody = (ctx: SourceContext, version: '0.6' | '0.7') => {
  const op = version === '0.6' ? 'UserOperation' : 'PackedUserOperation';
  const fields =
    version === '0.6'
      ? `        address sender;
        uint256 nonce;
        bytes initCode;
        bytes callData;
        uint256 callGasLimit;
        uint256 verificationGasLimit;
        uint256 preVerificationGas;
        uint256 maxFeePerGas;
        uint256 maxPriorityFeePerGas;
        bytes paymasterAndData;
        bytes signature;`
      : `        address sender;
        uint256 nonce;
        bytes initCode;
        bytes callData;
        bytes32 accountGasLimits; // verificationGasLimit ‖ callGasLimit
        uint256 preVerificationGas;
        bytes32 gasFees; // maxPriorityFeePerGas ‖ maxFeePerGas
        bytes paymasterAndData; // paymaster ‖ verification gas ‖ postOp gas ‖ data
        bytes signature;`;
  return `/// @dev ERC-4337 EntryPoint v${version}: bundlers call handleOps with user operations; each is
///      validated (its account created by its factory on its first operation, its prefund taken
///      from its deposit or its paymaster's), then executed; the bundler is paid the gas used.
contract ${ctx.name} {
    struct ${op} {
${fields}
    }

    event Deposited(address indexed account, uint256 totalDeposit);
    event Withdrawn(address indexed account, address withdrawAddress, uint256 amount);
    event AccountDeployed(bytes32 indexed userOpHash, address indexed sender, address factory, address paymaster);
    event BeforeExecution();
    event UserOperationEvent(
        bytes32 indexed userOpHash,
        address indexed sender,
        address indexed paymaster,
        uint256 nonce,
        bool success,
        uint256 actualGasCost,
        uint256 actualGasUsed
    );
    event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason);

    error FailedOp(uint256 opIndex, string reason);

    struct DepositInfo {
        uint${version === '0.6' ? '112' : '256'} deposit;
        bool staked;
        uint112 stake;
        uint32 unstakeDelaySec;
        uint48 withdrawTime;
    }
${
  version === '0.6'
    ? `
    uint256 public constant SIG_VALIDATION_FAILED = 1;
`
    : ''
}
    mapping(address => DepositInfo) public deposits;
    /// @notice The next sequence number of each (sender, key): a nonce is key << 64 | sequence.
    mapping(address => mapping(uint192 => uint256)) public nonceSequenceNumber;

    function balanceOf(address account) public view returns (uint256) {
        return deposits[account].deposit;
    }

    function getDepositInfo(address account) public view returns (DepositInfo memory info) {
        return deposits[account];
    }

    function getNonce(address sender, uint192 key) public view returns (uint256 nonce) {
        return nonceSequenceNumber[sender][key] | (uint256(key) << 64);
    }

    function incrementNonce(uint192 key) public {
        nonceSequenceNumber[msg.sender][key]++;
    }

    function depositTo(address account) public payable {
        uint256 total = deposits[account].deposit + msg.value;
        deposits[account].deposit = uint${version === '0.6' ? '112' : '256'}(total);
        emit Deposited(account, total);
    }

    function addStake(uint32 unstakeDelaySec) public payable {
        DepositInfo storage info = deposits[msg.sender];
        require(unstakeDelaySec > 0 && unstakeDelaySec >= info.unstakeDelaySec, "must specify unstake delay");
        info.stake += uint112(msg.value);
        info.staked = true;
        info.unstakeDelaySec = unstakeDelaySec;
        info.withdrawTime = 0;
    }

    function unlockStake() external {
        DepositInfo storage info = deposits[msg.sender];
        require(info.staked, "not staked");
        info.withdrawTime = uint48(block.timestamp) + info.unstakeDelaySec;
        info.staked = false;
    }

    function withdrawStake(address payable withdrawAddress) external {
        DepositInfo storage info = deposits[msg.sender];
        uint256 stake = info.stake;
        require(info.withdrawTime > 0 && info.withdrawTime <= block.timestamp, "Stake withdrawal is not due");
        info.stake = 0;
        (bool ok, ) = withdrawAddress.call{value: stake}("");
        require(ok, "failed to withdraw stake");
    }

    function getUserOpHash(${op} calldata userOp) public view returns (bytes32) {
        return keccak256(abi.encode(keccak256(abi.encode(userOp.sender, userOp.nonce, keccak256(userOp.initCode), keccak256(userOp.callData))), address(this), block.chainid));
    }

    function getSenderAddress(bytes calldata initCode) public {
        // … runs the factory in initCode and reverts with SenderAddressResult(sender) …
    }
${
  version === '0.6'
    ? `
    function simulateValidation(${op} calldata userOp) external {
        // … validates as handleOps would and reverts with ValidationResult …
    }

    function simulateHandleOp(${op} calldata op, address target, bytes calldata targetCallData) external {
        // … runs validation and execution and reverts with ExecutionResult …
    }

    function _validateSenderAndPaymaster(bytes calldata initCode, address sender, bytes calldata paymasterAndData) external view {
        // … checks the sender and paymaster have code …
    }
`
    : `
    function delegateAndRevert(address target, bytes calldata data) external {
        (bool success, bytes memory ret) = target.delegatecall(data);
        revert DelegateAndRevert(success, ret);
    }

    error DelegateAndRevert(bool success, bytes ret);

    function supportsInterface(bytes4 interfaceId) public pure returns (bool) {
        return interfaceId == 0x01ffc9a7;
    }
`
}
    struct UserOpsPerAggregator {
        ${op}[] userOps;
        address aggregator;
        bytes signature;
    }

    function handleAggregatedOps(UserOpsPerAggregator[] calldata opsPerAggregator, address payable beneficiary) external {
        // … as handleOps, each group's signatures checked by its aggregator …
    }

    function innerHandleOp(bytes memory callData, bytes calldata opInfo, bytes calldata context) external returns (uint256 actualGasCost) {
        require(msg.sender == address(this), "AA92 internal call only");
        // … calls the sender with callData, then the paymaster's postOp, and prices the gas used …
    }

    function withdrawTo(address payable withdrawAddress, uint256 amount) external {
        require(amount <= deposits[msg.sender].deposit, "Withdraw amount too large");
        deposits[msg.sender].deposit -= uint${version === '0.6' ? '112' : '256'}(amount);
        emit Withdrawn(msg.sender, withdrawAddress, amount);
        (bool ok, ) = withdrawAddress.call{value: amount}("");
        require(ok, "failed to withdraw");
    }

    function handleOps(${op}[] calldata ops, address payable beneficiary) external {
        uint256 collected;
        for (uint256 i = 0; i < ops.length; i++) _validate(i, ops[i]);
        emit BeforeExecution();
        for (uint256 i = 0; i < ops.length; i++) collected += _execute(i, ops[i]);
        (bool ok, ) = beneficiary.call{value: collected}("");
        require(ok, "AA91 failed send to beneficiary");
    }

    function _validate(uint256 opIndex, ${op} calldata op) internal {
        uint192 key = uint192(op.nonce >> 64);
        if (nonceSequenceNumber[op.sender][key]++ != uint64(op.nonce)) revert FailedOp(opIndex, "AA25 invalid account nonce");
        // … the sender created by its factory when initCode is set, validateUserOp, the prefund …
    }

    function _execute(uint256 opIndex, ${op} calldata op) internal returns (uint256 actualGasCost) {
        // … the call to the sender with callData; a revert is reported, not propagated …
    }

    receive() external payable {
        depositTo(msg.sender);
    }
}
`;
};

export const entryPointV06Source = (ctx: SourceContext): Source => single(ctx, entryPointBody(ctx, '0.6'));
export const entryPointV07Source = (ctx: SourceContext): Source => single(ctx, entryPointBody(ctx, '0.7'));

export const smartAccountSource = (ctx: SourceContext): Source =>
  single(
    ctx,
    `/// @dev A minimal ERC-4337 account: one owner signs its user operations; the EntryPoint (or the
///      owner) makes it call out, one call or a batch.
contract ${ctx.name} {
    address public owner;
    address private immutable _entryPoint;

    event SimpleAccountInitialized(address indexed entryPoint, address indexed owner);

    constructor(address anEntryPoint) {
        _entryPoint = anEntryPoint;
    }

    function entryPoint() public view returns (address) {
        return _entryPoint;
    }

    function initialize(address anOwner) public {
        require(owner == address(0), "already initialized");
        owner = anOwner;
        emit SimpleAccountInitialized(_entryPoint, anOwner);
    }

    modifier onlyEntryPointOrOwner() {
        require(msg.sender == _entryPoint || msg.sender == owner, "account: not Owner or EntryPoint");
        _;
    }

    function execute(address dest, uint256 value, bytes calldata func) external onlyEntryPointOrOwner {
        _call(dest, value, func);
    }

    function executeBatch(address[] calldata dest, uint256[] calldata value, bytes[] calldata func)
        external
        onlyEntryPointOrOwner
    {
        require(dest.length == func.length && (value.length == 0 || value.length == func.length), "wrong array lengths");
        for (uint256 i = 0; i < dest.length; i++) _call(dest[i], value.length == 0 ? 0 : value[i], func[i]);
    }

    function _call(address target, uint256 value, bytes memory data) internal {
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function getNonce() public view returns (uint256) {
        (bool ok, bytes memory result) = _entryPoint.staticcall(abi.encodeWithSignature("getNonce(address,uint192)", address(this), uint192(0)));
        require(ok);
        return abi.decode(result, (uint256));
    }

    function getDeposit() public view returns (uint256) {
        (bool ok, bytes memory result) = _entryPoint.staticcall(abi.encodeWithSignature("balanceOf(address)", address(this)));
        require(ok);
        return abi.decode(result, (uint256));
    }

    function addDeposit() public payable {
        (bool ok, ) = _entryPoint.call{value: msg.value}(abi.encodeWithSignature("depositTo(address)", address(this)));
        require(ok);
    }

    function withdrawDepositTo(address payable withdrawAddress, uint256 amount) public {
        require(msg.sender == owner, "only owner");
        (bool ok, ) = _entryPoint.call(abi.encodeWithSignature("withdrawTo(address,uint256)", withdrawAddress, amount));
        require(ok);
    }

    receive() external payable {}
}
`,
  );

export const accountFactorySource = (ctx: SourceContext): Source =>
  single(
    ctx,
    `/// @dev Creates smart accounts at counterfactual CREATE2 addresses: the EntryPoint calls
///      createAccount from an operation's initCode the first time its sender is used.
interface IAccount {
    function initialize(address anOwner) external;
}

contract ${ctx.name} {
    address public immutable accountImplementation;

    constructor(address entryPoint) {
        accountImplementation = entryPoint;
    }

    function createAccount(address owner, uint256 salt) public returns (address ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return addr;
        bytes memory code = _creationCode();
        assembly {
            ret := create2(0, add(code, 32), mload(code), salt)
        }
        IAccount(ret).initialize(owner);
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        owner;
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(_creationCode()))))));
    }

    function _creationCode() internal view returns (bytes memory) {
        return abi.encodePacked(type(SimpleAccountProxy).creationCode, abi.encode(accountImplementation));
    }
}

contract SimpleAccountProxy {
    address private immutable _implementation;

    constructor(address implementation) {
        _implementation = implementation;
    }
}
`,
  );

export const paymasterSource = (ctx: SourceContext): Source =>
  single(
    ctx,
    `/// @dev Pays for the user operations its signer approved, from its deposit in the EntryPoint.
contract ${ctx.name} {
    address public immutable entryPoint;
    address public immutable verifyingSigner;
    address public owner;

    constructor(address anEntryPoint, address aVerifyingSigner) {
        entryPoint = anEntryPoint;
        verifyingSigner = aVerifyingSigner;
        owner = msg.sender;
    }

    function deposit() public payable {
        (bool ok, ) = entryPoint.call{value: msg.value}(abi.encodeWithSignature("depositTo(address)", address(this)));
        require(ok, "deposit failed");
    }

    function getDeposit() public view returns (uint256) {
        (bool ok, bytes memory result) = entryPoint.staticcall(abi.encodeWithSignature("balanceOf(address)", address(this)));
        require(ok);
        return abi.decode(result, (uint256));
    }

    function withdrawTo(address payable withdrawAddress, uint256 amount) public {
        require(msg.sender == owner, "only owner");
        (bool ok, ) = entryPoint.call(abi.encodeWithSignature("withdrawTo(address,uint256)", withdrawAddress, amount));
        require(ok);
    }

    function addStake(uint32 unstakeDelaySec) external payable {
        require(msg.sender == owner, "only owner");
        (bool ok, ) = entryPoint.call{value: msg.value}(abi.encodeWithSignature("addStake(uint32)", unstakeDelaySec));
        require(ok);
    }
}
`,
  );
