export * from './files.ts'
export * from './member.ts'
export * from './ordering.ts'
export * from './users.ts'
