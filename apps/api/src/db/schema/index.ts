export * from './users.ts'
