// @ts-nocheck
// 
import type { Key } from 'react';
import type { TableRowSelection } from 'antd/es/table/interface';

/**
 * Row checkboxes with a select-all in the header, each with an accessible name (antd's have none,
 * which screen readers announce as a bare "checkbox").
 */
export function rowSelection<T>(
  selected: Key[],
  onChange: (keys: Key[]) => void,
  describe: (row: T) => string,
): TableRowSelection<T> {
  return {
    selectedRowKeys: selected,
    onChange,
    getCheckboxProps: (row: T) => ({ 'aria-label': `Select ${describe(row)}` }) as never,
    getTitleCheckboxProps: () => ({ 'aria-label': 'Select all rows on this page' }),
  };
}
