import type { Key } from 'react';
import type { CheckboxProps } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';

/** A row checkbox's props with its accessible name (antd passes it on to the input; its type omits it). */
type LabelledCheckbox = Partial<Omit<CheckboxProps, 'checked' | 'defaultChecked'>> & { 'aria-label': string };

const labelled = (label: string): LabelledCheckbox => ({ 'aria-label': label });

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
    getCheckboxProps: (row: T) => labelled(`Select ${describe(row)}`),
    getTitleCheckboxProps: () => ({ 'aria-label': 'Select all rows on this page' }),
  };
}
