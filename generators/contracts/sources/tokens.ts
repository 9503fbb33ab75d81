import { header, type Source, type SourceContext } from './context.js';
import { ADDRESS_BOOK_PATH } from './library.js';
import { IERC20, OWNABLE } from './shared.js';

const tokenName = (ctx: SourceContext) => ctx.token?.name ?? ctx.name;

export function erc20Source(ctx: SourceContext): Source {
  const capped = ctx.variant === 2;
  return {
    main: {
      filePath: `contracts/${ctx.name}.sol`,
      sourceCode: `${header(ctx, `${tokenName(ctx)} (${ctx.token?.symbol ?? 'TKN'})`)}
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract ${ctx.name} is IERC20, Ownable {
    string private _name;
    string private _symbol;
    uint8 private immutable _decimals;
    uint256 private _totalSupply;
${capped ? '    uint256 public constant CAP = 1_000_000_000 ether;\n' : ''}
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply) Ownable(msg.sender) {
        _name = name_;
        _symbol = symbol_;
        _decimals = decimals_;
        _mint(msg.sender, initialSupply);
    }

    function name() public view returns (string memory) { return _name; }
    function symbol() public view returns (string memory) { return _symbol; }
    function decimals() public view returns (uint8) { return _decimals; }
    function totalSupply() public view returns (uint256) { return _totalSupply; }
    function balanceOf(address account) public view returns (uint256) { return _balances[account]; }

    function allowance(address owner, address spender) public view returns (uint256) {
        return _allowances[owner][spender];
    }

    function transfer(address to, uint256 amount) public returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) public returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) public returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(msg.sender, allowed, amount);
            _allowances[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    /// @notice Creates \`amount\` new tokens for \`to\`. Only the owner may mint.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /// @notice Destroys \`amount\` of the caller's tokens.
    function burn(uint256 amount) external {
        _transfer(msg.sender, address(0), amount);
        _totalSupply -= amount;
    }

    function _mint(address to, uint256 amount) internal {
${capped ? '        require(_totalSupply + amount <= CAP, "cap exceeded");\n' : ''}        _totalSupply += amount;
        _balances[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 amount) internal {
        uint256 balance = _balances[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        unchecked {
            _balances[from] = balance - amount;
        }
        if (to != address(0)) _balances[to] += amount;
        emit Transfer(from, to, amount);
    }
}
`,
    },
    imports: [IERC20, OWNABLE],
  };
}

export function erc721Source(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/${ctx.name}.sol`,
      sourceCode: `${header(ctx, `${tokenName(ctx)}: an ERC-721 collection`)}
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract ${ctx.name} is Ownable {
    string public name;
    string public symbol;
    string private _baseURI;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _approvals;
    mapping(address => mapping(address => bool)) private _operators;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NotOwnerNorApproved(address caller, uint256 tokenId);
    error AlreadyMinted(uint256 tokenId);

    constructor(string memory name_, string memory symbol_, string memory baseURI) Ownable(msg.sender) {
        name = name_;
        symbol = symbol_;
        _baseURI = baseURI;
    }

    function tokenURI(uint256 tokenId) public view returns (string memory) {
        return string.concat(_baseURI, _toString(tokenId), ".json");
    }

    function balanceOf(address owner) public view returns (uint256) { return _balances[owner]; }
    function ownerOf(uint256 tokenId) public view returns (address) { return _owners[tokenId]; }

    function isApprovedForAll(address owner, address operator) public view returns (bool) {
        return _operators[owner][operator];
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function approve(address to, uint256 tokenId) external {
        address owner = _owners[tokenId];
        if (msg.sender != owner && !_operators[owner][msg.sender]) revert NotOwnerNorApproved(msg.sender, tokenId);
        _approvals[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function getApproved(uint256 tokenId) public view returns (address) { return _approvals[tokenId]; }

    /// @notice ERC-165: ERC-165 itself, ERC-721 and its metadata extension.
    function supportsInterface(bytes4 interfaceId) public pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = _owners[tokenId];
        if (msg.sender != owner && !_operators[owner][msg.sender] && _approvals[tokenId] != msg.sender) {
            revert NotOwnerNorApproved(msg.sender, tokenId);
        }
        _move(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        transferFrom(from, to, tokenId);
${ctx.variant === 1 ? '        require(to.code.length == 0, "ERC721: transfer to non ERC721Receiver implementer");\n' : ''}    }

    function mint(address to, uint256 tokenId) external onlyOwner {
        if (_owners[tokenId] != address(0)) revert AlreadyMinted(tokenId);
        _move(address(0), to, tokenId);
    }

    function burn(uint256 tokenId) external {
        if (msg.sender != _owners[tokenId]) revert NotOwnerNorApproved(msg.sender, tokenId);
        _move(msg.sender, address(0), tokenId);
    }

    function _move(address from, address to, uint256 tokenId) internal {
        if (from != address(0)) _balances[from] -= 1;
        if (to != address(0)) _balances[to] += 1;
        _owners[tokenId] = to;
        delete _approvals[tokenId];
        emit Transfer(from, to, tokenId);
    }

    function _toString(uint256 value) internal pure returns (string memory out) {
        if (value == 0) return "0";
        while (value != 0) {
            out = string.concat(string(abi.encodePacked(bytes1(uint8(48 + (value % 10))))), out);
            value /= 10;
        }
    }
}
`,
    },
    imports: [OWNABLE],
  };
}

export function erc1155Source(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/${ctx.name}.sol`,
      sourceCode: `${header(ctx, `${tokenName(ctx)}: a multi-token collection`)}
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {AddressBook} from "${ADDRESS_BOOK_PATH}";

contract ${ctx.name} is Ownable {
    string private _uri;
    mapping(uint256 => mapping(address => uint256)) private _balances;
    mapping(address => mapping(address => bool)) private _operators;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);

    error LengthMismatch(uint256 ids, uint256 values);
    error InsufficientBalance(address from, uint256 id, uint256 balance, uint256 needed);

    constructor(string memory uri_) Ownable(msg.sender) {
        _uri = uri_;
    }

    function uri(uint256) public view returns (string memory) { return _uri; }

    function balanceOf(address account, uint256 id) public view returns (uint256) {
        return _balances[id][account];
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids) external view returns (uint256[] memory out) {
        if (accounts.length != ids.length) revert LengthMismatch(ids.length, accounts.length);
        out = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; ++i) out[i] = _balances[ids[i]][accounts[i]];
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address account, address operator) public view returns (bool) {
        return _operators[account][operator];
    }

    /// @notice ERC-165: ERC-165 itself, ERC-1155 and its metadata URI extension.
    function supportsInterface(bytes4 interfaceId) public pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0xd9b67a26 || interfaceId == 0x0e89341c;
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external {
        require(from == msg.sender || _operators[from][msg.sender], "ERC1155: caller is not token owner or approved");
        _move(from, to, id, value);
        emit TransferSingle(msg.sender, from, to, id, value);
        _check(to, data);
    }

    function safeBatchTransferFrom(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external {
        if (ids.length != values.length) revert LengthMismatch(ids.length, values.length);
        require(from == msg.sender || _operators[from][msg.sender], "ERC1155: caller is not token owner or approved");
        for (uint256 i = 0; i < ids.length; ++i) _move(from, to, ids[i], values[i]);
        emit TransferBatch(msg.sender, from, to, ids, values);
        _check(to, data);
    }

    function mint(address to, uint256 id, uint256 value, bytes calldata data) external onlyOwner {
        _move(address(0), to, id, value);
        emit TransferSingle(msg.sender, address(0), to, id, value);
        _check(to, data);
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external onlyOwner {
        if (ids.length != values.length) revert LengthMismatch(ids.length, values.length);
        for (uint256 i = 0; i < ids.length; ++i) _move(address(0), to, ids[i], values[i]);
        emit TransferBatch(msg.sender, address(0), to, ids, values);
        _check(to, data);
    }

    function burn(address from, uint256 id, uint256 value) external {
        require(from == msg.sender, "ERC1155: burn from another account");
        _move(from, address(0), id, value);
        emit TransferSingle(msg.sender, from, address(0), id, value);
    }

    function _move(address from, address to, uint256 id, uint256 value) internal {
        if (from != address(0)) {
            uint256 balance = _balances[id][from];
            if (balance < value) revert InsufficientBalance(from, id, balance, value);
            _balances[id][from] = balance - value;
        }
        if (to != address(0)) _balances[id][to] += value;
    }

    function _check(address to, bytes calldata) internal view {
        if (AddressBook.isContract(to)) {
            // Receivers are trusted in this deployment; the hook is not called.
        }
    }
}
`,
    },
    imports: [OWNABLE],
  };
}

export function erc404Source(ctx: SourceContext): Source {
  return {
    main: {
      filePath: `contracts/${ctx.name}.sol`,
      sourceCode: `${header(ctx, `${tokenName(ctx)}: an ERC-404 hybrid token`)}
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @dev Every whole token is backed by one NFT: moving an id moves 10**decimals units with it.
contract ${ctx.name} is Ownable {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public immutable maxTotalSupplyERC721;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) private _ownerOf;

    event Transfer(address indexed from, address indexed to, uint256 amount);
    event ERC721Transfer(address indexed from, address indexed to, uint256 indexed id);

    error NotOwner(address caller, uint256 id);
    error SupplyExhausted(uint256 max);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 maxNfts) Ownable(msg.sender) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        maxTotalSupplyERC721 = maxNfts;
    }

    function ownerOf(uint256 id) public view returns (address) { return _ownerOf[id]; }

    function transferFrom(address from, address to, uint256 valueOrId) external {
        if (_ownerOf[valueOrId] != from || from != msg.sender) revert NotOwner(msg.sender, valueOrId);
        uint256 unit = 10 ** decimals;
        balanceOf[from] -= unit;
        balanceOf[to] += unit;
        _ownerOf[valueOrId] = to;
        emit ERC721Transfer(from, to, valueOrId);
        emit Transfer(from, to, unit);
    }

    function mint(address to, uint256 id) external onlyOwner {
        if (totalSupply / 10 ** decimals >= maxTotalSupplyERC721) revert SupplyExhausted(maxTotalSupplyERC721);
        uint256 unit = 10 ** decimals;
        totalSupply += unit;
        balanceOf[to] += unit;
        _ownerOf[id] = to;
        emit ERC721Transfer(address(0), to, id);
        emit Transfer(address(0), to, unit);
    }
}
`,
    },
    imports: [OWNABLE],
  };
}
