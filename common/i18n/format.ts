/** Fills `{name}` placeholders: format('{n}개', { n: 3 }) === '3개'. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
