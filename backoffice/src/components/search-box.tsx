import { useEffect, useState, type CSSProperties } from 'react';
import { Input } from 'antd';

/**
 * A search box over a filter that lives in the URL: typing edits the box only, Enter (or the
 * search button) applies it. Back/forward (or a shared link) changes the URL: the box follows it.
 * `keep` cleans what is typed (the report-id box takes digits only); without it the applied value
 * is trimmed.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
  style,
  keep,
  numeric,
}: {
  /** The filter's value in the URL. */
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
  style?: CSSProperties;
  keep?: (typed: string) => string;
  numeric?: boolean;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      placeholder={placeholder}
      aria-label={label}
      allowClear
      inputMode={numeric ? 'numeric' : undefined}
      value={text}
      onChange={(event) => setText(keep ? keep(event.target.value) : event.target.value)}
      onSearch={(typed) => onSearch(keep ? keep(typed) : typed.trim())}
      style={style}
    />
  );
}
