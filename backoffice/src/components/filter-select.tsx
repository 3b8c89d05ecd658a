import { Select, type SelectProps } from 'antd';

/** The part of a useUrlList a filter control needs. */
interface FilteredList<F extends string> {
  state: { filters: Record<F, string> };
  setFilters: (changes: Partial<Record<F, string>>) => void;
}

/**
 * A select over one filter of a URL list: its first option is 'all', which stands for the filter
 * unset (an empty URL value shows as 'all'; choosing 'all' removes the filter from the URL).
 * Choosing goes back to page 1 (useUrlList.setFilters).
 */
export function FilterSelect<F extends string>({
  list,
  name,
  label,
  options,
  width,
  ...rest
}: {
  list: FilteredList<F>;
  /** The filter, as the API and the URL name it. */
  name: F;
  label: string;
  options: { value: string; label: string }[];
  width: number;
} & Pick<SelectProps, 'showSearch' | 'optionFilterProp'>) {
  return (
    <Select
      aria-label={label}
      value={list.state.filters[name] || 'all'}
      options={options}
      onChange={(value: string) => list.setFilters({ [name]: value } as Partial<Record<F, string>>)}
      style={{ width }}
      {...rest}
    />
  );
}
