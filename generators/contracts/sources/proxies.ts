import { header, type Source, type SourceContext } from './context.js';

export function implementationSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/${ctx.name}.sol`,
      sourceCode: `${header(ctx, `${ctx.name}: staking pool logic, used behind proxies`)}
/// @dev Storage is the proxy's; \`initialize\` replaces the constructor.
contract ${ctx.name} {
    address public owner;
    uint256 public feeBps;
    bool private _initialized;
    mapping(address => uint256) private _stakes;

    event Staked(address indexed account, uint256 amount);
    event Unstaked(address indexed account, uint256 amount);
    event FeeChanged(uint256 bps);

    error AlreadyInitialized();
    error InsufficientStake(uint256 stake, uint256 needed);

    function initialize(address owner_) external {
        if (_initialized) revert AlreadyInitialized();
        _initialized = true;
        owner = owner_;
        feeBps = ${[25, 30, 50][ctx.variant] ?? 30};
    }

    function stakeOf(address account) external view returns (uint256) {
        return _stakes[account];
    }

    function stake() external payable {
        _stakes[msg.sender] += msg.value;
        emit Staked(msg.sender, msg.value);
    }

    function unstake(uint256 amount) external {
        uint256 current = _stakes[msg.sender];
        if (current < amount) revert InsufficientStake(current, amount);
        _stakes[msg.sender] = current - amount;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "send failed");
        emit Unstaked(msg.sender, amount);
    }

    function setFee(uint256 bps) external {
        require(msg.sender == owner, "only owner");
        require(bps <= 1_000, "fee too high");
        feeBps = bps;
        emit FeeChanged(bps);
    }
}
`,
    },
    imports: [],
  };
}

export function transparentProxySource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/proxy/${ctx.name}.sol`,
      sourceCode: `${header(ctx, `${ctx.name}: an EIP-1967 transparent proxy`)}
contract ${ctx.name} {
    /// @dev keccak256("eip1967.proxy.implementation") - 1
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    /// @dev keccak256("eip1967.proxy.admin") - 1
    bytes32 private constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    modifier ifAdmin() {
        if (msg.sender == _admin()) _;
        else _fallback();
    }

    constructor(address logic, address admin_, bytes memory data) payable {
        _setImplementation(logic);
        _setAdmin(admin_);
        if (data.length > 0) {
            (bool ok, ) = logic.delegatecall(data);
            require(ok, "initialization failed");
        }
    }

    function upgradeTo(address newImplementation) external ifAdmin {
        _setImplementation(newImplementation);
    }

    function implementation() external ifAdmin returns (address) {
        return _implementation();
    }

    function admin() external ifAdmin returns (address) {
        return _admin();
    }

    function changeAdmin(address newAdmin) external ifAdmin {
        emit AdminChanged(_admin(), newAdmin);
        _setAdmin(newAdmin);
    }

    fallback() external payable {
        _fallback();
    }

    receive() external payable {
        _fallback();
    }

    function _fallback() internal {
        address target = _implementation();
        assembly {
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    function _implementation() internal view returns (address target) {
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly { target := sload(slot) }
    }

    function _admin() internal view returns (address current) {
        bytes32 slot = ADMIN_SLOT;
        assembly { current := sload(slot) }
    }

    function _setImplementation(address target) private {
        require(target.code.length > 0, "implementation is not a contract");
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly { sstore(slot, target) }
        emit Upgraded(target);
    }

    function _setAdmin(address newAdmin) private {
        bytes32 slot = ADMIN_SLOT;
        assembly { sstore(slot, newAdmin) }
    }
}
`,
    },
    imports: [],
  };
}
