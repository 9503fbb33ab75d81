import { header, type Source, type SourceContext } from './context.js';

export function vyperEscrowSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/${ctx.name}.vy`,
      sourceCode: `# @version ^0.3.10
"""
@title ${ctx.name}
@author ${ctx.author}
@notice ${ctx.blurb}
@dev Deposits are held until the arbiter releases them or the depositor takes them back.
"""

event Deposited:
    depositor: indexed(address)
    amount: uint256

event Released:
    recipient: indexed(address)
    amount: uint256

event Refunded:
    depositor: indexed(address)
    amount: uint256

arbiter: public(address)
deposits: public(HashMap[address, uint256])
total: uint256


@external
def __init__(arbiter: address):
    self.arbiter = arbiter


@external
@payable
def deposit():
    self.deposits[msg.sender] += msg.value
    self.total += msg.value
    log Deposited(msg.sender, msg.value)


@external
@nonreentrant("lock")
def release(recipient: address):
    assert msg.sender == self.arbiter, "only the arbiter releases"
    amount: uint256 = self.total
    self.total = 0
    send(recipient, amount)
    log Released(recipient, amount)


@external
@nonreentrant("lock")
def refund():
    amount: uint256 = self.deposits[msg.sender]
    assert amount > 0, "nothing to refund"
    self.deposits[msg.sender] = 0
    self.total -= amount
    send(msg.sender, amount)
    log Refunded(msg.sender, amount)
`,
    },
    imports: [],
  };
}

export function failedDeploySource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/${ctx.name}.sol`,
      sourceCode: `${header(ctx, `${ctx.name}: a sale that opens at a set time`)}
contract ${ctx.name} {
    uint256 public immutable startTime;
    address public immutable beneficiary;

    event Purchased(address indexed buyer, uint256 amount);

    constructor(uint256 startTime_, address beneficiary_) {
        require(startTime_ > block.timestamp, "TokenSale: start time is in the past");
        startTime = startTime_;
        beneficiary = beneficiary_;
    }

    function buy() external payable {
        require(block.timestamp >= startTime, "TokenSale: not open");
        (bool ok, ) = payable(beneficiary).call{value: msg.value}("");
        require(ok, "send failed");
        emit Purchased(msg.sender, msg.value);
    }
}
`,
    },
    imports: [],
  };
}
