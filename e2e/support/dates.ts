/** A calendar day `days` from today in the browser's zone (the zone the user signed up with). */
export function dayFromToday(days: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + days));
  return day.toISOString().slice(0, 10);
}

/** How the app shows a calendar day: "Mar 10, 2025". */
export function shown(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
