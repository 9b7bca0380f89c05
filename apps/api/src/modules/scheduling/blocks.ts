/**
 * One-hour arrival blocks from weekly shifts in a time zone's wall-clock time (* Scheduling). Offsets come from Intl.DateTimeFormat, so the zone rules are the runtime's
 * (IANA) ones: no library, and daylight-saving changes neither shift nor duplicate a block.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const BLOCK_MINUTES = 60;

/** 'HH:MM' (00:00 to 24:00) to minutes after midnight, or null when it is not a time. */
export function parseClock(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

export function formatClock(minutes: number): string {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** A local date and minute of the day as the contract writes them: 'YYYY-MM-DD HH:MM:SS'. */
export const formatLocalDateTime = (date: string, minutes: number) => `${date} ${formatClock(minutes)}:00`;

export interface LocalParts {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
  /** Minutes after local midnight. */
  minutes: number;
}

// Building a formatter is costly; availability formats thousands of instants per request.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the zone (an unknown one would throw a RangeError later). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date and time of an instant in a zone. */
export function localParts(instant: Date | number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: formatClock(hour * 60 + minute),
    minutes: hour * 60 + minute,
  };
}

/** The zone's offset from UTC at an instant, in minutes (Santiago in winter: -240). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const local = localParts(instant, timeZone);
  const [year, month, day] = local.date.split('-').map(Number);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) + local.minutes * MINUTE_MS;
  return Math.round((asUtc - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The UTC instant of a local wall-clock time, or null when that time does not exist (skipped
 * by a spring-forward change). A time that occurs twice (fall back) gives its first occurrence,
 * so a repeated hour yields one block, not two.
 */
export function localToInstant(date: string, minutes: number, timeZone: string): number | null {
  const [year, month, day] = date.split('-').map(Number);
  const wallAsUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) + minutes * MINUTE_MS;
  // Every offset in force within half a day either side: at most two around a change.
  const offsets = new Set(
    [-12 * HOUR_MS, 0, 12 * HOUR_MS].map((shift) => offsetMinutes(wallAsUtc + shift, timeZone)),
  );
  const expected = localParts(wallAsUtc, 'UTC');
  let first: number | null = null;
  for (const offset of offsets) {
    const candidate = wallAsUtc - offset * MINUTE_MS;
    const back = localParts(candidate, timeZone);
    if (back.date !== expected.date || back.minutes !== expected.minutes) continue;
    if (first === null || candidate < first) first = candidate;
  }
  return first;
}

/** ISO weekday of a 'YYYY-MM-DD' date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export interface Block {
  /** Local date and times in the shift's zone. */
  date: string;
  beginTime: string;
  endTime: string;
  /** UTC instants (ms): the block lasts one real hour from its start. */
  start: number;
  end: number;
  timeZone: string;
}

/**
 * The arrival blocks of a shift ('HH:MM' to 'HH:MM', end exclusive) on a local date: one per
 * hour from its start while the whole hour fits. Local times that do not exist that day are
 * left out; a repeated local hour is one block (its first occurrence).
 */
export function shiftBlocks(date: string, startsAt: string, endsAt: string, timeZone: string): Block[] {
  const from = parseClock(startsAt);
  const to = parseClock(endsAt);
  if (from === null || to === null) return [];
  const blocks: Block[] = [];
  for (let minutes = from; minutes + BLOCK_MINUTES <= to; minutes += BLOCK_MINUTES) {
    const start = localToInstant(date, minutes, timeZone);
    if (start === null) continue;
    blocks.push({
      date,
      beginTime: formatClock(minutes),
      endTime: formatClock(minutes + BLOCK_MINUTES),
      start,
      end: start + BLOCK_MINUTES * MINUTE_MS,
      timeZone,
    });
  }
  return blocks;
}

/**
 * Cached per (date, shift, zone), for the process: many nurses share a few shift patterns and
 * zone rules do not change while it runs. Bounded: cleared when it grows past a few months of
 * dates times many patterns.
 */
const sharedBlocks = new Map<string, Block[]>();
const SHARED_BLOCKS_MAX = 20_000;

export function createShiftBlockCache() {
  return (date: string, startsAt: string, endsAt: string, timeZone: string): Block[] => {
    const key = `${date}|${startsAt}|${endsAt}|${timeZone}`;
    let blocks = sharedBlocks.get(key);
    if (!blocks) {
      if (sharedBlocks.size >= SHARED_BLOCKS_MAX) sharedBlocks.clear();
      blocks = shiftBlocks(date, startsAt, endsAt, timeZone);
      sharedBlocks.set(key, blocks);
    }
    return blocks;
  };
}

/** An instant as the contract writes a block: 'YYYY-MM-DD HH:MM:SS' on the zone's wall clock. */
export function localDateTimeOf(instant: Date | number, timeZone: string): string {
  const parts = localParts(instant, timeZone);
  return formatLocalDateTime(parts.date, parts.minutes);
}
