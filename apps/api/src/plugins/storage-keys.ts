/** bench/member-archive.ts imports the storage key format from this path; it lives with the storage adapters. */
export { newStorageKey } from './adapters/storage-keys.ts'
