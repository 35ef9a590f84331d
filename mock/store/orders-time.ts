const OFFSET_MINUTES = -180;
const DAY_MS = 86_400_000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO 8601 timestamp with the -03:00 offset the reference's examples use. */
export function isoWithOffset(epochMs: number, offsetMinutes = OFFSET_MINUTES): string {
  const local = new Date(epochMs + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.000`;
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Epoch milliseconds `days` (fractions allowed) before `now`, on a whole second. */
export function daysBefore(now: Date, days: number): number {
  return Math.floor((now.getTime() - days * DAY_MS) / 1000) * 1000;
}

export const MINUTE_MS = 60_000;
export { DAY_MS };
