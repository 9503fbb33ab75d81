import { header, type Source, type SourceContext } from './context.js';

/** The code EOAs delegate to (EIP-7702): it runs calls for the account whose code it is, called by that account only. */
export function batchExecutorSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/${ctx.name}.sol`,
      sourceCode: `${header(ctx, ctx.name)}/// @dev Delegated to by externally owned accounts (EIP-7702): the account calls itself to run
///      one call or a batch, paying gas once; nobody else may call through it.
contract ${ctx.name} {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    event Executed(address indexed to, uint256 value, bytes data);

    /// @notice Batches run through this account so far.
    uint256 public nonce;

    modifier onlySelf() {
        require(msg.sender == address(this), "${ctx.name}: only the account itself");
        _;
    }

    function execute(address to, uint256 value, bytes calldata data) external payable onlySelf {
        _call(to, value, data);
        nonce++;
    }

    function executeBatch(Call[] calldata calls) external payable onlySelf {
        for (uint256 i = 0; i < calls.length; i++) _call(calls[i].to, calls[i].value, calls[i].data);
        nonce++;
    }

    function _call(address to, uint256 value, bytes calldata data) private {
        (bool ok, bytes memory result) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        emit Executed(to, value, data);
    }

    receive() external payable {}
}
`,
    },
    imports: [],
  };
}
