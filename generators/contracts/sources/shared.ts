import type { SourceFile } from './context.js';

/** Files that several contracts import, as a verified contract's additional sources. */
export const OWNABLE: SourceFile = {
  filePath: '@openzeppelin/contracts/access/Ownable.sol',
  sourceCode: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// @dev Contract module which provides a basic access control mechanism, where there is an
/// account (an owner) that can be granted exclusive access to specific functions.
abstract contract Ownable {
    address private _owner;

    error OwnableUnauthorizedAccount(address account);

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(address initialOwner) {
        _owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    modifier onlyOwner() {
        if (msg.sender != _owner) revert OwnableUnauthorizedAccount(msg.sender);
        _;
    }

    function owner() public view virtual returns (address) {
        return _owner;
    }
}
`,
};

export const IERC20: SourceFile = {
  filePath: '@openzeppelin/contracts/token/ERC20/IERC20.sol',
  sourceCode: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// @dev Interface of the ERC-20 standard as defined in the ERC.
interface IERC20 {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}
`,
};

export const IORACLE: SourceFile = {
  filePath: 'contracts/interfaces/IPriceOracle.sol',
  sourceCode: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// @dev The price feed vaults, routers and pools read.
interface IPriceOracle {
    function decimals() external view returns (uint8);
    function latestAnswer() external view returns (int256);
}
`,
};
