/**
 * @file The rows of a query (SQL console, Cypher console, search Path 1) as a data table: one
 * column per name, at most `maxRows` rows, cells as short text (cellText); rows that stand for a
 * node can be clicked to select it.
 * Runs in: the main thread.
 */
import type { Row } from '../../core/pipeline/repoService.ts';
import { cellText } from '../data/cypherResults.ts';

export interface ResultTableProps {
  columns: readonly string[];
  rows: readonly Row[];
  maxRows: number;
  /** Cells longer than this are cut (default cellText's). */
  maxChars?: number;
  /** Show each cell's text as its tooltip too (narrow panels). */
  cellTitles?: boolean;
  /** The node a row stands for, if any: such rows are clickable and call `onSelect`. */
  rowNode?: (row: Row) => number | null;
  onSelect?: (id: number) => void;
}

export function ResultTable({ columns, rows, maxRows, maxChars, cellTitles = false, rowNode, onSelect }: ResultTableProps) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, maxRows).map((row, i) => {
          const id = rowNode && onSelect ? rowNode(row) : null;
          return (
            <tr key={i} className={id === null ? undefined : 'clickable'} onClick={id === null ? undefined : () => onSelect?.(id)} title={id === null ? undefined : 'Select this node'}>
              {columns.map((c) => {
                const text = cellText(row[c], maxChars);
                return (
                  <td key={c} className="mono" title={cellTitles ? text : undefined}>
                    {text}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
