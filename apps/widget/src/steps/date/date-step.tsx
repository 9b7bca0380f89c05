import {
  addDays,
  availabilityHorizon,
  canContinueDate,
  dayAndMonth,
  groupAvailability,
  scanWindows,
  scheduleBlock,
  shouldLoadNextWeek,
  startOfWeek,
  type TimeRange,
  weekDays,
  weekLabel,
} from '@visita/domain/availability';
import {
  SECTOR_DAY_SHARE,
  TOO_MANY_HOLDS,
  TOO_MANY_HOLDS_FROM_NETWORK,
} from '@visita/domain/contract/api-errors';
import * as endpoints from '@visita/domain/contract/endpoints';
import { pathFor } from '@visita/domain/contract/endpoint';
import { calendarDateIn, toIsoDate } from '@visita/domain/validators/birth-date';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, serverMessageOr } from '../../api/http.ts';
import { bookingViewKey, rescheduleBooking } from '../../api/manage-booking.ts';
import type { BookingView } from '@visita/domain/contract/manage-booking';
import { reportFailure } from '../../api/report-error.ts';
import { availabilityQuery, scheduleAppointmentBlock } from '../../api/scheduling.ts';
import { RESCHEDULED_TOAST } from '../../copy/manage-booking.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import {
  ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE,
  BLOCK_SELECTION_FAILED_MESSAGE,
  CONTINUE_BUTTON,
  DATE_STEP_TITLE,
  LOADING_AVAILABILITY_MESSAGE,
  NEXT_WEEK_LABEL,
  NO_AVAILABILITY_MESSAGE,
  PREVIOUS_WEEK_LABEL,
  SELECT_BLOCK_MESSAGE,
  SELECT_DAY_LABEL,
  SELECT_TIME_LABEL,
  SELECTED_SLOT_LABEL,
  slotSummary,
  WEEKDAYS_LONG,
  WEEKDAYS_SHORT,
} from '../../copy/date.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useCart, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { FormError, Spinner, StepHeading } from '../../ui/form.tsx';
import { onRovingKeyDown } from '../../ui/roving-focus.ts';
import { useToast } from '../../components/toaster.tsx';
import { availabilityItems } from '../../flow/availability-items.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { useStepCopy } from '../../copy/use-step-copy.ts';
import { BLOCK_TAKEN_MESSAGE } from './copy.ts';

type Availability = Record<string, TimeRange[]>;

const blockKey = (day: string, range: TimeRange) => `${day} ${range.begin_time}`;

/** The refusals of docs/decisions/free-confirmations.md, each with its own Spanish text. */
const HOLD_BOUNDS = [TOO_MANY_HOLDS, TOO_MANY_HOLDS_FROM_NETWORK, SECTOR_DAY_SHARE];

/** A refusal people meet in normal use (the time taken meanwhile, too many holds): not reported. */
const isRefusal = (error: unknown) =>
  error instanceof HttpError && (error.status === 409 || error.status === 429);

function weekdayIndex(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return (new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay() + 6) % 7;
}

/** 'Fecha y hora de atención': week strip, time grid, schedule call. */
export function DateStep() {
  const stores = useWidgetStores();
  const context = useRequestContext();
  const toast = useToast();
  const { next } = useNavigation();
  const appointmentId = useSession((state) => state.appointmentId);
  const managingBooking = useSession((state) => state.managingBooking);
  const queryClient = useQueryClient();
  const address = useSession((state) => state.addressData);
  const countryCode = useSession((state) => state.countryCode);
  const items = useCart((state) => state.cart.items);
  const extraServiceIds = usePartnerProfile().rules.extra_service_ids;
  const text = useStepCopy('date', { title: DATE_STEP_TITLE, cta: CONTINUE_BUTTON });

  const today = useMemo(
    () => toIsoDate(calendarDateIn(new Date(), COUNTRY_TIME_ZONES[countryCode])),
    [countryCode],
  );
  const horizon = useMemo(() => availabilityHorizon(today), [today]);
  const firstWeek = startOfWeek(today);

  const [weekStart, setWeekStart] = useState(firstWeek);
  const [availability, setAvailability] = useState<Availability>({});
  const [loadingWeeks, setLoadingWeeks] = useState(0);
  const [initialDone, setInitialDone] = useState(false);
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const [selectedRange, setSelectedRange] = useState<TimeRange | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Set once a time the person chose was refused as taken: said on the step until another is held. */
  const [taken, setTaken] = useState(false);
  const requested = useRef(new Set<string>());
  /** Times refused as taken: never offered again here, whatever a later answer says. */
  const refused = useRef(new Set<string>());
  const timesGroup = useRef<HTMLDivElement>(null);
  const daysGroup = useRef<HTMLDivElement>(null);
  const focusTimes = useRef(false);

  const missing = !appointmentId || !address;
  const request = useMemo(
    () =>
      appointmentId && address
        ? {
            appointmentId,
            country: address.country,
            locality: address.commune,
            region: address.region,
            items: availabilityItems({ items }, extraServiceIds),
          }
        : null,
    [appointmentId, address, items, extraServiceIds],
  );

  /** Loads the blocks from `fromDate` (a week start, or today) and merges them in. */
  const loadFrom = useCallback(
    async (fromDate: string, signal?: AbortSignal): Promise<Availability> => {
      if (!request) return {};
      requested.current.add(startOfWeek(fromDate));
      setLoadingWeeks((count) => count + 1);
      try {
        // Always asked afresh (a block taken a minute ago must not be offered); the cache only
        // merges the same week asked twice at once.
        const answer = await queryClient.fetchQuery(
          availabilityQuery({ ...request, fromDate: fromDate < today ? today : fromDate }, context),
        );
        if (signal?.aborted) return {};
        const grouped = groupAvailability(
          answer.data.filter(
            (entry) => entry.date <= horizon.to && !refused.current.has(blockKey(entry.date, entry)),
          ),
        );
        setAvailability((current) => ({ ...current, ...grouped }));
        return grouped;
      } catch (error) {
        // Errors are reported, nothing returned.
        reportFailure('availability', pathFor(endpoints.availability), error);
        return {};
      } finally {
        setLoadingWeeks((count) => count - 1);
      }
    },
    [request, context, today, horizon.to, queryClient],
  );

  // The current week and the following one; if nothing, up to 5 weekly windows from today.
  // The first time, the first available day (and its first time) is picked and its week shown.
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    void (async () => {
      let found: Availability = {
        ...(await loadFrom(today, controller.signal)),
        ...(await loadFrom(addDays(firstWeek, 7), controller.signal)),
      };
      if (Object.keys(found).length === 0) {
        for (const window of scanWindows(today).slice(2)) {
          if (controller.signal.aborted) return;
          found = await loadFrom(window, controller.signal);
          if (Object.keys(found).length > 0) break;
        }
      }
      if (controller.signal.aborted) return;
      setInitialDone(true);
      const first = Object.keys(found)
        .filter((day) => (found[day]?.length ?? 0) > 0)
        .sort()[0];
      if (!first) return;
      setWeekStart(startOfWeek(first));
      setSelectedDay(first);
      setSelectedRange(found[first]?.[0] ?? null);
      const nextWeek = shouldLoadNextWeek(first, today, requested.current);
      if (nextWeek) void loadFrom(nextWeek);
    })();
    return () => controller.abort();
    // Only once per appointment and address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const days = weekDays(weekStart);
  const hasAvailability = Object.values(availability).some((ranges) => ranges.length > 0);
  const loading = loadingWeeks > 0;

  const selectDay = useCallback(
    (day: string) => {
      setSelectedDay(day);
      setSelectedRange(availability[day]?.[0] ?? null);
      const nextWeek = shouldLoadNextWeek(day, today, requested.current);
      if (nextWeek) void loadFrom(nextWeek);
    },
    [availability, today, loadFrom],
  );

  const previousArrow = useRef<HTMLButtonElement>(null);
  const nextArrow = useRef<HTMLButtonElement>(null);
  const goToWeek = (start: string, direction: 'previous' | 'next') => {
    // Browsing weeks changes no choice: the chosen day and time stay chosen (and said in the
    // summary) until the person picks another, even while another week is shown.
    setWeekStart(start);
    if (!requested.current.has(start) && start <= horizon.to) void loadFrom(start);
    // The arrow just pressed is disabled on the first and the last week: the focus goes to the
    // other one rather than to the page.
    const atEdge = direction === 'next' ? addDays(start, 7) > horizon.to : start <= firstWeek;
    if (atEdge) (direction === 'next' ? previousArrow : nextArrow).current?.focus();
  };

  /**
   * After a hold or a move was refused: a time taken meanwhile (409) leaves the list at once and
   * for good here, the day stays chosen with its next time if it has one (else the shown week's
   * first open day, else the first open day), the step says what happened and the focus goes to the times. The shown week
   * is asked again for what else went meanwhile.
   */
  const afterRefusal = (error: unknown, day: string, range: TimeRange) => {
    if (error instanceof HttpError && error.status === 409) {
      refused.current.add(blockKey(day, range));
      setTaken(true);
    }
    const left: Availability = {
      ...availability,
      [day]: (availability[day] ?? []).filter((other) => !refused.current.has(blockKey(day, other))),
    };
    setAvailability((current) => ({
      ...current,
      [day]: (current[day] ?? []).filter((other) => !refused.current.has(blockKey(day, other))),
    }));
    const open = (candidate: string) =>
      (left[candidate]?.length ?? 0) > 0 && candidate >= today && candidate <= horizon.to;
    const nextDay = open(day) ? day : (weekDays(weekStart).find(open) ?? Object.keys(left).sort().find(open));
    const shownWeek = nextDay ? startOfWeek(nextDay) : weekStart;
    setSelectedDay(nextDay ?? null);
    setSelectedRange(nextDay ? (left[nextDay]?.[0] ?? null) : null);
    setWeekStart(shownWeek);
    focusTimes.current = true;
    void loadFrom(shownWeek);
  };

  // After a refusal, once the list shows what is left: the focus on the chosen time (the first left).
  useEffect(() => {
    if (!focusTimes.current) return;
    focusTimes.current = false;
    const target =
      timesGroup.current?.querySelector<HTMLButtonElement>('[tabindex="0"]') ??
      daysGroup.current?.querySelector<HTMLButtonElement>('[tabindex="0"]');
    target?.focus();
  });

  const continueWithBlock = async () => {
    if (!appointmentId || !address) {
      toast('error', ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE, 5000);
      return;
    }
    if (!selectedDay || !selectedRange) {
      toast('error', SELECT_BLOCK_MESSAGE, 5000);
      return;
    }
    const block = scheduleBlock(selectedDay, selectedRange);
    setSubmitting(true);
    if (managingBooking) {
      // A confirmed visit moves in one step: no hold, no new payment; 'Tu reserva' shows it.
      try {
        const shown = queryClient.getQueryData<BookingView>(bookingViewKey(appointmentId));
        await rescheduleBooking(appointmentId, block, context, shown?.version);
        await queryClient.invalidateQueries({ queryKey: bookingViewKey(appointmentId) });
        toast('success', RESCHEDULED_TOAST, 5000);
        next();
      } catch (error) {
        if (!isRefusal(error))
          reportFailure('block-hold', pathFor(endpoints.rescheduleAppointment, { id: appointmentId }), error);
        toast('error', serverMessageOr(error, BLOCK_SELECTION_FAILED_MESSAGE), 5000);
        afterRefusal(error, selectedDay, selectedRange);
      } finally {
        setSubmitting(false);
      }
      return;
    }
    try {
      const held = await scheduleAppointmentBlock(
        appointmentId,
        { ...block, items: availabilityItems(stores.cart.getState().cart, extraServiceIds) },
        context,
      );
      setTaken(false);
      stores.session.getState().update({
        selectedBlock: { begin_date: held.begin_date, end_date: held.end_date },
        holdExpiresAt: held.expires_at,
      });
      next();
    } catch (error) {
      if (!isRefusal(error))
        reportFailure('block-hold', pathFor(endpoints.holdBlock, { id: appointmentId }), error);
      // A bound on what this browser or connection keeps: the server's text says what to do;
      // anything else (the block taken meanwhile, mostly) keeps the product's text.
      const tooManyHolds =
        error instanceof HttpError && HOLD_BOUNDS.some((bound) => bound.err === error.slug);
      toast(
        'error',
        tooManyHolds
          ? serverMessageOr(error, BLOCK_SELECTION_FAILED_MESSAGE)
          : BLOCK_SELECTION_FAILED_MESSAGE,
        5000,
      );
      afterRefusal(error, selectedDay, selectedRange);
    } finally {
      setSubmitting(false);
    }
  };

  const ranges = selectedDay ? (availability[selectedDay] ?? []) : [];
  // Each group is one Tab stop: its chosen button, else its first one that can be pressed.
  const dayOpen = (day: string) => (availability[day]?.length ?? 0) > 0 && day >= today && day <= horizon.to;
  const dayTabStop =
    selectedDay && days.includes(selectedDay) && dayOpen(selectedDay) ? selectedDay : days.find(dayOpen);
  const timeTabStop = selectedRange?.begin_time ?? ranges[0]?.begin_time;
  const previousDisabled = weekStart <= firstWeek;
  const nextDisabled = addDays(weekStart, 7) > horizon.to;

  return (
    <section className="visita-step" aria-labelledby="visita-date-title" aria-busy={loading}>
      <StepHeading id="visita-date-title">{text.title}</StepHeading>
      {text.subtitle ? <p className="visita-step__subtitle">{text.subtitle}</p> : null}
      {missing ? <FormError message={ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE} /> : null}
      <p className="visita-label" id="visita-date-day-label">
        {SELECT_DAY_LABEL}
      </p>
      {/* The one thing said when a week arrow is pressed: the loading text is not a live region
          (the section is aria-busy while loading), and browsing weeks leaves the chosen time,
          and so its summary, as it is. */}
      <p className="visita-step__subtitle" aria-live="polite">
        {weekLabel(weekStart)}
      </p>
      <div className="visita-week">
        <button
          type="button"
          className="visita-arrow"
          aria-label={PREVIOUS_WEEK_LABEL}
          ref={previousArrow}
          disabled={previousDisabled}
          onClick={() => goToWeek(addDays(weekStart, -7), 'previous')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div
          className="visita-week__days"
          role="group"
          aria-labelledby="visita-date-day-label"
          ref={daysGroup}
          onKeyDown={onRovingKeyDown}
        >
          {days.map((day) => {
            const available = (availability[day]?.length ?? 0) > 0;
            const index = weekdayIndex(day);
            return (
              <button
                key={day}
                type="button"
                className="visita-day"
                aria-pressed={selectedDay === day}
                aria-label={`${WEEKDAYS_LONG[index]} ${dayAndMonth(day)}`}
                tabIndex={day === dayTabStop ? 0 : -1}
                disabled={!available || day < today || day > horizon.to}
                onClick={() => selectDay(day)}
              >
                <span aria-hidden="true">{WEEKDAYS_SHORT[index]}</span>
                <span aria-hidden="true">{day.slice(8)}</span>
              </button>
            );
          })}
        </div>
        <button
          type="button"
          className="visita-arrow"
          aria-label={NEXT_WEEK_LABEL}
          ref={nextArrow}
          disabled={nextDisabled}
          onClick={() => goToWeek(addDays(weekStart, 7), 'next')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {loading ? (
        <p className="visita-step__subtitle">{LOADING_AVAILABILITY_MESSAGE}</p>
      ) : !hasAvailability && (initialDone || missing) ? (
        <p role="status" className="visita-step__subtitle">
          {NO_AVAILABILITY_MESSAGE}
        </p>
      ) : null}
      {taken ? (
        <p className="visita-error" id="visita-date-taken">
          {BLOCK_TAKEN_MESSAGE}
        </p>
      ) : null}
      {selectedDay && days.includes(selectedDay) && ranges.length > 0 ? (
        <>
          <p className="visita-label" id="visita-date-time-label">
            {SELECT_TIME_LABEL}
          </p>
          {/* Each time is read with its day: a screen reader that lands on '08:00 - 09:00' hears which day. */}
          <span id="visita-date-times-day" className="visita-visually-hidden">
            {`${WEEKDAYS_LONG[weekdayIndex(selectedDay)] ?? ''} ${dayAndMonth(selectedDay)}`}
          </span>
          <div
            className="visita-times"
            role="group"
            aria-labelledby="visita-date-time-label"
            ref={timesGroup}
            onKeyDown={onRovingKeyDown}
          >
            {ranges.map((range) => (
              <button
                key={range.begin_time}
                type="button"
                className="visita-time"
                aria-pressed={selectedRange?.begin_time === range.begin_time}
                aria-describedby={taken ? 'visita-date-times-day visita-date-taken' : 'visita-date-times-day'}
                tabIndex={range.begin_time === timeTabStop ? 0 : -1}
                onClick={() => setSelectedRange(range)}
              >
                {range.begin_time} - {range.end_time}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {selectedDay && selectedRange ? (
        <p className="visita-summary" aria-live="polite">
          <strong>{SELECTED_SLOT_LABEL}</strong>{' '}
          {slotSummary(
            WEEKDAYS_LONG[weekdayIndex(selectedDay)] ?? '',
            dayAndMonth(selectedDay),
            selectedRange.begin_time,
            selectedRange.end_time,
          )}
        </p>
      ) : null}
      <div className="visita-step__actions">
        {submitting ? <Spinner label={LOADING_AVAILABILITY_MESSAGE} /> : null}
        <button
          type="button"
          className="visita-button"
          disabled={!canContinueDate(hasAvailability, selectedRange)}
          // Busy, not disabled: a disabled button that has the focus drops it to the page.
          aria-disabled={submitting || undefined}
          aria-busy={submitting || undefined}
          onClick={() => {
            if (!submitting) void continueWithBlock();
          }}
        >
          {text.cta}
        </button>
      </div>
    </section>
  );
}
