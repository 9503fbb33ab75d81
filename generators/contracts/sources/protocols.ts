import { header, type Source, type SourceContext } from './context.js';
import { ADDRESS_BOOK_PATH } from './library.js';
import { IERC20, IORACLE, OWNABLE } from './shared.js';

const file = (ctx: SourceContext) => `contracts/${ctx.name}.sol`;

export function vaultSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: file(ctx),
      sourceCode: `${header(ctx, `${ctx.name}: pooled coin deposits`)}
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";

contract ${ctx.name} {
    IPriceOracle public immutable oracle;
    uint256 public totalDeposits;
    mapping(address => uint256) private _balances;

    event Deposited(address indexed account, uint256 amount);
    event Withdrawn(address indexed account, uint256 amount);

    error InsufficientBalance(uint256 balance, uint256 needed);

    constructor(address oracle_) {
        oracle = IPriceOracle(oracle_);
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    /// @notice Deposits the coin sent with the call${ctx.variant === 0 ? ', priced by the oracle for the event log' : ''}.
    function deposit() external payable {
        require(oracle.latestAnswer() > 0, "oracle down");
        _balances[msg.sender] += msg.value;
        totalDeposits += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        uint256 balance = _balances[msg.sender];
        if (balance < amount) revert InsufficientBalance(balance, amount);
        _balances[msg.sender] = balance - amount;
        totalDeposits -= amount;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "send failed");
        emit Withdrawn(msg.sender, amount);
    }

    /// @dev Plain transfers are refused: deposits go through deposit().
    receive() external payable {
        revert("use deposit()");
    }
}
`,
    },
    imports: [IORACLE],
  };
}

export function routerSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: file(ctx),
      sourceCode: `${header(ctx, `${ctx.name}: swaps between the coin and tokens at the oracle's quote`)}
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

contract ${ctx.name} {
    address public immutable factory;
    address public immutable WETH;
    uint256 public constant TOKENS_PER_COIN = 2_000;

    event Swap(address indexed sender, uint256 amountIn, uint256 amountOut, address indexed to);

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "UniswapV2Router: EXPIRED");
        _;
    }

    constructor(address factory_, address weth_) {
        factory = factory_;
        WETH = weth_;
    }

    function getAmountsOut(uint256 amountIn, address[] calldata path) public pure returns (uint256[] memory amounts) {
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 1; i < path.length; ++i) amounts[i] = amounts[i - 1] * TOKENS_PER_COIN;
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external payable ensure(deadline) returns (uint256[] memory amounts)
    {
        amounts = getAmountsOut(msg.value, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT");
        IERC20(path[path.length - 1]).transfer(to, amounts[amounts.length - 1]);
        emit Swap(msg.sender, msg.value, amounts[amounts.length - 1], to);
    }

    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external ensure(deadline) returns (uint256[] memory amounts)
    {
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        amounts[path.length - 1] = amountIn / TOKENS_PER_COIN;
        require(amounts[path.length - 1] >= amountOutMin, "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT");
        IERC20(path[path.length - 1]).transferFrom(msg.sender, address(this), amountIn);
        (bool ok, ) = payable(to).call{value: amounts[path.length - 1]}("");
        require(ok, "UniswapV2Router: ETH_TRANSFER_FAILED");
        emit Swap(msg.sender, amountIn, amounts[path.length - 1], to);
    }

    receive() external payable {}
}
`,
    },
    imports: [IERC20],
  };
}

export function factorySource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: file(ctx),
      sourceCode: `${header(ctx, `${ctx.name}: EIP-1167 clones and CREATE2 deployments`)}
contract ${ctx.name} {
    event CloneCreated(address indexed implementation, address instance);
    event Deployed(bytes32 indexed salt, address deployed);

    error CreateFailed();

    /// @notice Deploys a minimal proxy (EIP-1167) that delegates every call to \`implementation\`.
    function createClone(address implementation) external returns (address instance) {
        bytes20 target = bytes20(implementation);
        assembly {
            let code := mload(0x40)
            mstore(code, 0x3d602d80600a3d3981f3363d3d373d3d3d363d73000000000000000000000000)
            mstore(add(code, 0x14), target)
            mstore(add(code, 0x28), 0x5af43d82803e903d91602b57fd5bf30000000000000000000000000000000000)
            instance := create(0, code, 0x37)
        }
        if (instance == address(0)) revert CreateFailed();
        emit CloneCreated(implementation, instance);
    }

    /// @notice Deploys a vault at an address known in advance.
    function deploy(bytes32 salt) external returns (address deployed) {
        deployed = address(new DeterministicVault{salt: salt}());
        emit Deployed(salt, deployed);
    }

    function predictAddress(bytes32 salt) external view returns (address) {
        bytes32 hash = keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(type(DeterministicVault).creationCode)));
        return address(uint160(uint256(hash)));
    }
}

contract DeterministicVault {
    receive() external payable {}
}
`,
    },
    imports: [],
  };
}

export function oracleSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: file(ctx),
      sourceCode: `${header(ctx, `${ctx.name}: a push price feed`)}
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract ${ctx.name} is Ownable {
    uint8 public immutable decimals;
    string public description;
    uint256 public latestRound;
    int256 private _answer;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, string memory description_) Ownable(msg.sender) {
        decimals = decimals_;
        description = description_;
    }

    function latestAnswer() external view returns (int256) {
        return _answer;
    }

    function updateAnswer(int256 answer) external onlyOwner {
        _answer = answer;
        latestRound += 1;
        emit AnswerUpdated(answer, latestRound, block.timestamp);
    }
}
`,
    },
    imports: [OWNABLE],
  };
}

export function lendingPoolSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: file(ctx),
      sourceCode: `${header(ctx, `${ctx.name}: over-collateralised lending with liquidations`)}
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {AddressBook} from "${ADDRESS_BOOK_PATH}";

contract ${ctx.name} {
    uint256 public constant LIQUIDATION_BONUS_BPS = 10_500;
    IPriceOracle public immutable oracle;
    mapping(address => mapping(address => uint256)) public supplied;

    event Deposit(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint16 indexed referralCode);
    event LiquidationCall(
        address indexed collateralAsset,
        address indexed debtAsset,
        address indexed user,
        uint256 debtToCover,
        uint256 liquidatedCollateralAmount,
        address liquidator,
        bool receiveAToken
    );

    constructor(address oracle_) {
        oracle = IPriceOracle(oracle_);
    }

    function deposit(address asset, uint256 amount, address onBehalfOf, uint16 referralCode) external {
        require(AddressBook.isContract(asset), "not a token");
        IERC20(asset).transferFrom(msg.sender, address(this), amount);
        supplied[asset][onBehalfOf] += amount;
        emit Deposit(asset, msg.sender, onBehalfOf, amount, referralCode);
    }

    /// @notice Repays \`debtToCover\` of \`user\`'s debt and takes collateral worth 105% of it.
    function liquidationCall(address collateralAsset, address debtAsset, address user, uint256 debtToCover, bool receiveAToken) external {
        require(oracle.latestAnswer() > 0, "oracle down");
        IERC20(debtAsset).transferFrom(msg.sender, address(this), debtToCover);
        uint256 collateral = (debtToCover * LIQUIDATION_BONUS_BPS) / 10_000;
        IERC20(collateralAsset).transfer(msg.sender, collateral);
        emit LiquidationCall(collateralAsset, debtAsset, user, debtToCover, collateral, msg.sender, receiveAToken);
    }
}
`,
    },
    imports: [IERC20, IORACLE],
  };
}

export function multisigSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: file(ctx),
      sourceCode: `${header(ctx, `${ctx.name}: an m-of-n wallet`)}
contract ${ctx.name} {
    struct Transaction {
        address destination;
        uint256 value;
        bytes data;
        bool executed;
    }

    uint256 public required;
    mapping(address => bool) public isOwner;
    mapping(uint256 => Transaction) public transactions;
    mapping(uint256 => mapping(address => bool)) public confirmations;
    uint256 public transactionCount;

    event Submission(uint256 indexed transactionId);
    event Confirmation(address indexed sender, uint256 indexed transactionId);
    event Execution(uint256 indexed transactionId);
    event ExecutionFailure(uint256 indexed transactionId);

    modifier onlyOwner() {
        require(isOwner[msg.sender], "not an owner");
        _;
    }

    constructor(address[] memory owners, uint256 required_) payable {
        for (uint256 i = 0; i < owners.length; ++i) isOwner[owners[i]] = true;
        required = required_;
    }

    function submitTransaction(address destination, uint256 value, bytes calldata data) external onlyOwner returns (uint256 transactionId) {
        transactionId = transactionCount++;
        transactions[transactionId] = Transaction(destination, value, data, false);
        emit Submission(transactionId);
        confirmTransaction(transactionId);
    }

    function confirmTransaction(uint256 transactionId) public onlyOwner {
        confirmations[transactionId][msg.sender] = true;
        emit Confirmation(msg.sender, transactionId);
    }

    /// @notice Executes a confirmed transaction. A failing call is recorded, not reverted.
    function executeTransaction(uint256 transactionId) external onlyOwner {
        Transaction storage txn = transactions[transactionId];
        txn.executed = true;
        (bool ok, ) = txn.destination.call{value: txn.value}(txn.data);
        if (ok) emit Execution(transactionId);
        else {
            emit ExecutionFailure(transactionId);
            txn.executed = false;
        }
    }

    receive() external payable {}
}
`,
    },
    imports: [],
  };
}

export function destructibleSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: file(ctx),
      sourceCode: `${header(ctx, `${ctx.name}: a contract its owner can destroy`)}
contract ${ctx.name} {
    address public immutable owner;
    uint256 public pings;

    event Pinged(address indexed by, uint256 count);

    constructor() payable {
        owner = msg.sender;
    }

    function ping() external {
        pings += 1;
        emit Pinged(msg.sender, pings);
    }

    /// @notice Sends the balance to \`beneficiary\` and removes the code.
    function destroy(address beneficiary) external {
        require(msg.sender == owner, "only owner");
        selfdestruct(payable(beneficiary));
    }
}
`,
    },
    imports: [],
  };
}
