/**
 * A value converted to another unit carries no more precision than was printed (decision 196):
 * glucose printed 5.4 mmol/L is 97 mg/dL on the chart, not 97.29. The decimals printed, shifted
 * by the conversion's order of magnitude (×18 takes one decimal away, ÷18 gives one back); a value
 * not converted is kept as printed.
 */
export function printedDecimals(printed: number): number {
  const m = /\.(\d+)$/.exec(String(printed));
  return m ? m[1].length : 0;
}

export function toPrintedPrecision(converted: number, printed: number): number {
  if (converted === printed || printed === 0 || converted === 0) return converted;
  const shift = Math.round(Math.log10(Math.abs(converted / printed)));
  const decimals = Math.min(Math.max(printedDecimals(printed) - shift, 0), 12);
  return Number.parseFloat(converted.toFixed(decimals));
}
