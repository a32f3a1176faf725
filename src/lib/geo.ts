/** "300m", "1km", "1.5km" (SPEC §9 distance toggles and the venue list). */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)}m`;
  const km = Math.round(metres / 100) / 10;
  return `${Number.isInteger(km) ? km : km.toFixed(1)}km`;
}
