/** The package version (a test keeps it equal to package.json's). */
export const VERSION = '0.1.0';

/** What the node calls itself (`web3_clientVersion`, `hardhat_metadata`'s `clientVersion`). */
export const CLIENT_VERSION = `explorer-mock/v${VERSION}`;
