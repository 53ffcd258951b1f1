/**
 * Every column of a table, listed rather than `*`, so the statements reading them can be prepared (see
 * preparedStatements.ts): TypeScript refuses the list as soon as the table's type gains a column.
 */
export const allColumns =
  <Table>() =>
  <const Columns extends readonly (keyof Table & string)[]>(
    ...columns: Columns &
      ([Exclude<keyof Table, Columns[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof Table, Columns[number]> })
  ): Columns =>
    columns
