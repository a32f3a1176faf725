/**
 * The one time zone of the product (DESIGN.md "Time"): every calendar decision and every time
 * shown is in Korea Standard Time, whatever the device's or machine's zone. A module of its own
 * (no imports) so that code in the first-render bundle can name it without pulling date-fns in.
 */
export const KST_TIME_ZONE = 'Asia/Seoul';
