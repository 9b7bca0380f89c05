/**
 * A sector's week at a glance: for seven local days, each nurse's booked blocks against the blocks
 * her shifts offer, and the sector's. Each day is the day view's own reading (three queries), so
 * the week and its days never disagree.
 */
import { addDays } from '@visita/domain/availability';
import type { consoleAgendaWeekAnswerSchema } from '@visita/domain/contract/console-agenda';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { type AgendaFilters, consoleAgendaDay } from './agenda.ts';

type AgendaWeek = z.infer<typeof consoleAgendaWeekAnswerSchema>;

const WEEK_DAYS = 7;

export async function consoleAgendaWeek(
  db: Db,
  catalogue: CatalogueSnapshot,
  request: { sectorId: string; date: string; filters: AgendaFilters; now: Date },
): Promise<AgendaWeek> {
  const dates = Array.from({ length: WEEK_DAYS }, (_, index) => addDays(request.date, index));
  const days: Array<Awaited<ReturnType<typeof consoleAgendaDay>>> = [];
  for (const date of dates) days.push(await consoleAgendaDay(db, catalogue, { ...request, date }));
  const names = new Map<string, string>();
  for (const day of days) for (const nurse of day.nurses) names.set(nurse.id, nurse.name);
  return {
    sector: days[0]?.sector ?? { id: request.sectorId, name: '', time_zone: '' },
    days: days.map((day) => ({
      date: day.date,
      booked: day.load.reduce((sum, block) => sum + block.booked, 0),
      capacity: day.load.reduce((sum, block) => sum + block.capacity, 0),
      visits: day.nurses.reduce(
        (sum, nurse) => sum + nurse.blocks.filter((block) => block.state === 'booked' && block.visit).length,
        0,
      ),
    })),
    nurses: [...names]
      .map(([id, name]) => ({
        id,
        name,
        days: days.map((day) => {
          const nurse = day.nurses.find((candidate) => candidate.id === id);
          if (!nurse || nurse.blocks.length === 0) return null;
          return {
            booked: nurse.blocks.filter((block) => block.state === 'booked').length,
            capacity: nurse.blocks.length,
            visits: nurse.blocks.filter((block) => block.state === 'booked' && block.visit).length,
          };
        }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es')),
  };
}
