import { Select, type SelectProps } from 'antd';

/** The part of a useAdminTable a filter control needs. */
export interface FilteredTable<F extends string> {
  filterValue: (name: F) => string;
  setFilterValues: (changes: Partial<Record<F, string | null>>) => void;
}

/**
 * A select over one filter of an admin table: its first option is 'all', which stands for the
 * filter unset (an unset filter shows as 'all'; choosing 'all' removes the filter from the URL).
 * Choosing goes back to page 1 (useAdminTable.setFilterValues).
 */
export function FilterSelect<F extends string>({
  table,
  name,
  label,
  options,
  width,
  ...rest
}: {
  table: FilteredTable<F>;
  /** The filter, as the API and the URL name it. */
  name: F;
  label: string;
  options: { value: string; label: string }[];
  width: number;
} & Pick<SelectProps, 'showSearch' | 'optionFilterProp'>) {
  return (
    <Select
      aria-label={label}
      value={table.filterValue(name) || 'all'}
      options={options}
      onChange={(value: string) => table.setFilterValues({ [name]: value } as Partial<Record<F, string>>)}
      style={{ width }}
      {...rest}
    />
  );
}
