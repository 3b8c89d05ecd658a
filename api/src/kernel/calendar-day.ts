/**
 * A DATE column's day as 'YYYY-MM-DD'. pg reads a date as local midnight, so the local fields,
 * not toISOString (which shifts it a day in any zone but UTC), are the day.
 */
export function calendarDay(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}
