export * from './key-vault.ts';
export * from './secret-box.ts';
export * from './secrets-key.ts';
export * from './share-tokens.ts';
