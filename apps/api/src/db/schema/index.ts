export * from './files.ts'
export * from './users.ts'
