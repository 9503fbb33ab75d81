import { header, type Source, type SourceContext } from './context.js';

export const ADDRESS_BOOK_PATH = 'contracts/libraries/AddressBook.sol';

/** The linked library: address helpers. */
export function addressBookSource(ctx: SourceContext): Source {
  return {
    main: {
      filePath: ADDRESS_BOOK_PATH,
      sourceCode: `${header(ctx, 'AddressBook: helpers for working with addresses')}
library ${ctx.name} {
    error InsufficientBalance(uint256 balance, uint256 needed);
    error SendFailed(address recipient);

    /// @notice Whether \`account\` holds code.
    function isContract(address account) public view returns (bool) {
        return account.code.length > 0;
    }

    /// @notice The lower-case hex form of an address.
    function toChecksumString(address account) public pure returns (string memory) {
        bytes memory alphabet = "0123456789abcdef";
        bytes memory out = new bytes(42);
        out[0] = "0";
        out[1] = "x";
        uint160 value = uint160(account);
        for (uint256 i = 41; i > 1; --i) {
            out[i] = alphabet[value & 0xf];
            value >>= 4;
        }
        return string(out);
    }

    /// @notice Sends \`amount\` wei to \`recipient\`, forwarding all gas.
    function sendValue(address recipient, uint256 amount) public {
        if (address(this).balance < amount) revert InsufficientBalance(address(this).balance, amount);
        (bool ok, ) = payable(recipient).call{value: amount}("");
        if (!ok) revert SendFailed(recipient);
    }
}
`,
    },
    imports: [],
  };
}
