/**
 * Names shown to visitors and on public surfaces (issue #31 item 4: the home page's preview and
 * reviews, the share page) are masked as Korean services do: the first and last character stay,
 * the ones between become `*` — "박서연" → "박*연", "남궁민수" → "남**수"; two characters keep the
 * first ("김민" → "김*"); one character becomes "*". Surrounding spaces are dropped.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
