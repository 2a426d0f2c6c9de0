export * from './files.ts'
export * from './ordering.ts'
export * from './users.ts'
