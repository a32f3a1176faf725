/**
 * Korean public holidays (issue #18 item 2) from @hyunbinseo/holidays-kr, which follows the
 * official gazette (관보) — never a hand-typed list. One lazily loaded chunk per year, kept for the
 * session. A year the library does not cover answers no holidays.
 */
import { queryOptions } from '@tanstack/react-query';
import { getHolidayPreset } from '@hyunbinseo/holidays-kr';

/** `YYYY-MM-DD` (KST) → the holiday names of that day. */
export type HolidayMap = Readonly<Record<string, readonly string[]>>;

/** The holidays of a year (`YYYY`); static data, fetched once. */
export const holidaysQuery = (year: string) =>
  queryOptions({
    queryKey: ['holidays-kr', year],
    queryFn: async (): Promise<HolidayMap> => {
      try {
        return await getHolidayPreset(year);
      } catch {
        return {};
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
