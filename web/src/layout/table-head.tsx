import type { ReactNode } from 'react';

/** A table's head row: one column header per label, in order. */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((label, i) => (
          <th key={i} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
