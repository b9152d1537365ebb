import { useState, type ReactNode } from 'react';
import { TableScroller } from '../../components/TableScroller';
import { compareDutch } from '../../lib/format';

/** A small table of figures, its caption as its heading: the first column names the row, the others are numbers unless `text` says so. */
export function SimpleTable({
  caption,
  head,
  rows,
  text = [],
  sortBy,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  text?: number[];
  /** Makes the headers sort buttons: each row's value per column (names in Dutch order, numbers most first), and the column sorted by first. */
  sortBy?: { values: (string | number)[][]; first: number };
}) {
  const align = (i: number) => (i && !text.includes(i) ? 'text-end' : undefined);
  const [sort, setSort] = useState(() => ({
    column: sortBy?.first ?? 0,
    descending: sortBy ? typeof sortBy.values[0]?.[sortBy.first] === 'number' : false,
  }));
  const order = rows.map((_, r) => r);
  if (sortBy) {
    const value = (r: number) => sortBy.values[r][sort.column];
    const compare = (a: number, b: number) => {
      const x = value(a);
      const y = value(b);
      return typeof x === 'number' && typeof y === 'number' ? x - y : compareDutch(String(x), String(y));
    };
    // Equal values keep the name order (the first column), whatever the direction.
    order.sort(
      (a, b) =>
        (sort.descending ? -compare(a, b) : compare(a, b)) || compareDutch(String(sortBy.values[a][0]), String(sortBy.values[b][0])),
    );
  }
  const choose = (column: number) =>
    setSort((now) =>
      now.column === column
        ? { column, descending: !now.descending }
        : { column, descending: typeof sortBy?.values[0]?.[column] === 'number' },
    );
  return (
    <TableScroller label={caption}>
      <table className="table table-sm">
        <caption className="caption-top h6 text-body">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th
                key={i}
                scope="col"
                className={align(i)}
                aria-sort={sortBy && sort.column === i ? (sort.descending ? 'descending' : 'ascending') : undefined}
              >
                {sortBy ? (
                  <button type="button" className="btn btn-link p-0 fw-semibold text-body sort-button" onClick={() => choose(i)}>
                    {h}
                    <span aria-hidden="true">{sort.column === i ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
                  </button>
                ) : (
                  h
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order
            .map((r) => rows[r])
            .map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i ? (
                    <td key={i} className={align(i)}>
                      {cell}
                    </td>
                  ) : (
                    <th key={i} scope="row" className="fw-normal">
                      {cell}
                    </th>
                  ),
                )}
              </tr>
            ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
