/**
 * A LIKE pattern matching text that starts with `term`, its wildcards escaped. Admin search (docs/decisions/016)
 * matches every field from its start so that each match is a range on a text_pattern_ops index (migration 0014).
 */
export const startsWith = (term: string) => `${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
