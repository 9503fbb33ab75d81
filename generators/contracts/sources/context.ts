/** What a source template is filled with. */
export interface SourceContext {
  /** The contract's name (a Solidity identifier). */
  readonly name: string;
  /** `0.8.24` and the like. */
  readonly pragma: string;
  readonly token: { readonly name: string; readonly symbol: string; readonly decimals: number } | null;
  /** A seeded choice among style variants (0, 1 or 2). */
  readonly variant: number;
  /** Author for the NatSpec header. */
  readonly author: string;
  /** One sentence of purpose, drawn per contract. */
  readonly blurb: string;
}

export interface SourceFile {
  readonly filePath: string;
  readonly sourceCode: string;
}

/** A template's output: the main file and the files it imports. */
export interface Source {
  readonly main: SourceFile;
  readonly imports: readonly SourceFile[];
}

export const header = (ctx: SourceContext, title: string) => `// SPDX-License-Identifier: MIT
pragma solidity ^${ctx.pragma};

/// @title ${title}
/// @author ${ctx.author}
/// @notice ${ctx.blurb}
`;
