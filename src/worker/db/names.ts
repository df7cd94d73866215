/** IndexedDB database names, apart from the Dexie schemas so the worker's entry can use them alone. */
export const META_DB_NAME = 'cairn-meta';
export const vaultDbName = (vaultId: string) => `cairn-vault-${vaultId}`;
