// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "./Ownable.sol";

/// @title Greeter
/// @notice Keeps a greeting anyone can read and its owner can change; takes tips.
contract Greeter is Ownable {
    string private _greeting;
    uint256 public changes;

    event GreetingChanged(address indexed by, string greeting);
    event Tipped(address indexed from, uint256 amount);

    constructor(string memory initialGreeting) Ownable(msg.sender) {
        _greeting = initialGreeting;
    }

    function greet() external view returns (string memory) {
        return _greeting;
    }

    function setGreeting(string calldata next) external onlyOwner {
        require(bytes(next).length > 0, "Greeter: empty greeting");
        _greeting = next;
        changes += 1;
        emit GreetingChanged(msg.sender, next);
    }

    function tip() external payable {
        require(msg.value > 0, "Greeter: no tip");
        emit Tipped(msg.sender, msg.value);
    }

    function withdraw(address payable to, uint256 amount) external onlyOwner {
        require(amount <= address(this).balance, "Greeter: not enough tips");
        to.transfer(amount);
    }
}
